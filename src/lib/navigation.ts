/**
 * Client-side navigation helpers for the top loading bar and scroll-to-top (spec §4 "Loading
 * indicator starts on page start, advances, fades" and "After each page transition the main area
 * scrolls to top"; §9 loading bar timings). Next's App Router has no router events, so the site
 * watches link clicks and back/forward itself; these pure rules decide what counts.
 */

/** A URL without its hash: two URLs with the same key show the same page. */
export const pageKey = (url: { pathname: string; search: string }) => `${url.pathname}${url.search}`

export type LinkClick = {
  href: string
  /** The anchor's `target` attribute, if any. */
  target: string | null
  download: boolean
  button: number
  /** Ctrl, Meta, Shift or Alt held: the browser opens a new tab or window instead. */
  modifier: boolean
}

/**
 * Paths that are files or API endpoints rather than pages (uploads are served under /api; a
 * gallery picture is a link to its image file that a script opens in a lightbox instead).
 */
const FILE_PATH = /^\/api\/|\.(?:png|jpe?g|gif|webp|avif|svg|ico|jar|zip|mrpack|json|txt|xml)$/i

/**
 * The page a link click navigates to inside this tab, or null when it does not start a page
 * transition here: other origins and schemes, new tabs/windows, downloads, files, modified clicks,
 * and links to the page already shown (a hash jump or a reload of the same URL).
 */
export function clickNavigationTarget(click: LinkClick, current: URL): string | null {
  if (click.button !== 0 || click.modifier || click.download) return null
  if (click.target && click.target !== '_self') return null
  let url: URL
  try {
    url = new URL(click.href, current)
  } catch {
    return null
  }
  if (url.origin !== current.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null
  if (FILE_PATH.test(url.pathname)) return null
  const key = pageKey(url)
  return key === pageKey(current) ? null : key
}

/**
 * How far the bar has advanced after `elapsedMs`, from 0 towards 1 without reaching it (the pace
 * Nuxt's loading indicator uses: about 70 % after one `durationMs`, slowing down after that).
 * Capped so that the jump to 100 % on completion stays visible.
 */
export function estimatedProgress(elapsedMs: number, durationMs: number): number {
  if (elapsedMs <= 0 || durationMs <= 0) return 0
  return Math.min(0.95, (2 / Math.PI) * Math.atan((2 * elapsedMs) / durationMs))
}

export type ScrollDecision = {
  /** The page (path) changed; query-only changes keep the position (search filters, sort, paging links decide for themselves). */
  pathChanged: boolean
  /** Back/forward: the browser restores where the reader was. */
  traversal: boolean
  /** The new URL targets an element (#id): the browser scrolls to it. */
  hash: string
  /** The link that started it opted out (`data-keep-scroll`), e.g. tabs inside a profile. */
  keepScroll: boolean
}

/** Whether a finished navigation should put the window back at the top. */
export function shouldScrollToTop({ pathChanged, traversal, hash, keepScroll }: ScrollDecision): boolean {
  return pathChanged && !traversal && !keepScroll && (hash === '' || hash === '#')
}
