import type { Metadata } from 'next'

import { changelogFeedPath, newsFeedPath } from '@/lib/news/paths'
import type { Product } from '@/lib/news/products'

type Alternates = NonNullable<Metadata['alternates']>['types']

/** `<link rel="alternate">` for the news feeds, so readers find them from any news page. */
export const newsFeedAlternates = (title: string): Alternates => ({
  'application/rss+xml': [{ url: newsFeedPath('rss'), title }],
  'application/atom+xml': [{ url: newsFeedPath('atom'), title }],
})

/** The feeds of one product's changelog, or of every product when none is chosen. */
export const changelogFeedAlternates = (products: readonly Product[], titleOf: (p: Product) => string): Alternates => ({
  'application/rss+xml': products.map((p) => ({ url: changelogFeedPath(p, 'rss'), title: titleOf(p) })),
  'application/atom+xml': products.map((p) => ({ url: changelogFeedPath(p, 'atom'), title: titleOf(p) })),
})
