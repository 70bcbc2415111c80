'use client'

import { usePathname, useSearchParams } from 'next/navigation'
import { useEffect, useRef } from 'react'

import { clickNavigationTarget, estimatedProgress, pageKey, shouldScrollToTop } from '@/lib/navigation'
import { LOADING_BAR } from '@/lib/ui-timings'

import { NAVIGATION_START_EVENT } from './navigationStart'

/** Redraw interval of the advancing bar (its CSS transition smooths the steps). */
const TICK_MS = 100
/** A navigation we saw start but never saw finish (blocked by a script, or it failed): stop waiting. */
const GIVE_UP_MS = 15_000

type Bar = { start: () => void; finish: () => void; reset: () => void }

/**
 * The bar's life, written straight to the element (no React state, so page content never
 * re-renders for it): shown only if the navigation outlasts the throttle, advanced on a slowing
 * pace, filled and faded when done.
 */
function createBar(el: HTMLElement): Bar {
  let active = false
  let shownAt = 0
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const later = (fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.delete(id)
      fn()
    }, ms)
    timers.add(id)
  }
  let ticker: ReturnType<typeof setInterval> | null = null
  const stop = () => {
    for (const id of timers) clearTimeout(id)
    timers.clear()
    if (ticker) clearInterval(ticker)
    ticker = null
  }
  const paint = (state: 'idle' | 'loading' | 'done', progress: number) => {
    el.dataset.state = state
    el.style.setProperty('--progress', progress.toFixed(3))
  }
  const finish = () => {
    if (!active) return
    active = false
    const shown = el.dataset.state === 'loading'
    stop()
    if (!shown) return
    paint('done', 1)
    later(() => paint('idle', 0), LOADING_BAR.durationMs)
  }
  return {
    start() {
      if (active) return
      stop()
      paint('idle', 0)
      active = true
      later(() => {
        shownAt = Date.now()
        paint('loading', 0)
        ticker = setInterval(() => paint('loading', estimatedProgress(Date.now() - shownAt, LOADING_BAR.durationMs)), TICK_MS)
      }, LOADING_BAR.throttleMs)
      later(finish, GIVE_UP_MS)
    },
    finish,
    reset() {
      active = false
      stop()
      paint('idle', 0)
    },
  }
}

/**
 * The top loading bar and scroll-to-top after page transitions (spec §4, §9). Next's App Router
 * has no navigation events, so a transition is taken to start at a same-origin link click (or
 * back/forward) and to end when the path or query the router renders changes.
 *
 * Scrolling: after a new path the window goes to the top, because Next only scrolls the changed
 * segment into view (leaving the header out of sight, or nothing at all if the segment top is on
 * screen). Not on back/forward (the browser restores the position), not for #hash targets, not
 * for query-only changes (search filters, sort and typing keep the reader's place on purpose;
 * pagination links get Next's own scroll to the results), and not for links inside an element
 * marked `data-keep-scroll` (tabs that swap content below them).
 */
export function NavigationFeedback() {
  const pathname = usePathname()
  const search = useSearchParams().toString()
  const barRef = useRef<HTMLDivElement>(null)
  const bar = useRef<Bar | null>(null)
  const pending = useRef({ traversal: false, keepScroll: false })
  const committed = useRef<{ key: string; pathname: string } | null>(null)

  useEffect(() => {
    if (!barRef.current) return
    const controller = createBar(barRef.current)
    bar.current = controller
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(anchor instanceof HTMLAnchorElement)) return
      const modifier = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey
      const target = clickNavigationTarget({ href: anchor.href, target: anchor.getAttribute('target'), download: anchor.hasAttribute('download'), button: event.button, modifier }, new URL(window.location.href))
      if (target === null) return
      pending.current = { traversal: false, keepScroll: anchor.closest('[data-keep-scroll]') !== null }
      controller.start()
    }
    const onPopState = () => {
      if (pageKey(window.location) === committed.current?.key) return // only the hash changed
      pending.current = { traversal: true, keepScroll: false }
      controller.start()
    }
    const onCodeNavigation = () => {
      pending.current = { traversal: false, keepScroll: true }
      controller.start()
    }
    // A page restored from the back/forward cache may have been left mid-navigation.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) controller.reset()
    }
    // Capture phase: seen even if a handler stops the click from bubbling.
    window.addEventListener('click', onClick, true)
    window.addEventListener('popstate', onPopState)
    window.addEventListener('pageshow', onPageShow)
    window.addEventListener(NAVIGATION_START_EVENT, onCodeNavigation)
    return () => {
      controller.reset()
      window.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPopState)
      window.removeEventListener('pageshow', onPageShow)
      window.removeEventListener(NAVIGATION_START_EVENT, onCodeNavigation)
    }
  }, [])

  // The router rendered a new URL: the transition is over.
  useEffect(() => {
    const previous = committed.current
    const key = pageKey(window.location)
    committed.current = { key, pathname }
    if (!previous || previous.key === key) return
    bar.current?.finish()
    const { traversal, keepScroll } = pending.current
    pending.current = { traversal: false, keepScroll: false }
    if (shouldScrollToTop({ pathChanged: previous.pathname !== pathname, traversal, keepScroll, hash: window.location.hash })) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    }
  }, [pathname, search])

  return <div ref={barRef} className="loading-bar" data-state="idle" aria-hidden="true" style={{ height: LOADING_BAR.heightPx }} />
}
