/**
 * Which link clicks become a full page load once a new build is known (spec §4: "A new build
 * detected by polling triggers a reload"). Only clicks the client router would have handled
 * itself are taken over; everything the browser handles anyway (new tab, download, other site,
 * a jump within the page) is left alone. Pure: the event and anchor are described by plain values.
 */

export type ClickInfo = {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  defaultPrevented: boolean
}

export type AnchorInfo = {
  /** The resolved href (`anchor.href`). */
  href: string
  target: string
  download: boolean
}

/** The URL to load in full for this click, or null when the click is none of our business. */
export function fullLoadTarget(click: ClickInfo, anchor: AnchorInfo, current: URL): URL | null {
  if (click.defaultPrevented || click.button !== 0) return null
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null
  if (anchor.download || (anchor.target !== '' && anchor.target !== '_self')) return null
  let url: URL
  try {
    url = new URL(anchor.href, current)
  } catch {
    return null
  }
  if (url.origin !== current.origin) return null
  // Same document, another fragment: a scroll, not a navigation.
  if (url.pathname === current.pathname && url.search === current.search && url.hash !== '') return null
  return url
}
