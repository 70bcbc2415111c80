import { AsyncLocalStorage } from 'node:async_hooks'

import { processState } from '../state'

/**
 * What a request's page was made of, for the whole-page cache (./pageCache.ts, src/server/pageCache.ts):
 * the tags of every cached public read it made, and whether anything on it came from elsewhere.
 *
 * The page cache may keep a rendered page only when every piece of data on it came through a tagged
 * read (`cachedRead` on the shared cache): then the tags collected here name every document
 * the page shows, and invalidating any of them drops the page too. Any read that bypassed the cache
 * (the cache is off, the viewer is signed in, a read answered "nothing", so no tag could name it)
 * marks the request uncacheable.
 *
 * The storage is process-wide state (src/lib/state.ts): Next's bundles and the server's esbuild
 * bundle each load this module, and all must see the one collector of a request.
 */
export type PageCollector = {
  /** Tags of every tagged read the request made (hits and loads). */
  readonly tags: Set<string>
  /** Tagged reads made (hits and loads). */
  reads: number
  /** Why the page may not be kept; null while it may. */
  uncacheable: string | null
  /** The earliest time (epoch ms) something on the page changes by the clock alone; null: none. */
  expiresAt: number | null
}

const storage = (): AsyncLocalStorage<PageCollector> => processState('pageCacheCollector', () => new AsyncLocalStorage<PageCollector>())

export const newPageCollector = (): PageCollector => ({ tags: new Set(), reads: 0, uncacheable: null, expiresAt: null })

/** Runs `fn` with `collector` as the current request's collector (everything it starts, too). */
export function collectPage<T>(collector: PageCollector, fn: () => T): T {
  return storage().run(collector, fn)
}

/** The current request's collector, if it has one. */
export const currentPageCollector = (): PageCollector | undefined => storage().getStore()

/** A tagged read served (from the cache or loaded): the page shows what `tags` name, until `expiresAt` if given. */
export function notePageTags(tags: readonly string[], expiresAt?: number): void {
  const collector = storage().getStore()
  if (!collector) return
  collector.reads += 1
  for (const tag of tags) collector.tags.add(tag)
  if (expiresAt !== undefined && (collector.expiresAt === null || expiresAt < collector.expiresAt)) collector.expiresAt = expiresAt
}

/** Something on the page did not come through a tagged read: the page must not be kept. */
export function markPageUncacheable(reason: string): void {
  const collector = storage().getStore()
  if (collector && collector.uncacheable === null) collector.uncacheable = reason
}
