'use client'

import { useTranslations } from 'next-intl'
import type { MouseEvent } from 'react'

import { Lightbox } from './gallery/Lightbox'
import type { GalleryItem } from './gallery/types'
import { useLightbox } from './gallery/useLightbox'

export type { GalleryItem } from './gallery/types'

/**
 * The gallery grid: each picture is a link to the full image (works without scripts); with scripts
 * it opens the lightbox.
 */
export function Gallery({ items }: { items: GalleryItem[] }) {
  const t = useTranslations('Project.gallery')
  const lightbox = useLightbox(items.length)

  const onOpen = (e: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    lightbox.open(i, e.currentTarget)
  }

  return (
    <>
      <ul className="gallery-grid">
        {items.map((item, i) => (
          <li key={item.id} className="gallery-card">
            <a href={item.full} className="gallery-card__link" onClick={(e) => onOpen(e, i)} aria-label={t('open', { title: item.title || item.alt })}>
              <img src={item.thumb} alt={item.alt} loading={i < 4 ? 'eager' : 'lazy'} decoding="async" width={640} height={360} />
            </a>
            <div className="gallery-card__text">
              <p className="gallery-card__title">
                {item.title || item.alt}
                {item.featured ? <span className="gallery-card__featured">{t('featured')}</span> : null}
              </p>
              {item.description ? <p className="gallery-card__description">{item.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {lightbox.index !== null ? <Lightbox items={items} index={lightbox.index} onMove={lightbox.move} onClose={lightbox.close} /> : null}
    </>
  )
}
