import { fillLabel, type FilterRow, type SidebarText } from './filterRows'
import { SearchIcon } from '@/components/site/icons'

/**
 * One tri-state filter row: the row link includes the value (or turns it off again) and the ban
 * button next to it excludes it. Both are plain links, so the sidebar works without JavaScript and
 * the back button walks through the choices (with JavaScript, FilterSections makes them client
 * navigations). The ban icon is CSS (search.css); `data-mode` is absent while the row is off.
 */
export function FilterOption({ row, text }: { row: FilterRow; text: SidebarText }) {
  const mode = row.mode ?? 'off'
  const empty = mode === 'off' && row.count === 0
  const excludeLabel = row.exclude ? fillLabel(mode === 'exclude' ? text.unexclude : text.exclude, row.label) : ''
  return (
    <li className="filter-option" data-mode={row.mode} data-empty={empty || undefined}>
      <a href={row.include} className="filter-option__include">
        <span className="filter-option__box">{mode === 'include' ? <SearchIcon name="check" size={14} /> : mode === 'exclude' ? <SearchIcon name="minus" size={14} /> : null}</span>
        {row.icon ? <span className={`tag-icon ${row.icon}`} /> : row.glyph ? <SearchIcon name={row.glyph} size={16} className="filter-option__glyph" /> : null}
        <span className="filter-option__label">{row.label}</span>
        {mode !== 'off' ? <span className="visually-hidden">({mode === 'include' ? text.included : text.excluded})</span> : null}
        {mode !== 'exclude' ? (
          <span className="filter-option__count">
            <span aria-hidden="true">{row.count}</span>
            <span className="visually-hidden">{text.counts[row.count]}</span>
          </span>
        ) : null}
      </a>
      {/* Named by its title (the tooltip), which assistive technology reads as the link's name. */}
      {row.exclude ? <a href={row.exclude} className="filter-option__exclude" title={excludeLabel} /> : null}
    </li>
  )
}
