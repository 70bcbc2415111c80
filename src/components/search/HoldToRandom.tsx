'use client'

import { useEffect } from 'react'

/** How long R must be held. */
export const HOLD_MS = 500

/** Typing places: R there is a letter, not a shortcut. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(type)
}

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
