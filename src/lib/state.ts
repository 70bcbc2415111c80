/**
 * Process-wide state: the one module that keeps something once per process.
 *
 * This process loads our code more than once: Next bundles a module into each route that uses it,
 * and the production server's fast path (src/server) is an esbuild bundle of its own. A module-level
 * `let` therefore exists once per copy. What every copy must share (one cache, one listener, one
 * in-memory index) is kept here, on `globalThis` under `Symbol.for('blockforge.<key>')`: every copy
 * of this module resolves the same symbol, so all of them find the same value.
 *
 * Module-level state that may safely exist once per copy (memoised settings, a per-copy client)
 * stays in its module.
 */

/** Every piece of process-wide state, by key: add a key here to add one. */
export type ProcessStateKey =
  /** The cache of public reads, its invalidation listener and the whole-page cache (src/lib/cache). */
  | 'publicReadCache'
  /** The per-request collector of what a page was made of, for the whole-page cache (src/lib/cache/collector.ts). */
  | 'pageCacheCollector'
  /** The search engines of each Payload instance, with the in-memory index (src/plugins/search/engines.ts). */
  | 'searchEngines'
  /** Whether `http.Server` already appends the peer's address to `X-Forwarded-For` (src/lib/http/peerAddress.ts). */
  | 'peerAddress'

const registry = globalThis as typeof globalThis & { [key: symbol]: unknown }

/**
 * The process's value under `key`, made by `init` the first time any copy asks. Callers name the type:
 * each key has one owner module, which is the only one that asks for it.
 */
export function processState<T>(key: ProcessStateKey, init: () => T): T {
  const symbol = Symbol.for(`blockforge.${key}`)
  if (!(symbol in registry)) registry[symbol] = init()
  return registry[symbol] as T
}
