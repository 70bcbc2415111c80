'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'

import { PIcon } from './icons'

export type GalleryItem = {
  id: string
  title: string | null
  description: string | null
  alt: string
  thumb: string
  full: string
  original: string
  featured: boolean
  width: number | null
  height: number | null
}

/**
 * The gallery grid and its lightbox: each picture is a link to the full image (works without
 * scripts); with scripts it opens a modal viewer. Arrow keys move between pictures, Escape closes,
 * focus stays in the viewer and returns to the picture it was opened from.
 */
export function Gallery({ items }: { items: GalleryItem[] }) {
  const t = useTranslations('Project.gallery')
  const [index, setIndex] = useState<number | null>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const open = index !== null
  const current = open ? items[index] : null

  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])

  const close = () => {
    setIndex(null)
    opener.current?.focus()
  }
  const move = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + items.length) % items.length))

  const onOpen = (e: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    opener.current = e.currentTarget
    setIndex(i)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (e.key === 'ArrowRight') {
      e.preventDefault()
      move(1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      move(-1)
    } else if (e.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, a[href]')]
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault()
        first.focus()
      }
    }
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
      {current && index !== null ? (
        <div className="lightbox" role="dialog" aria-modal="true" aria-label={t('dialogLabel')} ref={dialog} onKeyDown={onKeyDown}>
          <div className="lightbox__backdrop" onClick={close} aria-hidden="true" />
          <figure className="lightbox__figure">
            <img src={current.full} alt={current.alt} className="lightbox__image" />
            <figcaption className="lightbox__caption">
              <span className="lightbox__title">{current.title || current.alt}</span>
              {current.description ? <span className="lightbox__description">{current.description}</span> : null}
              <span className="lightbox__position" aria-live="polite">
                {t('position', { index: index + 1, total: items.length })}
              </span>
            </figcaption>
          </figure>
          <div className="lightbox__controls">
            <button type="button" ref={closeButton} className="icon-button lightbox__button" onClick={close} aria-label={t('close')}>
              <PIcon name="close" size={22} />
            </button>
            <a href={current.original} className="icon-button lightbox__button" target="_blank" rel="noopener" aria-label={t('openOriginal')}>
              <PIcon name="external" size={20} />
            </a>
          </div>
          {items.length > 1 ? (
            <>
              <button type="button" className="icon-button lightbox__nav lightbox__nav--prev" onClick={() => move(-1)} aria-label={t('previous')}>
                <PIcon name="chevronLeft" size={26} />
              </button>
              <button type="button" className="icon-button lightbox__nav lightbox__nav--next" onClick={() => move(1)} aria-label={t('next')}>
                <PIcon name="chevronRight" size={26} />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
