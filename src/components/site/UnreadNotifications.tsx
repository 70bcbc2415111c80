'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'

import { NOTIFICATIONS_UNREAD_URL } from './links'

/*
 * The header's unread-notification count (issue 34 item 2). It is read in the browser after
 * hydration — never rendered on the server, so the header's HTML is the same for every signed-in
 * viewer (issue 33) — and refreshed every minute while the tab is visible, when the window regains
 * focus, and when the notifications page says its list changed.
 */

/** The browser event the notifications page dispatches after marking items read. */
export const NOTIFICATIONS_CHANGED = 'notifications-changed'

const REFRESH_MS = 60_000

/** The count as a badge shows it: nothing for none, "99+" past 99. */
export const badgeText = (count: number | null): string | null => (!count || count < 1 ? null : count > 99 ? '99+' : String(count))

async function readUnread(signal: AbortSignal): Promise<number | null> {
  try {
    const res = await fetch(NOTIFICATIONS_UNREAD_URL, { cache: 'no-store', credentials: 'same-origin', signal })
    if (!res.ok) return null
    const body = (await res.json()) as { unread?: unknown }
    return typeof body.unread === 'number' ? body.unread : null
  } catch {
    // Offline, or aborted on unmount: keep showing the last count (a badge is not worth an error).
    return null
  }
}

/** The unread count once the browser has read it (null before, and when it could not). */
export function useUnreadNotifications(enabled = true): number | null {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    const refresh = () => {
      void readUnread(controller.signal).then((n) => {
        if (n !== null && !controller.signal.aborted) setCount(n)
      })
    }
    const whenVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    refresh()
    const timer = window.setInterval(whenVisible, REFRESH_MS)
    window.addEventListener('focus', refresh)
    window.addEventListener(NOTIFICATIONS_CHANGED, refresh)
    document.addEventListener('visibilitychange', whenVisible)
    return () => {
      controller.abort()
      window.clearInterval(timer)
      window.removeEventListener('focus', refresh)
      window.removeEventListener(NOTIFICATIONS_CHANGED, refresh)
      document.removeEventListener('visibilitychange', whenVisible)
    }
  }, [enabled])
  return count
}

/** The dot on the account button: the count, described in words by `id` ("3 unread notifications"). */
export function UnreadBadge({ count, id }: { count: number | null; id: string }) {
  const t = useTranslations('NotificationCount')
  const text = badgeText(count)
  if (!text || !count) return null
  return (
    <span className="notification-badge" data-testid="unread-badge">
      <span aria-hidden="true">{text}</span>
      <span id={id} className="visually-hidden">
        {t('unreadCount', { count })}
      </span>
    </span>
  )
}

/** The user menu's "Notifications" item, with the count when there are unread ones. */
export function NotificationsMenuLink({ href, label, count, className }: { href: string; label: string; count: number | null; className: string }) {
  const t = useTranslations('NotificationCount')
  const text = badgeText(count)
  return (
    <Link href={href} className={className}>
      {label}
      {text && count ? (
        <>
          <span className="notification-count" aria-hidden="true">
            {text}
          </span>
          <span className="visually-hidden">{t('unreadShort', { count })}</span>
        </>
      ) : null}
    </Link>
  )
}

/**
 * Rendered by the notifications page with its unread count: after a "mark as read" re-renders the
 * page with a new count, tells the header to read it again.
 */
export function NotificationsChanged({ unread }: { unread: number }) {
  useEffect(() => {
    window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED))
  }, [unread])
  return null
}
