'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef } from 'react'

import { readFlag } from '@/lib/flags/store'
import { BUILD_POLL_INTERVAL_MS, checkBuild, shouldCheckOnVisible } from '@/lib/shell/buildCheck'
import { fullLoadTarget } from '@/lib/shell/navigation'

import { reloadGuarded } from './reload'

/**
 * Notices a redeploy (spec §4, §7) and moves the tab to the new build at the next navigation.
 *
 * Asks `/builds/latest.json` every few minutes and whenever the tab becomes visible again. Once
 * the answer names another build, the next link click loads its page in full instead of through
 * the client router, and any other navigation (back/forward, a form, code) reloads once it lands.
 * It never reloads an idle page, visible or hidden: that would throw away what the visitor was
 * reading or typing, while the next navigation changes the page anyway. The `newBuildReload` flag
 * (/flags) turns this off for the browser.
 */
export function useBuildWatch(buildId: string) {
  const stale = useRef(false)
  const pathname = usePathname()

  useEffect(() => {
    stale.current = false
    let lastCheck: number | null = null
    let checking = false
    const check = async () => {
      if (stale.current || checking) return
      checking = true
      lastCheck = Date.now()
      try {
        if ((await checkBuild(window.fetch.bind(window), buildId, lastCheck)) === 'new') {
          stale.current = true
          window.clearInterval(timer)
        }
      } finally {
        checking = false
      }
    }
    const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS)
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && shouldCheckOnVisible(lastCheck, Date.now())) void check()
    }
    // Capture phase on window: runs before the router's own click handler, which leaves a click alone once its default is prevented.
    const onClick = (event: MouseEvent) => {
      if (!stale.current || !readFlag('newBuildReload')) return
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(anchor instanceof HTMLAnchorElement)) return
      const url = fullLoadTarget(event, { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') }, new URL(window.location.href))
      if (url && reloadGuarded(url)) event.preventDefault()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('click', onClick, true)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('click', onClick, true)
    }
  }, [buildId])

  // A navigation that was not a link click (or one the guard let through) reached a new path.
  useEffect(() => {
    if (stale.current && readFlag('newBuildReload')) reloadGuarded()
  }, [pathname])
}
