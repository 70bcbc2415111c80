import { formatNumber } from '@/lib/format'
import { displayProjectType, projectPath } from '@/lib/search/displayType'
import type { SearchHit } from '@/lib/search/query'

/**
 * What one result card shows, worked out on the server and nothing more: the card is a client
 * component (ResultCard), so these props are all the page's RSC payload carries for it — not its
 * markup a second time. Texts arrive formatted; no translation or date logic runs in the browser.
 */
export type CardData = {
  /** The project's id (the add-to-collection button's). */
  id: string
  href: string
  /** The type the project is shown as (`data-type`). */
  type: string
  title: string
  /** The card's colour: the project's own, else one made from its id. */
  accent: string
  /** The gallery image (shown in the gallery view). */
  image?: string
  icon?: string
  /** "by {author}". */
  author?: string
  summary: string
  /** [tag name, its label, 1 when it is a loader]. */
  tags: CardTag[]
  /** "4.73M downloads", "86.6k followers". */
  downloads: string
  follows: string
  /** The date shown (updated, or published when sorted by newest): ISO, as text, and in full for the tooltip. */
  date: string
  dateText: string
  dateTitle: string
}

export type CardTag = [name: string, label: string, loader?: 1]

export type CardText = {
  by: (author: string) => string
  downloads: (formatted: string, count: number) => string
  follows: (formatted: string, count: number) => string
  /** "Updated 3 days ago" (or "Published …" when sorted by newest). */
  date: (iso: string) => string
  fullDate: (iso: string) => string
  tagLabel: (name: string) => string
}

export type CardContext = {
  loaderNames: ReadonlySet<string>
  /** Loaders worth naming on this page's cards (not `minecraft` on resource packs: there is no other). */
  shownLoaders: ReadonlySet<string>
  locale: string
  showPublished: boolean
  text: CardText
}

/** A colour of the project (its `color`, else one made from its id) for cards without a gallery image. */
export function accentOf(hit: Pick<SearchHit, 'color' | 'project_id'>): string {
  if (hit.color != null) return `#${(hit.color & 0xffffff).toString(16).padStart(6, '0')}`
  let h = 0
  for (const ch of hit.project_id) h = (h * 31 + ch.charCodeAt(0)) % 360
  return `hsl(${h} 55% 45%)`
}

/** The card of one search hit. */
export function cardData(hit: SearchHit, { loaderNames, shownLoaders, locale, showPublished, text }: CardContext): CardData {
  const image = hit.featured_gallery ?? hit.gallery[0] ?? null
  const date = showPublished ? hit.date_created : hit.date_modified
  const tags = hit.display_categories
    .filter((tag) => !loaderNames.has(tag) || shownLoaders.has(tag))
    .map((tag): CardTag => (loaderNames.has(tag) ? [tag, text.tagLabel(tag), 1] : [tag, text.tagLabel(tag)]))
  return {
    id: hit.project_id,
    href: projectPath(hit.project_type, hit.categories, hit.slug),
    type: displayProjectType(hit.project_type, hit.categories),
    title: hit.title,
    accent: accentOf(hit),
    ...(image ? { image } : {}),
    ...(hit.icon_url ? { icon: hit.icon_url } : {}),
    ...(hit.author ? { author: text.by(hit.author) } : {}),
    summary: hit.description,
    tags,
    downloads: text.downloads(formatNumber(hit.downloads, locale), hit.downloads),
    follows: text.follows(formatNumber(hit.follows, locale), hit.follows),
    date,
    dateText: text.date(date),
    dateTitle: text.fullDate(date),
  }
}
