import { LRUCache } from 'lru-cache'
import { TagIndex } from './tagIndex'

/**
 * Rendered pages kept for anonymous visitors without cookies (src/server/pageCache.ts decides which
 * requests and answers qualify), each labelled with the tags of every cached read the page was made
 * of (./collector.ts). The public-read cache's invalidations drop them too — on this instance after
 * a commit, and on every other instance through the NOTIFY listener (./bus.ts), since both go through
 * `TagCache.invalidate`/`clear`, which this cache listens to (./index.ts).
 *
 * Entries also expire after a short time (pages show relative times, "updated 2 minutes ago"). A
 * page whose render began before any invalidation is not stored (the same epoch guard as the store's).
 */
export type CachedPage = {
  status: number
  /** Response headers to send again (no Date, Content-Length, Set-Cookie or hop-by-hop headers). */
  headers: Record<string, string | string[]>
  body: Buffer
  tags: readonly string[]
  storedAt: number
  /** When it must go at the latest (something on it changes by the clock), before the usual TTL. */
  expiresAt?: number
}

export type PageCacheOptions = { maxEntries?: number; maxBytes?: number; ttlMs?: number }

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>
  private readonly byTag = new TagIndex()
  /** Keys stored at least once lately: a miss on one of these is a page worth waiting for (single flight). */
  private readonly known: LRUCache<string, true>
  private epochValue = 0
  private readonly ttlMs: number
  readonly stats = { hits: 0, misses: 0, stored: 0, invalidations: 0 }

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000
    this.entries = new LRUCache<string, CachedPage>({
      max: options.maxEntries ?? 1000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => Math.max(1, page.body.length + 512),
      ttl: this.ttlMs,
      dispose: (page, key) => this.unindex(key, page.tags),
    })
    this.known = new LRUCache<string, true>({ max: (options.maxEntries ?? 1000) * 4 })
  }

  get size(): number {
    return this.entries.size
  }

  /** Changes whenever something is invalidated: take it before rendering, hand it to `put`. */
  get epoch(): number {
    return this.epochValue
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key)
    if (page) this.stats.hits += 1
    else this.stats.misses += 1
    return page
  }

  /** Keeps `page` unless something was invalidated since `startedAt` (an epoch): it may show stale data. */
  put(key: string, page: CachedPage, startedAt: number): boolean {
    if (startedAt !== this.epochValue || page.tags.length === 0) return false
    if (page.expiresAt !== undefined && page.expiresAt <= Date.now()) return false
    const ttl = page.expiresAt === undefined ? undefined : { ttl: Math.min(this.ttlMs, page.expiresAt - Date.now()) }
    this.entries.set(key, { ...page, tags: [...new Set(page.tags)] }, ttl)
    const stored = this.entries.get(key)
    if (!stored) return false // larger than the whole cache
    this.byTag.add(key, stored.tags)
    this.known.set(key, true)
    this.stats.stored += 1
    return true
  }

  /**
   * Whether `key` was kept lately (it may have expired or been dropped since): its next render will
   * most likely be kept again, so simultaneous misses should wait for one render instead of each
   * making their own. A render that could not be kept calls `forget`, so a page that stopped being
   * storable is not waited for again.
   */
  isKnown(key: string): boolean {
    return this.known.has(key)
  }

  forget(key: string): void {
    this.known.delete(key)
  }

  /** Drops every page showing any of `tags` (null: everything). */
  invalidate(tags: readonly string[] | null): void {
    this.epochValue += 1
    this.stats.invalidations += 1
    if (tags === null) {
      this.entries.clear()
      this.byTag.clear()
      return
    }
    for (const key of this.byTag.keysOf(tags)) this.entries.delete(key)
  }

  clear(): void {
    this.invalidate(null)
  }

  private unindex(key: string, tags: readonly string[]): void {
    this.byTag.remove(key, tags)
  }
}
