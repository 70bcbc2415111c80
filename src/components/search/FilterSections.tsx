'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useTransition } from 'react'

import { FilterOption } from './FilterOption'
import { SearchIcon } from '@/components/site/icons'
import type { SidebarData } from './filterRows'

/** A click that the browser would follow in this tab to a page of this site. */
function softTarget(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const anchor = (event.target as Element | null)?.closest?.('a')
  if (!anchor || !anchor.href || anchor.target || anchor.hasAttribute('download')) return null
  return new URL(anchor.href).origin === window.location.origin ? anchor : null
}

/**
 * The filter sidebar, drawn from `sidebarData`: tri-state categories, loaders and game versions;
 * environment and license toggles. Its links are plain anchors (they work before and without
 * JavaScript); once hydrated, one listener turns their clicks into client navigations that keep the
 * scroll position, as `<Link scroll={false}>` did, without a Link component per row.
 */
export function FilterSections({ data }: { data: SidebarData }) {
  const ref = useRef<HTMLDivElement>(null)
  const router = useRouter()
  const [, startTransition] = useTransition()
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const onClick = (event: MouseEvent) => {
      const anchor = softTarget(event)
      if (!anchor) return
      event.preventDefault()
      const url = new URL(anchor.href)
      startTransition(() => router.push(`${url.pathname}${url.search}`, { scroll: false }))
    }
    root.addEventListener('click', onClick)
    return () => root.removeEventListener('click', onClick)
  }, [router])

  const { text } = data
  return (
    <div className="filter-sidebar" ref={ref}>
      {data.clear ? (
        <a href={data.clear.href} className="filter-sidebar__clear">
          <SearchIcon name="close" size={16} />
          {data.clear.label}
        </a>
      ) : null}
      {data.sections.map((section) => (
        <details key={section.id} className="filter-section" open>
          <summary className="filter-section__summary" id={`${section.id}-title`}>
            <span className="filter-section__title">{section.title}</span>
          </summary>
          <ul className={section.scroll ? 'filter-section__list filter-section__list--scroll' : 'filter-section__list'} aria-labelledby={`${section.id}-title`}>
            {section.rows.length ? (
              section.rows.map((row) => <FilterOption key={row.label} row={row} text={text} />)
            ) : section.empty ? (
              <li className="filter-section__empty">{section.empty}</li>
            ) : null}
          </ul>
          {section.action ? (
            <a href={section.action.href} className="filter-section__action">
              {section.action.label}
            </a>
          ) : null}
        </details>
      ))}
    </div>
  )
}
