'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, type FocusEvent } from 'react'

import { showClearAll, type Toast, type ToastLocation } from '@/lib/toasts'

import { ToastItem } from './ToastItem'

export type ToastRegionProps = {
  toasts: readonly Toast[]
  location: ToastLocation
  onDismiss: (id: number) => void
  onClear: () => void
  onPause: (id: number) => void
  onResume: (id: number) => void
}

/**
 * The toast stack in a corner (the announcements for screen readers are FeedbackRoot's). Alt+T
 * moves focus into the stack; when the focused toast goes, focus moves to the stack or back to
 * where the reader came from. Loaded on demand: most pages never show a toast.
 */
export default function ToastRegion({ toasts, location, onDismiss, onClear, onPause, onResume }: ToastRegionProps) {
  const t = useTranslations('Feedback')
  const regionRef = useRef<HTMLElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const refocus = useRef(false)
  const count = toasts.length

  useEffect(() => {
    if (!count) return
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyT') return
      event.preventDefault()
      regionRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [count])

  // After the focused toast (or all of them) went away, put focus somewhere sensible.
  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    const back = returnFocus.current
    if (count) regionRef.current?.focus()
    else if (back?.isConnected) back.focus()
    else document.getElementById('main')?.focus()
  }, [count])

  const rememberOrigin = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget
    if (from instanceof HTMLElement && !regionRef.current?.contains(from)) returnFocus.current = from
  }

  const dismiss = (id: number, hadFocus: boolean) => {
    refocus.current = hadFocus
    onDismiss(id)
  }

  if (!count) return null
  return (
    <section
      ref={regionRef}
      className="toast-region"
      data-location={location}
      aria-label={t('regionLabel')}
      aria-keyshortcuts={t('regionShortcut')}
      tabIndex={-1}
      onFocus={rememberOrigin}
    >
      <ol className="toast-region__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} onPause={onPause} onResume={onResume} />
        ))}
      </ol>
      {showClearAll(toasts) ? (
        <button
          type="button"
          className="toast-region__clear"
          onClick={() => {
            refocus.current = !!regionRef.current?.contains(document.activeElement)
            onClear()
          }}
        >
          {t('clearAll')}
        </button>
      ) : null}
    </section>
  )
}
