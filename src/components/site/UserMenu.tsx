'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useEffect, useRef, useState, type ReactNode } from 'react'

import { signOutAction } from '@/components/auth/actions'

import { NotificationsMenuLink, UnreadBadge, useUnreadNotifications } from './UnreadNotifications'

type Props = {
  /** Accessible name of the button ("Account menu for alice"). */
  label: string
  /** Avatar and name, shown on the button. */
  trigger: ReactNode
  links: { href: string; label: string }[]
  /** The "Notifications" item; its unread count (and the button's badge) is read in the browser. */
  notifications?: { href: string; label: string }
  signOutLabel: string
  /** Menu items that are not links (the create-project dialog's button). */
  actions?: ReactNode
}

const UNREAD_ID = 'user-menu-unread'

/**
 * The signed-in user's menu in the header (a disclosure like SiteMenu): profile, dashboard, settings,
 * notifications (with the unread count, also a badge on the button), moderation for staff, sign out.
 * Closes on navigation, Escape and a click outside. Sign out is a form posting the server action, so
 * it works before the page's JavaScript has loaded.
 */
export function UserMenu({ label, trigger, links, notifications, signOutLabel, actions }: Props) {
  const pathname = usePathname()
  const unread = useUnreadNotifications(Boolean(notifications))
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn !== null && openOn === pathname
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenOn(null)
      buttonRef.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  return (
    <div className="user-menu" ref={rootRef}>
      <button ref={buttonRef} type="button" className="user-menu__button" aria-label={label} aria-describedby={unread ? UNREAD_ID : undefined} aria-expanded={open} aria-controls="user-menu-panel" onClick={() => setOpenOn(open ? null : pathname)}>
        {trigger}
        <UnreadBadge count={unread} id={UNREAD_ID} />
      </button>
      <div id="user-menu-panel" className="user-menu__panel" hidden={!open}>
        <ul className="user-menu__list">
          {notifications ? (
            <li>
              <NotificationsMenuLink href={notifications.href} label={notifications.label} count={unread} className="user-menu__item" />
            </li>
          ) : null}
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="user-menu__item">
                {l.label}
              </Link>
            </li>
          ))}
          {actions ? <li>{actions}</li> : null}
          <li>
            <form action={signOutAction}>
              <button type="submit" className="user-menu__item user-menu__item--button">
                {signOutLabel}
              </button>
            </form>
          </li>
        </ul>
      </div>
    </div>
  )
}
