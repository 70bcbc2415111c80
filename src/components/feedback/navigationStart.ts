/**
 * Navigations started by code (typing in a search box, choosing a sort) have no link click for the
 * loading bar to see. Components that call `router.push`/`replace` announce them here first;
 * NavigationFeedback starts the bar and keeps the scroll position, as for query-only link clicks.
 */
export const NAVIGATION_START_EVENT = 'site:navigation-start'

/** Announces a client navigation to `href` (ignored when it is the page already shown). */
export function announceNavigation(href: string) {
  const target = new URL(href, window.location.href)
  if (target.pathname === window.location.pathname && target.search === window.location.search) return
  window.dispatchEvent(new CustomEvent(NAVIGATION_START_EVENT))
}
