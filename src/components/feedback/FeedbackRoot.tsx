'use client'

import type { ReactNode } from 'react'

/**
 * Toasts, the top loading bar and scroll-to-top after navigation (spec §4, §9). Placeholder:
 * filled in by the feedback work.
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  return <>{children}</>
}
