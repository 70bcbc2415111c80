'use client'

import { useRef } from 'react'

/** Whether an element can take focus back: still in the page and shown. */
const focusable = (el: HTMLElement | null): el is HTMLElement => !!el && el.isConnected && el.getClientRects().length > 0

/**
 * Focus back to what opened a dialog when it closes (Escape, ✕ or done), so a keyboard user goes
 * on from where they were. When the opener is gone — a menu item whose menu closed meanwhile —
 * `fallback` names what stands for it (the menu's button).
 */
export function useFocusReturn(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    remember() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    restore() {
      const target = focusable(opener.current) ? opener.current : (fallback?.() ?? null)
      opener.current = null
      // After the dialog's own focus handling, which otherwise leaves focus on the page's body.
      requestAnimationFrame(() => target?.focus())
    },
  }
}
