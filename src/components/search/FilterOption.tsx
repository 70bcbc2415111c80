import Link from 'next/link'
import type { ReactNode } from 'react'

import type { FilterMode } from '@/lib/search/siteFilters'

import { SearchIcon } from './icons'
import { SpriteIcon } from './SearchSprite'

type Props = {
  label: string
  /** Icon (already decorative) shown before the label. */
  icon?: ReactNode
  mode: FilterMode
  /** Where the row itself leads: including the value, or turning it off. */
  includeHref: string
  /** Where the exclude action leads; without it the row is a plain on/off toggle. */
  excludeHref?: string
  count?: number
  text: { included: string; excluded: string; count: string; exclude: string; unexclude: string }
}

/**
 * One tri-state filter row: the row link includes the value (or turns it off again) and the ban
 * button next to it excludes it. Both are plain links, so the sidebar works without JavaScript and
 * the back button walks through the choices.
 */
export function FilterOption({ label, icon, mode, includeHref, excludeHref, count, text }: Props) {
  const empty = mode === 'off' && count === 0
  return (
    <li className="filter-option" data-mode={mode} data-empty={empty || undefined}>
      <Link href={includeHref} prefetch={false} scroll={false} className="filter-option__include">
        <span className="filter-option__box" aria-hidden="true">
          {mode === 'include' ? <SearchIcon name="check" size={14} /> : mode === 'exclude' ? <SearchIcon name="minus" size={14} /> : null}
        </span>
        {icon}
        <span className="filter-option__label">{label}</span>
        {mode !== 'off' ? <span className="visually-hidden">({mode === 'include' ? text.included : text.excluded})</span> : null}
        {count !== undefined && mode !== 'exclude' ? (
          <span className="filter-option__count">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{text.count}</span>
          </span>
        ) : null}
      </Link>
      {excludeHref ? (
        <Link
          href={excludeHref}
          prefetch={false}
          scroll={false}
          className="filter-option__exclude"
          aria-label={mode === 'exclude' ? text.unexclude : text.exclude}
          title={mode === 'exclude' ? text.unexclude : text.exclude}
        >
          <SpriteIcon name="ban" />
        </Link>
      ) : null}
    </li>
  )
}
