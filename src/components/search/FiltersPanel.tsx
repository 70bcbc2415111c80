'use client'

import { useState, type ReactNode } from 'react'

import { SearchIcon } from './icons'

type Props = { label: string; showLabel: string; hideLabel: string; count: number; children: ReactNode }

/**
 * The filter sidebar. On narrow screens it collapses behind a toggle button (a disclosure); it stays
 * open across filter changes so several can be picked in a row. Without JavaScript the button is
 * hidden and the filters are always shown (see the noscript style in SearchPage).
 */
export function FiltersPanel({ label, showLabel, hideLabel, count, children }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="filters-toggle button button--secondary" aria-expanded={open} aria-controls="search-filters" onClick={() => setOpen(!open)}>
        <SearchIcon name="filter" size={18} />
        {open ? hideLabel : showLabel}
        {count > 0 ? <span className="filters-toggle__count">{count}</span> : null}
      </button>
      <aside id="search-filters" className="search-sidebar" data-open={open} aria-label={label}>
        {children}
      </aside>
    </>
  )
}
