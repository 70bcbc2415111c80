'use client'

import { createContext, useContext } from 'react'

import type { ToastInput } from '@/lib/toasts'

/** What client components use to raise toasts; FeedbackRoot (in the site layout) provides it. */
export type ToastApi = {
  /** Shows a toast (or counts a repeat of an identical one). */
  addToast: (input: ToastInput) => void
  /**
   * Shows a handled error: title 'An error occurred', type error, the error's message as text and
   * its status code or digest as the error code (spec §8). Takes a `{ statusCode, message }` object,
   * a thrown Error or a message string.
   */
  addErrorToast: (error: unknown) => void
}

// Outside the provider (global-error renders without the layout) toasts are simply not shown.
export const ToastContext = createContext<ToastApi>({ addToast: () => {}, addErrorToast: () => {} })

export const useToasts = (): ToastApi => useContext(ToastContext)
