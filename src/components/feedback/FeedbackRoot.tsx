'use client'

import { useTranslations } from 'next-intl'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react'

import {
  addToast,
  announcePoliteness,
  clearToasts,
  DEFAULT_TOAST_LOCATION,
  dismissToast,
  errorToast,
  expireToasts,
  nextDeadline,
  pauseToast,
  resumeToast,
  type Toast,
  type ToastInput,
  type ToastLocation,
} from '@/lib/toasts'

import { NavigationFeedback } from './NavigationFeedback'
import type { ToastRegionProps } from './ToastRegion'
import { ToastContext, type ToastApi } from './useToasts'

type Announcement = { n: number; text: string; politeness: 'polite' | 'assertive' }

/**
 * The toast stack is fetched on demand (most pages never show one; the /mods page has a tight
 * script budget), starting at the visitor's first interaction so it is there before an action can
 * fail. If it cannot be fetched (offline), toasts are still read out by the live regions below.
 */
let toastRegion: Promise<ComponentType<ToastRegionProps> | null> | null = null
function loadToastRegion() {
  toastRegion ??= import('./ToastRegion')
    .then((m) => m.default)
    .catch(() => {
      toastRegion = null // try again with the next toast
      return null
    })
  return toastRegion
}

/**
 * Toasts, the top loading bar and scroll-to-top after navigation (spec §4, §9), around the whole
 * public site. Client components raise toasts through `useToasts()`. The toast list follows the
 * pure rules in `src/lib/toasts`; this component only keeps it in state and runs one timer for the
 * earliest deadline.
 */
export function FeedbackRoot({ children, toastLocation = DEFAULT_TOAST_LOCATION }: { children: ReactNode; toastLocation?: ToastLocation }) {
  const t = useTranslations('Feedback')
  // The ref is the source of truth for the pure functions (several calls can land before a render).
  const list = useRef<readonly Toast[]>([])
  const [toasts, setToasts] = useState<readonly Toast[]>([])
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)
  const [ToastRegion, setToastRegion] = useState<ComponentType<ToastRegionProps> | null>(null)
  const [wanted, setWanted] = useState(false)

  const commit = useCallback((next: readonly Toast[]) => {
    if (next === list.current) return
    list.current = next
    setToasts(next)
  }, [])

  const api = useMemo<ToastApi>(() => {
    const add = (input: ToastInput) => {
      const { toasts: next, toast } = addToast(list.current, input, Date.now())
      commit(next)
      setWanted(true)
      const count = toast.count > 1 ? ` (${t('count', { count: toast.count })})` : ''
      setAnnouncement((a) => ({
        n: (a?.n ?? 0) + 1,
        politeness: announcePoliteness(toast.type),
        text: `${t(`types.${toast.type}`)}: ${[toast.title, toast.text].filter(Boolean).join('. ')}${count}`,
      }))
    }
    return {
      addToast: add,
      addErrorToast: (error) => add(errorToast(error, { title: t('errorTitle'), fallback: t('errorFallback'), server: t('serverError') })),
    }
  }, [commit, t])

  // Held in state rather than React.lazy: no Suspense boundary, so nothing delays showing it.
  useEffect(() => {
    if (wanted && !ToastRegion) void loadToastRegion().then((region) => region && setToastRegion(() => region))
  }, [wanted, ToastRegion, toasts])

  useEffect(() => {
    const preload = () => void loadToastRegion()
    const options = { once: true, passive: true, capture: true }
    window.addEventListener('pointerdown', preload, options)
    window.addEventListener('keydown', preload, options)
    return () => {
      window.removeEventListener('pointerdown', preload, options)
      window.removeEventListener('keydown', preload, options)
    }
  }, [])

  // One timer, for whichever running toast is due first.
  useEffect(() => {
    const due = nextDeadline(toasts)
    if (due === null) return
    const timer = setTimeout(() => commit(expireToasts(list.current, Date.now())), Math.max(0, due - Date.now()))
    return () => clearTimeout(timer)
  }, [toasts, commit])

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Screen readers announce changes to live regions they already know: these are always there. */}
      {(['polite', 'assertive'] as const).map((politeness) => (
        <div key={politeness} className="visually-hidden" aria-live={politeness} aria-atomic="true" role={politeness === 'assertive' ? 'alert' : 'status'}>
          {announcement?.politeness === politeness ? <span key={announcement.n}>{announcement.text}</span> : null}
        </div>
      ))}
      {ToastRegion ? (
        <ToastRegion
          toasts={toasts}
          location={toastLocation}
          onDismiss={(id) => commit(dismissToast(list.current, id))}
          onClear={() => commit(clearToasts())}
          onPause={(id) => commit(pauseToast(list.current, id, Date.now()))}
          onResume={(id) => commit(resumeToast(list.current, id, Date.now()))}
        />
      ) : null}
      <Suspense fallback={null}>
        <NavigationFeedback />
      </Suspense>
    </ToastContext.Provider>
  )
}
