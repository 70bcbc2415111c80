import type { Payload, PayloadRequest } from 'payload'

import { afterCommit } from '../db/afterCommit'
import { connectionConfig, sqlPool } from '../db/sql'
import { env } from '../env'
import { processState } from '../state'
import { notifyInvalidation, startInvalidationBus, type InvalidationBus } from './bus'
import { markPageUncacheable } from './collector'
import { PageCache } from './pageCache'
import { TagCache, type Loaded } from './store'

export { cacheTags } from './tags'
export { cacheKeys } from './keys'
export type { Loaded } from './store'
export { collectPage, currentPageCollector, markPageUncacheable, newPageCollector, type PageCollector } from './collector'
export type { CachedPage } from './pageCache'

/**
 * The cache of public reads, one per process. It is process-wide state (src/lib/state.ts) because
 * this process loads our code more than once (each Next route bundle, the `/v2` server): all copies
 * must share one cache and one listener, or an invalidation heard by one copy would miss the others.
 *
 * It serves only while this process listens for invalidations (./bus.ts): scripts, tests and an
 * instance whose listening connection is down read the database every time.
 *
 * Environment: `CACHE_ENABLED=false` turns it off; `CACHE_MAX_ENTRIES` (default 5000) bounds it;
 * `CACHE_TTL_SECONDS` (default 300) is the safety net for a write made outside the application
 * (hand-written SQL), which no hook announces.
 */
type State = { cache: TagCache; bus: InvalidationBus | null; pages?: PageCache; id: string }

function state(): State {
  return processState<State>('publicReadCache', () => ({
    cache: new TagCache({
      maxEntries: env.cacheMaxEntries(),
      ttlMs: env.cacheTtlMs(),
    }),
    bus: null,
    id: crypto.randomUUID(),
  }))
}

/**
 * The whole-page cache (./pageCache.ts; used by src/server/pageCache.ts), one per process beside the
 * public-read cache: every invalidation of that cache (after a commit here, or heard from another
 * instance) and every emptying of it drops the pages labelled with those tags too.
 *
 * Environment: `PAGE_CACHE_TTL_SECONDS` (default 60), `PAGE_CACHE_MAX_ENTRIES` (default 1000),
 * `PAGE_CACHE_MAX_MB` (default 64).
 */
export function pageCache(): PageCache {
  const s = state()
  if (!s.pages) {
    const pages = new PageCache({
      maxEntries: env.pageCacheMaxEntries(),
      maxBytes: env.pageCacheMaxBytes(),
      ttlMs: env.pageCacheTtlMs(),
    })
    s.cache.onInvalidate((tags) => pages.invalidate(tags))
    s.pages = pages
  }
  return s.pages
}

export const cacheEnabled = (): boolean => env.cacheEnabled() && state().bus?.listening === true

/** Starts listening for invalidations (once per process); the cache serves from then on. */
export function startPublicReadCache(payload: Payload): InvalidationBus | null {
  const s = state()
  if (!env.cacheEnabled()) return null
  if (s.bus) return s.bus
  s.bus = startInvalidationBus({ connection: connectionConfig(payload), cache: s.cache, logger: payload.logger, self: s.id })
  return s.bus
}

/** Stops listening (tests, shutdown); the cache is off again and emptied. */
export async function stopPublicReadCache(): Promise<void> {
  const s = state()
  const bus = s.bus
  s.bus = null
  s.cache.clear()
  await bus?.close()
}

/**
 * The mechanism under `cachedRead`: a read every visitor may see, cached under `key` with the tags
 * `load` names (null, "nothing to show", is not cached). Reads elsewhere go through `cachedRead`,
 * which decides from the viewer whether the shared copy may serve.
 */
export async function publicRead<T>(key: string, load: () => Promise<Loaded<T> | null>, options: { name?: boolean } = {}): Promise<T | null> {
  if (!cacheEnabled()) {
    markPageUncacheable('the public-read cache is off')
    return (await load())?.value ?? null
  }
  return state().cache.get(key, load, options)
}

/** Many public reads at once (see TagCache.getMany); without the cache, `loadMissing` reads them all. */
export async function publicReadMany<T>(keys: readonly string[], loadMissing: (missing: string[]) => Promise<Map<string, Loaded<T>>>, options: { copy?: boolean; name?: boolean } = {}): Promise<Map<string, T>> {
  if (!cacheEnabled()) {
    markPageUncacheable('the public-read cache is off')
    return new Map([...(await loadMissing([...new Set(keys)]))].map(([key, entry]) => [key, entry.value]))
  }
  return state().cache.getMany(keys, loadMissing, options)
}

/**
 * After the write of `req` commits: drops the tagged entries here and tells every other instance.
 * Rolled-back writes announce nothing.
 */
export async function invalidateAfterCommit(req: Pick<PayloadRequest, 'payload' | 'transactionID'>, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return
  await afterCommit(req, () => invalidateNow(req.payload, tags))
}

/** For writes made outside Payload's operations (counters in SQL): they are committed already. */
export async function invalidateNow(payload: Payload, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return
  const s = state()
  s.cache.invalidate(tags)
  const pool = sqlPool(payload)
  await notifyInvalidation((text, values) => pool.query(text, values), tags, s.id)
}

/** Hits, misses and size, for the bench. */
export const publicReadStats = () => ({ ...state().cache.stats, names: { ...state().cache.stats.names }, size: state().cache.size, enabled: cacheEnabled() })

/**
 * How one read is kept: under `key` (named in ./keys.ts, one entry per document and shape), dropped
 * when any of `tags(value)` is announced (./tags.ts). Declared once, beside the read.
 */
export type CachePolicy<T> = { key: string; tags: (value: T) => readonly string[] }

/**
 * The one way a read in `src/lib/data` (or a `/v2` handler) is cached: `load` as `viewer` sees it,
 * kept across requests only for anonymous viewers, whose view is everyone's; a signed-in viewer
 * always reads afresh, since what they may see depends on who they are. `load` answers null for
 * "nothing to show", which is not kept.
 */
export async function cachedRead<T>(viewer: { user: unknown }, policy: CachePolicy<T>, load: () => Promise<T | null>): Promise<T | null> {
  if (viewer.user) {
    markPageUncacheable('read as a signed-in viewer')
    return load()
  }
  return publicRead(policy.key, async () => {
    const value = await load()
    return value === null ? null : { value, tags: policy.tags(value) }
  })
}

/** `cachedRead` for many ids at once: each id's entry is the single read's (`key(id)`, `tags`). */
export type CacheManyPolicy<T> = { key: (id: string) => string; tags: (value: T, id: string) => readonly string[] }

/**
 * `cachedRead` for many ids at once (the `?ids=` batch reads): for anonymous viewers every id is
 * looked up in one go and the misses are loaded by one `loadMissing` call, each kept under the key
 * and tags of the matching single read, so either fills the other and one write drops both.
 * Signed-in viewers read everything afresh. `loadMissing` answers the ids it found; an id it leaves
 * out is "nothing to show" and is not kept (as a single read's null).
 */
export async function cachedReadMany<T>(
  viewer: { user: unknown },
  policy: CacheManyPolicy<T>,
  ids: readonly string[],
  loadMissing: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  if (viewer.user) {
    markPageUncacheable('read as a signed-in viewer')
    return loadMissing(unique)
  }
  const idOfKey = new Map(unique.map((id) => [policy.key(id), id]))
  const found = await publicReadMany([...idOfKey.keys()], async (missing) => {
    const loaded = await loadMissing(missing.map((key) => idOfKey.get(key)!))
    return new Map([...loaded].map(([id, value]) => [policy.key(id), { value, tags: policy.tags(value, id) }]))
  })
  if (found.size < unique.length) markPageUncacheable(`${policy.key('…')}: nothing to cache for some ids`)
  return new Map([...found].map(([key, value]) => [idOfKey.get(key)!, value]))
}

/**
 * A read of a document by any of its names (id, slug, username, in any letter case): one entry per
 * document, kept under its id (`key(id)`), and a small entry per name asked for that holds the id
 * (`alias(name)`). Both carry the document's tags, so a write (a new slug too) drops both.
 */
export type NamedCachePolicy<T> = { key: (id: string) => string; alias: (name: string) => string; idOf: (value: T) => string; tags: (value: T) => readonly string[] }

/** `cachedRead` of a document by one of its names (see NamedCachePolicy); `load` takes a name or the id. */
export async function cachedReadByName<T>(viewer: { user: unknown }, policy: NamedCachePolicy<T>, name: string, load: (name: string) => Promise<T | null>): Promise<T | null> {
  if (viewer.user) {
    markPageUncacheable('read as a signed-in viewer')
    return load(name)
  }
  let loaded: T | null = null
  const id = await publicRead<string>(policy.alias(name), async () => {
    loaded = await load(name)
    return loaded === null ? null : { value: policy.idOf(loaded), tags: policy.tags(loaded) }
  }, { name: true })
  if (id === null) return null
  return publicRead<T>(policy.key(id), async () => {
    const value = loaded ?? (await load(id))
    return value === null ? null : { value, tags: policy.tags(value) }
  })
}

/**
 * `cachedReadMany` by names: the names' ids in one look-up, the documents in another, and the
 * names not yet known loaded by one `loadMissing` call (which also fills their documents' entries).
 * The entries are the single read's, so either fills the other.
 */
export async function cachedReadManyByName<T>(
  viewer: { user: unknown },
  policy: NamedCachePolicy<T>,
  names: readonly string[],
  loadMissing: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const unique = [...new Set(names)]
  if (unique.length === 0) return new Map()
  if (viewer.user) {
    markPageUncacheable('read as a signed-in viewer')
    return loadMissing(unique)
  }
  const loaded = new Map<string, T>()
  const nameOfAlias = new Map(unique.map((name) => [policy.alias(name), name]))
  const ids = await publicReadMany<string>([...nameOfAlias.keys()], async (missing) => {
    const found = await loadMissing(missing.map((alias) => nameOfAlias.get(alias)!))
    return new Map(
      [...found].map(([name, value]) => {
        loaded.set(policy.idOf(value), value)
        return [policy.alias(name), { value: policy.idOf(value), tags: policy.tags(value) }] as const
      }),
    )
  }, { name: true })
  const idOfKey = new Map([...new Set(ids.values())].map((id) => [policy.key(id), id]))
  const docs = await publicReadMany<T>([...idOfKey.keys()], async (missing) => {
    const missingIds = missing.map((key) => idOfKey.get(key)!)
    const unread = missingIds.filter((id) => !loaded.has(id))
    if (unread.length) for (const value of (await loadMissing(unread)).values()) loaded.set(policy.idOf(value), value)
    return new Map(missingIds.flatMap((id) => {
      const value = loaded.get(id)
      return value === undefined ? [] : [[policy.key(id), { value, tags: policy.tags(value) }] as const]
    }))
  })
  const found = new Map<string, T>()
  for (const name of unique) {
    const id = ids.get(policy.alias(name))
    const doc = id === undefined ? undefined : docs.get(policy.key(id))
    if (doc !== undefined) found.set(name, doc)
  }
  if (found.size < unique.length) markPageUncacheable(`${policy.key('…')}: nothing to cache for some names`)
  return found
}
