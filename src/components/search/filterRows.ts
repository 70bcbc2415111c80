import type { SearchIconName } from '@/components/site/icons'

/**
 * What the filter sidebar shows, worked out on the server: labels, modes, counts and the two links
 * of each row. The sidebar is a client component (FilterSections) drawn from this, so the page's RSC
 * payload carries these rows rather than the sidebar's markup a second time (sidebarData.ts builds
 * them). This module is what the browser gets: types and one helper, none of the search logic.
 */
export type FilterRow = {
  label: string
  /** Absent: off. */
  mode?: 'include' | 'exclude'
  count: number
  /** Where the row itself leads: including the value, or turning it off. */
  include: string
  /** Where the exclude button leads; without it the row is a plain on/off toggle. */
  exclude?: string
  /** A tag icon's class (tag-icons.css), or one of the search icons. */
  icon?: string
  glyph?: SearchIconName
}

export type FilterSection = {
  /** The section's id (its title is `${id}-title`). */
  id: string
  title: string
  rows: FilterRow[]
  /** A long list in a scrolling box. */
  scroll?: true
  /** A link under the list (show or hide snapshots). */
  action?: { href: string; label: string }
  /** Shown when `rows` is empty. */
  empty?: string
}

export type SidebarText = {
  included: string
  excluded: string
  /** "Exclude {label}", "Stop excluding {label}": `{label}` is replaced by the row's label. */
  exclude: string
  unexclude: string
  /** "3 results" for each count some row shows. */
  counts: Record<number, string>
}

export type SidebarData = { clear?: { href: string; label: string }; sections: FilterSection[]; text: SidebarText }

/** Puts a row's label into a template of SidebarText. */
export const fillLabel = (template: string, label: string): string => template.replace('{label}', () => label)
