import { QuickCollect } from '@/components/collections/QuickCollect'
import { SmartLink } from '@/components/site/SmartLink'
import { formatNumber } from '@/lib/format'
import { displayProjectType, projectPath } from '@/lib/search/displayType'
import type { SearchHit } from '@/lib/search/query'
import { tagIconClass } from '@/lib/search/tagIcons'

import { SearchIcon } from './icons'
import { SpriteIcon } from './SearchSprite'

export type CardText = {
  by: (author: string) => string
  downloads: (formatted: string, count: number) => string
  follows: (formatted: string, count: number) => string
  /** "Updated 3 days ago" (or "Published …" when sorted by newest). */
  date: (iso: string) => string
  fullDate: (iso: string) => string
  tagLabel: (name: string) => string
  tagsLabel: string
}

type Props = {
  hit: SearchHit
  loaderNames: ReadonlySet<string>
  /** Loaders worth naming on this page's cards (not `minecraft` on resource packs: there is no other). */
  shownLoaders: ReadonlySet<string>
  locale: string
  showPublished: boolean
  text: CardText
  headingLevel?: 'h2' | 'h3'
  /** Cards at the top of the page load their images at once (they are in the first screenful). */
  eager?: boolean
  /** Same for the gallery image, when the page opens in the gallery view (elsewhere it is hidden: lazy, it is never fetched). */
  eagerMedia?: boolean
}

/** A colour of the project (its `color`, else one made from its id) for cards without a gallery image. */
function accentOf(hit: SearchHit): string {
  if (hit.color != null) return `#${(hit.color & 0xffffff).toString(16).padStart(6, '0')}`
  let h = 0
  for (const ch of hit.project_id) h = (h * 31 + ch.charCodeAt(0)) % 360
  return `hsl(${h} 55% 45%)`
}

/**
 * One search result. The same markup serves the list, grid and gallery views (the list around it
 * says which); the gallery image is lazy, so it is only fetched where the gallery view shows it.
 */
export function ResultCard({ hit, loaderNames, shownLoaders, locale, showPublished, text, headingLevel: Heading = 'h2', eager = false, eagerMedia = false }: Props) {
  const href = projectPath(hit.project_type, hit.categories, hit.slug)
  const type = displayProjectType(hit.project_type, hit.categories)
  const image = hit.featured_gallery ?? hit.gallery[0] ?? null
  const date = showPublished ? hit.date_created : hit.date_modified
  const tags = hit.display_categories.filter((tag) => !loaderNames.has(tag) || shownLoaders.has(tag))
  return (
    <article className="result-card" style={{ ['--accent' as string]: accentOf(hit) }} data-type={type}>
      <div className="result-card__media" aria-hidden="true">
        {image ? <img src={image} alt="" loading={eagerMedia ? 'eager' : 'lazy'} decoding="async" width={640} height={360} /> : null}
      </div>
      <div className="result-card__icon" aria-hidden="true">
        {hit.icon_url ? <img src={hit.icon_url} alt="" width={96} height={96} loading={eager ? 'eager' : 'lazy'} decoding="async" /> : <SearchIcon name="box" size={36} />}
      </div>
      <div className="result-card__head">
        <Heading className="result-card__title">
          <SmartLink href={href} className="result-card__link">
            {hit.title}
          </SmartLink>
        </Heading>
        {hit.author ? <p className="result-card__author">{text.by(hit.author)}</p> : null}
      </div>
      <p className="result-card__summary">{hit.description}</p>
      {tags.length ? (
        <ul className="result-card__tags" aria-label={text.tagsLabel}>
          {tags.map((tag) => {
            const isLoader = loaderNames.has(tag)
            return (
              <li key={tag} className="result-tag" data-loader={isLoader || undefined}>
                <span className={`tag-icon ${tagIconClass(isLoader ? 'loader' : 'category', tag)}`} aria-hidden="true" />
                {text.tagLabel(tag)}
              </li>
            )
          })}
        </ul>
      ) : null}
      <ul className="result-card__stats">
        <li className="result-card__stat result-card__stat--downloads">
          <SpriteIcon name="download" />
          {text.downloads(formatNumber(hit.downloads, locale), hit.downloads)}
        </li>
        <li className="result-card__stat">
          <SpriteIcon name="heart" />
          {text.follows(formatNumber(hit.follows, locale), hit.follows)}
        </li>
        <li className="result-card__stat result-card__stat--date">
          <SpriteIcon name="clock" />
          <time dateTime={date} title={text.fullDate(date)}>
            {text.date(date)}
          </time>
        </li>
        <li className="result-card__stat">
          <QuickCollect projectId={hit.project_id} title={hit.title} />
        </li>
      </ul>
    </article>
  )
}
