import type { ProjectPageData } from '@/lib/data/page-project'
import { imageUrl } from '@/lib/data/page-project'

import type { GalleryItem } from './types'

/** The project's gallery pictures as the public pages show them (those without a file left out). */
export const galleryItems = (data: ProjectPageData): GalleryItem[] =>
  data.gallery
    .map((image) => ({
      id: image.id,
      title: image.title ?? null,
      description: image.description ?? null,
      alt: image.alt || image.title || data.project.title,
      thumb: imageUrl(image, 'card') ?? '',
      full: imageUrl(image, 'large') ?? '',
      original: imageUrl(image, 'full') ?? '',
      featured: !!image.featured,
      width: image.width ?? null,
      height: image.height ?? null,
    }))
    .filter((i) => i.full)
