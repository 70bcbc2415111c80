import type { Payload } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { changelogPaths, newsPaths, refreshPaths } from '../../src/lib/news/revalidate'

describe('pages refreshed when news is published', () => {
  it('an article: the list, its page (old and new slug), the feeds and the pages with news', () => {
    expect(newsPaths(['new-slug', 'old-slug', 'new-slug', null])).toEqual([
      '/news', '/news/article/new-slug', '/news/article/old-slug', '/news/feed/rss.xml', '/news/feed/atom.xml', '/', '/app', '/sitemap.xml',
    ])
  })

  it("a changelog entry: the changelog, its day's page and its product's feeds", () => {
    expect(changelogPaths([{ product: 'app', date: '2026-03-04T12:00:00.000Z' }, { product: 'toaster', date: null }])).toEqual([
      '/news/changelog', '/news/changelog/app/feed/rss.xml', '/news/changelog/app/feed/atom.xml', '/news/changelog/app/2026-03-04',
    ])
  })

  it('outside a Next request (a job, the seed) refreshes nothing and does not fail the write', () => {
    const logger = { debug: vi.fn(), error: vi.fn() }
    expect(() => refreshPaths({ logger } as unknown as Payload, ['/news'])).not.toThrow()
    expect(logger.debug).toHaveBeenCalledOnce()
    expect(logger.error).not.toHaveBeenCalled()
  })
})
