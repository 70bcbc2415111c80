import { cache } from 'react'

import { currentViewer } from '@/lib/data/currentViewer'
import { getChangelogEntry, getLegalPage, getNewsArticle } from '@/lib/data/news'
import type { Product } from '@/lib/news/products'

/** Per-request loaders: generateMetadata and the page share one read (React `cache` lasts one request). */
export const viewer = cache(currentViewer)

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export const loadArticle = cache(async (slug: string, preview: boolean) => getNewsArticle(await viewer(), safeDecode(slug), { preview }))
export const loadChangelogEntry = cache(async (product: Product, dateKey: string, previewId?: string) => getChangelogEntry(await viewer(), product, dateKey, { previewId }))
export const loadLegalPage = cache(async (slug: string) => getLegalPage(await viewer(), safeDecode(slug)))
