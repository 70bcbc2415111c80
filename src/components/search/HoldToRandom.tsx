'use client'

import { useEffect } from 'react'

import { isTextField } from './textField'

/** How long R must be held. */
export const HOLD_MS = 500

/**
 * Hold R anywhere outside a text field for half a second: a random listed project (spec §2). Opens
 * `/random`, which redirects to one. Renders nothing.
 */
export function HoldToRandom() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const cancel = () => {
      if (timer) clearTimeout(timer)
      timer = null
    }
    const onDown = (event: KeyboardEvent) => {
      if (event.key !== 'r' && event.key !== 'R') return cancel()
      if (event.repeat || timer || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return
      if (isTextField(event.target) || isTextField(document.activeElement)) return
      timer = setTimeout(() => {
        timer = null
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- /random is a route handler that redirects (no page for the router to render): a full load
        window.location.assign('/random')
      }, HOLD_MS)
    }
    const onUp = (event: KeyboardEvent) => {
      if (event.key === 'r' || event.key === 'R') cancel()
    }
    window.addEventListener('keydown', onDown)
    window.addEventListener('keyup', onUp)
    window.addEventListener('blur', cancel)
    return () => {
      cancel()
      window.removeEventListener('keydown', onDown)
      window.removeEventListener('keyup', onUp)
      window.removeEventListener('blur', cancel)
    }
  }, [])
  return null
}
