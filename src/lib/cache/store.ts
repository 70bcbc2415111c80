import { LRUCache } from 'lru-cache'

import { markPageUncacheable, notePageTags } from './collector'
import { TagIndex } from './tagIndex'

/**
 * A bounded in-process cache of public reads, each entry labelled with tags (./tags.ts) so that a
 * write can drop every entry it affects. The store never decides what is public: callers only put
 * what an anonymous visitor may see (./public.ts).
 *
 * Three guards keep it correct under concurrency:
 * - single flight: concurrent misses of one key share one load;
 * - an invalidation epoch: a load that began before any invalidation is returned to its caller but
 *   not stored, since it may have read the rows the invalidation was about (its tags are only known
 *   once it has loaded, e.g. a slug's project id);
 * - copies: every hit gets its own structured clone, so a caller that mutates what it got cannot
 *   change what the next request reads.
 */
export type TagCacheOptions = {
  /** Entries kept at most (least recently used go first). */
  maxEntries?: number
  /** A safety net only: invalidation is by tags; an entry older than this is read again. */
  ttlMs?: number
}

/**
 * What a load answers: the value and the tags of what it read; `expiresAt` (epoch ms) when the value
 * changes by the clock alone (a news article published for a later time), before the usual TTL.
 */
export type Loaded<T> = { value: T; tags: readonly string[]; expiresAt?: number }

type Entry = { value: unknown; tags: readonly string[]; expiresAt?: number }

export class TagCache {
  private readonly entries: LRUCache<string, Entry>
  private readonly byTag = new TagIndex()
  private readonly inFlight = new Map<string, Promise<Loaded<unknown> | null>>()
  private epoch = 0
  private readonly ttlMs: number
  private readonly invalidationListeners = new Set<(tags: readonly string[] | null) => void>()
  /** Counters for the bench and tests. */
  /** Documents served from the cache or loaded; look-ups of a name's id count apart (`names`). */
  readonly stats = { hits: 0, misses: 0, invalidations: 0, names: { hits: 0, misses: 0 } }

  constructor(options: TagCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 2000,
      ttl: this.ttlMs,
      // Evicted, expired, replaced or deleted: the tag index forgets the key too.
      dispose: (entry, key) => this.unindex(key, entry.tags),
    })
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The cached value of `key`, or what `load` answers (stored under the tags it names). `load`
   * answering null means "nothing to cache" (a miss, e.g. a hidden project): null is returned and
   * nothing is stored, so a project created later is found at once.
   */
  async get<T>(key: string, load: () => Promise<Loaded<T> | null>, { name = false } = {}): Promise<T | null> {
    const counts = name ? this.stats.names : this.stats
    const hit = this.entries.get(key)
    if (hit) {
      counts.hits += 1
      notePageTags(hit.tags, hit.expiresAt)
      return structuredClone(hit.value) as T
    }
    counts.misses += 1
    let pending = this.inFlight.get(key) as Promise<Loaded<T> | null> | undefined
    let mine = false
    if (!pending) {
      mine = true
      const startedAt = this.epoch
      pending = load().then((loaded) => {
        if (loaded && this.epoch === startedAt) this.put(key, loaded)
        return loaded
      })
      this.inFlight.set(key, pending)
      void pending.then(
        () => this.inFlight.delete(key),
        () => this.inFlight.delete(key),
      )
    }
    const loaded = await pending
    // The request's page (./collector.ts) shows what these tags name; "nothing" has no tag to name it.
    if (!loaded) {
      markPageUncacheable(`${key}: nothing to cache`)
      return null
    }
    notePageTags(loaded.tags, loaded.expiresAt)
    // The caller that loaded gets the original; the others share the load, so each gets a copy.
    return mine ? loaded.value : (structuredClone(loaded.value) as T)
  }

  /**
   * Many keys at once (the versions of a launcher's update check): the hits from the cache, the rest
   * from one `loadMissing` call, each stored under its own tags. No single flight across batches.
   * `copy: false` hands out the stored values themselves, frozen, for callers that only read them
   * (a clone of each of hundreds of small entries costs more than the freeze once).
   */
  async getMany<T>(keys: readonly string[], loadMissing: (missing: string[]) => Promise<Map<string, Loaded<T>>>, { copy = true, name = false } = {}): Promise<Map<string, T>> {
    const counts = name ? this.stats.names : this.stats
    const out = new Map<string, T>()
    const missing: string[] = []
    for (const key of new Set(keys)) {
      const hit = this.entries.get(key)
      if (hit) {
        out.set(key, (copy ? structuredClone(hit.value) : hit.value) as T)
        notePageTags(hit.tags, hit.expiresAt)
      } else missing.push(key)
    }
    counts.hits += out.size
    counts.misses += missing.length
    if (missing.length === 0) return out
    const startedAt = this.epoch
    const loaded = await loadMissing(missing)
    for (const [key, entry] of loaded) {
      if (this.epoch === startedAt) this.put(key, entry)
      out.set(key, entry.value)
      notePageTags(entry.tags, entry.expiresAt)
    }
    return out
  }

  /** Drops every entry carrying any of `tags`, and stops loads in flight from storing. */
  invalidate(tags: Iterable<string>): void {
    this.epoch += 1
    this.stats.invalidations += 1
    const list = [...tags]
    for (const key of this.byTag.keysOf(list)) this.entries.delete(key)
    // Loads in flight must not be shared past an invalidation either.
    this.inFlight.clear()
    for (const listener of this.invalidationListeners) listener(list)
  }

  /**
   * Calls `listener` after every invalidation here (with its tags) and every `clear` (with null): a
   * cache built on these entries (the whole-page cache, ./pageCache.ts) drops what they dropped.
   * Answers a function that removes it.
   */
  onInvalidate(listener: (tags: readonly string[] | null) => void): () => void {
    this.invalidationListeners.add(listener)
    return () => this.invalidationListeners.delete(listener)
  }

  /** Drops everything (the invalidation feed was lost, so anything may be stale). */
  clear(): void {
    this.epoch += 1
    this.entries.clear()
    this.byTag.clear()
    this.inFlight.clear()
    for (const listener of this.invalidationListeners) listener(null)
  }

  private put(key: string, loaded: Loaded<unknown>): void {
    // Frozen: values handed out uncopied (getMany's copy: false) must not change under the cache.
    const entry: Entry = { value: deepFreeze(structuredClone(loaded.value)), tags: [...new Set(loaded.tags)], expiresAt: loaded.expiresAt }
    if (loaded.expiresAt !== undefined && loaded.expiresAt <= Date.now()) return
    this.entries.set(key, entry, loaded.expiresAt === undefined ? undefined : { ttl: Math.min(this.ttlMs, loaded.expiresAt - Date.now()) })
    this.byTag.add(key, entry.tags)
  }

  private unindex(key: string, tags: readonly string[]): void {
    this.byTag.remove(key, tags)
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
