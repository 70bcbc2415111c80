'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, type KeyboardEvent } from 'react'

import { PIcon } from '@/components/site/icons'
import type { GalleryItem } from './types'

type Props = { items: GalleryItem[]; index: number; onMove: (delta: number) => void; onClose: () => void }

/**
 * The modal picture viewer shared by every place gallery pictures appear (the gallery tab, pictures
 * in a project's description). Arrow keys move between pictures, Escape closes, focus stays inside;
 * the caller returns focus to the picture it was opened from.
 */
export function Lightbox({ items, index, onMove, onClose }: Props) {
  const t = useTranslations('Project.gallery')
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const current = items[index]

  useEffect(() => {
    closeButton.current?.focus()
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
    } else if (e.key === 'ArrowRight') {
      e.preventDefault()
      onMove(1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      onMove(-1)
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
    <div className="lightbox" role="dialog" aria-modal="true" aria-label={t('dialogLabel')} ref={dialog} onKeyDown={onKeyDown}>
      <div className="lightbox__backdrop" onClick={onClose} aria-hidden="true" />
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
        <button type="button" ref={closeButton} className="icon-button lightbox__button" onClick={onClose} aria-label={t('close')}>
          <PIcon name="close" size={22} />
        </button>
        <a href={current.original} className="icon-button lightbox__button" target="_blank" rel="noopener" aria-label={t('openOriginal')}>
          <PIcon name="external" size={20} />
        </a>
      </div>
      {items.length > 1 ? (
        <>
          <button type="button" className="icon-button lightbox__nav lightbox__nav--prev" onClick={() => onMove(-1)} aria-label={t('previous')}>
            <PIcon name="chevronLeft" size={26} />
          </button>
          <button type="button" className="icon-button lightbox__nav lightbox__nav--next" onClick={() => onMove(1)} aria-label={t('next')}>
            <PIcon name="chevronRight" size={26} />
          </button>
        </>
      ) : null}
    </div>
  )
}
