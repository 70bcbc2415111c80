'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, type ReactNode } from 'react'

import { Lightbox } from './Lightbox'
import type { GalleryItem } from './types'
import { useLightbox } from './useLightbox'

const pathOf = (url: string): string => decodeURI(new URL(url, window.location.href).pathname)

/** The gallery picture an image shows (any of its sizes), by its index in `items`, or -1. */
function galleryIndexOf(img: HTMLImageElement, items: GalleryItem[]): number {
  const path = pathOf(img.currentSrc || img.src)
  return items.findIndex((item) => [item.thumb, item.full, item.original].some((url) => url && pathOf(url) === path))
}

/**
 * Wraps a project's description: its pictures that are gallery pictures open the lightbox, by
 * click or (they become buttons) by keyboard. Pictures inside links keep their link.
 */
export function DescriptionGallery({ items, children }: { items: GalleryItem[]; children: ReactNode }) {
  const t = useTranslations('Project.gallery')
  const root = useRef<HTMLDivElement>(null)
  const lightbox = useLightbox(items.length)
  const { open } = lightbox

  useEffect(() => {
    const container = root.current
    if (!container || !items.length) return
    const pictures = [...container.querySelectorAll('img')].filter((img) => !img.closest('a') && galleryIndexOf(img, items) >= 0)
    for (const img of pictures) {
      img.tabIndex = 0
      img.setAttribute('role', 'button')
      img.setAttribute('aria-label', t('open', { title: img.alt || items[galleryIndexOf(img, items)].alt }))
      img.classList.add('description-gallery__image')
    }
    const target = (event: Event) => {
      const img = event.target instanceof HTMLImageElement ? event.target : null
      return img && pictures.includes(img) ? img : null
    }
    const onClick = (event: MouseEvent) => {
      const img = target(event)
      if (!img) return
      event.preventDefault()
      open(galleryIndexOf(img, items), img)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const img = target(event)
      if (!img || (event.key !== 'Enter' && event.key !== ' ')) return
      event.preventDefault()
      open(galleryIndexOf(img, items), img)
    }
    container.addEventListener('click', onClick)
    container.addEventListener('keydown', onKeyDown)
    return () => {
      container.removeEventListener('click', onClick)
      container.removeEventListener('keydown', onKeyDown)
    }
  }, [items, open, t])

  return (
    <div ref={root}>
      {children}
      {lightbox.index !== null ? <Lightbox items={items} index={lightbox.index} onMove={lightbox.move} onClose={lightbox.close} /> : null}
    </div>
  )
}
