/**
 * Browser side of the route preloading limits (spec §9). Links register here instead of letting
 * Next preload each of them: one shared IntersectionObserver asks for a preload when a link comes
 * near the view (hover and focus ask with priority), and the queue in `@/lib/shell/prefetchQueue`
 * runs at most five at once, none at all on a slow or data-saving connection.
 */
import { readFlag } from '@/lib/flags/store'
import { createPrefetchQueue, prefetchAllowed, type ConnectionHints, type PrefetchQueue } from '@/lib/shell/prefetchQueue'

export type RoutePrefetch = (href: string) => void

/**
 * `router.prefetch` does not say when it is done, and one route preload can be several requests
 * (Next asks for the route tree, then its data). So the router's preload requests are watched:
 * their start through `fetch` (they carry a `Next-Router-Prefetch` header), their end in Resource
 * Timing. A preload keeps its slot until its path has had no request in flight for a moment.
 */
const SETTLE_MS = 100
/** No request at all by then: the router had the route already (or is holding it back itself). */
const NOTHING_STARTED_MS = 1_000
/** Whatever happens, a slot is freed after this long. */
const SLOT_TIMEOUT_MS = 5_000
const WATCH_EVERY_MS = 50
/** Start preloading a little before the link scrolls into view, as Next's own links do. */
const VIEW_MARGIN = '200px'

let routePrefetch: RoutePrefetch | null = null
let queue: PrefetchQueue | null = null
let viewport: IntersectionObserver | null = null
const hrefOf = new WeakMap<Element, string>()

/** Router preload requests: started per path, and the URLs still in flight (with their path). */
const started = new Map<string, number>()
const inFlight = new Map<string, { path: string; count: number }>()
let watching = false

const activeOn = (path: string) => [...inFlight.values()].some((r) => r.path === path)

function requestEnded(href: string) {
  const request = inFlight.get(href)
  if (!request) return
  if (--request.count <= 0) inFlight.delete(href)
}

function watchRouterRequests() {
  if (watching) return
  watching = true
  const original = window.fetch
  window.fetch = function watchedFetch(input: RequestInfo | URL, init?: RequestInit) {
    const result = original.call(window, input, init)
    try {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
      if (url.origin === window.location.origin && headers.has('next-router-prefetch')) {
        started.set(url.pathname, (started.get(url.pathname) ?? 0) + 1)
        const request = inFlight.get(url.href) ?? { path: url.pathname, count: 0 }
        request.count++
        inFlight.set(url.href, request)
        // A failed request may leave no Resource Timing entry.
        result.catch(() => requestEnded(url.href))
      }
    } catch {
      // not a URL we can read: not one of the router's
    }
    return result
  }
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => requestEnded(entry.name))).observe({ type: 'resource' })
  } catch {
    // no Resource Timing: slots are freed by the timeouts alone
  }
}

function preload(href: string): Promise<void> {
  return new Promise((resolve) => {
    const path = new URL(href, window.location.href).pathname
    const since = Date.now()
    const startedBefore = started.get(path) ?? 0
    let quietSince: number | null = null
    const timer = setInterval(() => {
      const now = Date.now()
      const sawRequest = (started.get(path) ?? 0) > startedBefore
      if (activeOn(path)) quietSince = null
      else if (sawRequest) quietSince ??= now
      const settled = quietSince !== null && now - quietSince >= SETTLE_MS
      if (settled || (!sawRequest && now - since >= NOTHING_STARTED_MS) || now - since >= SLOT_TIMEOUT_MS) {
        clearInterval(timer)
        resolve()
      }
    }, WATCH_EVERY_MS)
    watchRouterRequests()
    try {
      routePrefetch?.(href)
    } catch {
      // a preload that cannot start frees its slot at the first check
    }
  })
}

function connection(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection
}

/** Asks for a preload of `href` (urgent: hover or focus) unless the connection is slow. */
export function requestPrefetch(href: string, prefetch: RoutePrefetch, urgent = false) {
  // The `routePrefetch` flag (/flags) turns ahead-of-click loading off for this browser.
  if (!prefetchAllowed(connection()) || !readFlag('routePrefetch')) return
  routePrefetch = prefetch
  queue ??= createPrefetchQueue(preload)
  queue.request(href, urgent)
}

/** Preloads `href` when `element` comes near the view; returns the clean-up. */
export function observeForPrefetch(element: Element, href: string, prefetch: RoutePrefetch): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {}
  viewport ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const target = hrefOf.get(entry.target)
        if (!target) continue
        if (entry.isIntersecting) requestPrefetch(target, prefetch)
        else queue?.cancel(target)
      }
    },
    { rootMargin: VIEW_MARGIN },
  )
  hrefOf.set(element, href)
  viewport.observe(element)
  return () => {
    viewport?.unobserve(element)
    hrefOf.delete(element)
    queue?.cancel(href)
  }
}
