'use client'

import { QuickCollect } from '@/components/collections/QuickCollect'
import { SmartLink } from '@/components/site/SmartLink'
import { tagIconClass } from '@/lib/search/tagIcons'

import type { CardData } from './cardData'
import { SearchIcon } from '@/components/site/icons'

type Props = {
  card: CardData
  tagsLabel: string
  headingLevel?: 'h2' | 'h3'
  /** Cards at the top of the page load their images at once (they are in the first screenful). */
  eager?: boolean
  /** Same for the gallery image, when the page shows the gallery view (elsewhere it is hidden: lazy, it is never fetched). */
  eagerMedia?: boolean
}

/**
 * One search result. The same markup serves the list, grid and gallery views (the list around it
 * says which); the gallery image is lazy, so it is only fetched where the gallery view shows it.
 * A client component drawn from `cardData` (texts already formatted), so the page's RSC payload
 * carries those few fields rather than the card's markup; the stat icons are CSS (search.css).
 */
export function ResultCard({ card, tagsLabel, headingLevel: Heading = 'h2', eager = false, eagerMedia = false }: Props) {
  return (
    <article className="result-card" style={{ ['--accent' as string]: card.accent }} data-type={card.type}>
      <div className="result-card__media" aria-hidden="true">
        {card.image ? <img src={card.image} alt="" loading={eagerMedia ? 'eager' : 'lazy'} decoding="async" width={640} height={360} /> : null}
      </div>
      <div className="result-card__icon" aria-hidden="true">
        {card.icon ? <img src={card.icon} alt="" width={96} height={96} loading={eager ? 'eager' : 'lazy'} decoding="async" /> : <SearchIcon name="box" size={36} />}
      </div>
      <div className="result-card__head">
        <Heading className="result-card__title">
          <SmartLink href={card.href} className="result-card__link">
            {card.title}
          </SmartLink>
        </Heading>
        {card.author ? <p className="result-card__author">{card.author}</p> : null}
      </div>
      <p className="result-card__summary">{card.summary}</p>
      {card.tags.length ? (
        <ul className="result-card__tags" aria-label={tagsLabel}>
          {card.tags.map(([name, label, loader]) => (
            <li key={name} className="result-tag" data-loader={loader ? true : undefined}>
              <span className={`tag-icon ${tagIconClass(loader ? 'loader' : 'category', name)}`} />
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="result-card__stats">
        <li className="result-card__stat result-card__stat--downloads">{card.downloads}</li>
        <li className="result-card__stat result-card__stat--follows">{card.follows}</li>
        <li className="result-card__stat result-card__stat--date">
          <time dateTime={card.date} title={card.dateTitle}>
            {card.dateText}
          </time>
        </li>
        <li className="result-card__stat">
          <QuickCollect projectId={card.id} title={card.title} />
        </li>
      </ul>
    </article>
  )
}
