'use client'

import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

import { SearchIcon } from '@/components/site/icons'

/** Where the layout turns to one column and the filters go behind their button (search.css). */
const NARROW = '(max-width: 900px)'

type Props = {
  /** The sidebar's landmark name ("Search filters"). */
  label: string
  /** The sidebar's heading, and the button that opens it on narrow screens ("Filters"). */
  title: string
  closeLabel: string
  showResultsLabel: string
  /** The current result count, formatted ("1,234 results"): shown in the panel's footer. */
  resultsText: string
  /** How many filters are on: a badge on the button. */
  count: number
  children: ReactNode
}

/** Makes everything outside `keep` inert (unreachable by focus, pointer and screen readers); returns the undo. */
function inertOutside(keep: Element): () => void {
  const made: Element[] = []
  for (let node: Element | null = keep; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
  }
  return () => made.forEach((el) => el.removeAttribute('inert'))
}

/**
 * The filter sidebar. On wide screens it sits beside the results. On narrow ones it is hidden behind
 * a "Filters" button that opens it as a modal panel (the rest of the page inert, Escape or "Show
 * results" closes it and focus returns to the button); it stays open across filter changes, so
 * several can be picked in a row while its footer shows the result count. Without JavaScript the
 * button is hidden and the filters are always shown (see the noscript style in SearchPage).
 */
export function FiltersPanel({ label, title, closeLabel, showResultsLabel, resultsText, count, children }: Props) {
  const [open, setOpen] = useState(false)
  const [narrow, setNarrow] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const modal = open && narrow

  useEffect(() => {
    const query = window.matchMedia(NARROW)
    const update = () => {
      setNarrow(query.matches)
      if (!query.matches) setOpen(false)
    }
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])

  useEffect(() => {
    const panel = panelRef.current
    const toggle = toggleRef.current
    if (!modal || !panel) return
    const undoInert = inertOutside(panel.parentElement ?? panel)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      undoInert()
      // Back to the button that opened it (still there: a wider window shows the sidebar instead).
      if (window.matchMedia(NARROW).matches) toggle?.focus()
    }
  }, [modal])

  const close = () => setOpen(false)

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="filters-toggle button button--secondary"
        aria-haspopup="dialog"
        aria-expanded={modal}
        aria-controls="search-filters"
        onClick={() => setOpen(true)}
      >
        <SearchIcon name="filter" size={18} />
        {title}
        {count > 0 ? <span className="filters-toggle__count">{count}</span> : null}
      </button>
      <aside id="search-filters" className="search-sidebar" data-open={open} aria-label={label}>
        {modal ? <div className="search-sidebar__backdrop" aria-hidden="true" onClick={close} /> : null}
        <div
          ref={panelRef}
          className="search-sidebar__panel"
          role={modal ? 'dialog' : undefined}
          aria-modal={modal || undefined}
          aria-labelledby={modal ? titleId : undefined}
        >
          <div className="search-sidebar__head">
            <h2 id={titleId} className="search-sidebar__title">
              {title}
            </h2>
            <button ref={closeRef} type="button" className="icon-button search-sidebar__close" aria-label={closeLabel} onClick={close}>
              <SearchIcon name="close" size={18} />
            </button>
          </div>
          {children}
          <div className="search-sidebar__footer">
            <p className="search-sidebar__count" role="status">
              {resultsText}
            </p>
            <button type="button" className="button button--primary" onClick={close}>
              {showResultsLabel}
            </button>
          </div>
        </div>
      </aside>
    </>
  )
}
