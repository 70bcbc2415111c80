/**
 * Route preloading limits (spec §9: "Prefetch skipped on slow connections; at most 5 route
 * preloads at once"). Links ask for a preload when they come into view (or, sooner, on hover);
 * the queue starts at most five at a time, hover first, and forgets requests for links that left
 * the view before their turn. Pure: the preload itself is passed in as an async function.
 */

export const MAX_CONCURRENT_PREFETCHES = 5

/** The fields of `navigator.connection` (Network Information API) that matter here. */
export type ConnectionHints = { saveData?: boolean; effectiveType?: string }

const SLOW_TYPES = new Set(['slow-2g', '2g'])

/** False when the visitor asked to save data or the connection is slow: preloads would compete with what they asked for. */
export function prefetchAllowed(connection: ConnectionHints | null | undefined): boolean {
  if (!connection) return true
  if (connection.saveData === true) return false
  return !(connection.effectiveType && SLOW_TYPES.has(connection.effectiveType))
}

export type PrefetchQueue = {
  /** Asks for a preload of `href`; `urgent` (hover, focus) jumps the line. False when already asked for. */
  request: (href: string, urgent?: boolean) => boolean
  /** Drops a waiting request (its link left the view); a running preload is left to finish. */
  cancel: (href: string) => void
  readonly running: number
  readonly waiting: readonly string[]
}

export function createPrefetchQueue(preload: (href: string) => Promise<void>, limit = MAX_CONCURRENT_PREFETCHES): PrefetchQueue {
  /** Started (running or finished): never preloaded twice by this page. */
  const started = new Set<string>()
  const waiting: string[] = []
  let running = 0

  const pump = () => {
    while (running < limit && waiting.length > 0) {
      const href = waiting.shift()!
      started.add(href)
      running++
      let task: Promise<void>
      try {
        task = preload(href)
      } catch (error) {
        task = Promise.reject(error)
      }
      task
        .catch(() => undefined) // a failed preload only means the click will fetch it
        .finally(() => {
          running--
          pump()
        })
    }
  }

  return {
    request(href, urgent = false) {
      if (started.has(href)) return false
      const at = waiting.indexOf(href)
      if (at >= 0) {
        if (!urgent) return false
        waiting.splice(at, 1)
      }
      if (urgent) waiting.unshift(href)
      else waiting.push(href)
      pump()
      return at < 0
    },
    cancel(href) {
      const at = waiting.indexOf(href)
      if (at >= 0) waiting.splice(at, 1)
    },
    get running() {
      return running
    },
    get waiting() {
      return [...waiting]
    },
  }
}
