import type { Payload } from 'payload'

import { refreshAfterWrite } from '../refreshAfterWrite'

import { dateKeyOf } from './changelogDates'
import { CHANGELOG_PATH, changelogEntryPath, changelogFeedPath, NEWS_PATH, newsArticlePath, newsFeedPath } from './paths'
import { isProduct } from './products'

/*
 * The public pages that show news or the changelog, refreshed when an article or entry is published,
 * changed while published, unpublished or deleted (the collections' hooks call these).
 *
 * What it does today: every one of these routes is `force-dynamic` and reads the database on each
 * request (there is no data or full-route cache to purge), so a visitor never sees a stale copy
 * whether or not this runs. Refreshing (src/lib/refreshAfterWrite.ts) still drops the router cache of the browser that
 * saved, and keeps these pages right the day one of them is cached.
 *
 * When: Next records the paths during the request and applies them when the route handler or server
 * action has finished, i.e. after Payload committed the write. Outside a Next request (the job that
 * publishes a scheduled article, the seed, tests) there is no Next cache to refresh: it is skipped.
 */

const SITE_PAGES_WITH_NEWS = ['/', '/app', '/sitemap.xml']

export function newsPaths(slugs: (string | null | undefined)[]): string[] {
  const articles = [...new Set(slugs.filter((s): s is string => !!s))].map(newsArticlePath)
  return [NEWS_PATH, ...articles, newsFeedPath('rss'), newsFeedPath('atom'), ...SITE_PAGES_WITH_NEWS]
}

export function changelogPaths(entries: { product?: string | null; date?: string | null }[]): string[] {
  const paths = [CHANGELOG_PATH]
  for (const { product, date } of entries) {
    if (!isProduct(product)) continue
    paths.push(changelogFeedPath(product, 'rss'), changelogFeedPath(product, 'atom'))
    if (date) paths.push(changelogEntryPath(product, dateKeyOf(date)))
  }
  return [...new Set(paths)]
}

const outsideNextRequest = (err: unknown) => err instanceof Error && /static generation store missing/.test(err.message)

/** Marks `paths` stale in Next's caches; a no-op outside a Next request (see above). */
export function refreshPaths(payload: Payload, paths: string[]): void {
  try {
    refreshAfterWrite(...paths.map((page) => ({ page })))
  } catch (err) {
    if (outsideNextRequest(err)) payload.logger.debug({ msg: 'No Next request: nothing to revalidate', paths })
    else payload.logger.error({ err, msg: 'Could not revalidate news pages', paths })
  }
}
