/**
 * Issue 34 item 2: the header's unread-notification badge and the user menu's "Notifications" item.
 * The count is read in the browser after hydration, so the server-rendered menu never carries it
 * (issue 33: the header's HTML is the same for every signed-in viewer).
 */
import { NextIntlClientProvider } from 'next-intl'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { NOTIFICATIONS_HREF } from '@/components/site/links'
import { UserMenu } from '@/components/site/UserMenu'
import { badgeText, NotificationsMenuLink, UnreadBadge } from '@/components/site/UnreadNotifications'
import messages from '../../messages/en-US.json'

vi.mock('next/navigation', () => ({ usePathname: () => '/' }))
vi.mock('@/components/auth/actions', () => ({ signOutAction: async () => {} }))

const render = (children: ReactNode) => renderToStaticMarkup(createElement(NextIntlClientProvider, { locale: 'en-US', messages, timeZone: 'UTC', children }))

describe('the user menu on the server', () => {
  const menu = () =>
    render(
      createElement(UserMenu, {
        label: 'Account menu for alice',
        trigger: 'alice',
        links: [{ href: '/dashboard', label: 'Dashboard' }],
        notifications: { href: NOTIFICATIONS_HREF, label: messages.Nav.notifications },
        signOutLabel: 'Sign out',
      }),
    )

  it('keeps the button’s name and lists "Notifications" first, with no count rendered', () => {
    const html = menu()
    expect(html).toContain('aria-label="Account menu for alice"')
    expect(html).not.toContain('aria-describedby')
    expect(html).not.toContain('notification-badge')
    expect(html).not.toContain('unread')
    expect(html).toMatch(/<ul class="user-menu__list"><li><a class="user-menu__item" href="\/dashboard\/notifications">Notifications<\/a><\/li><li><a [^>]*href="\/dashboard"/)
  })
})

describe('the unread badge', () => {
  it('shows nothing for no unread notifications, or before the count has been read', () => {
    expect(render(createElement(UnreadBadge, { count: null, id: 'u' }))).toBe('')
    expect(render(createElement(UnreadBadge, { count: 0, id: 'u' }))).toBe('')
  })

  it('shows the count, described in words for the account button', () => {
    expect(render(createElement(UnreadBadge, { count: 3, id: 'u' }))).toBe(
      '<span class="notification-badge" data-testid="unread-badge"><span aria-hidden="true">3</span><span id="u" class="visually-hidden">3 unread notifications</span></span>',
    )
    expect(render(createElement(UnreadBadge, { count: 1, id: 'u' }))).toContain('>1 unread notification<')
  })

  it('caps the figure at 99+, not the words', () => {
    expect(badgeText(99)).toBe('99')
    expect(badgeText(150)).toBe('99+')
    const html = render(createElement(UnreadBadge, { count: 150, id: 'u' }))
    expect(html).toContain('<span aria-hidden="true">99+</span>')
    expect(html).toContain('>150 unread notifications<')
  })
})

describe('the "Notifications" menu item', () => {
  it('links to the notifications page with the count when there are unread ones', () => {
    const item = (count: number | null) => render(createElement(NotificationsMenuLink, { href: NOTIFICATIONS_HREF, label: 'Notifications', count, className: 'user-menu__item' }))
    expect(item(null)).toBe('<a class="user-menu__item" href="/dashboard/notifications">Notifications</a>')
    expect(item(0)).toBe(item(null))
    expect(item(4)).toBe(
      '<a class="user-menu__item" href="/dashboard/notifications">Notifications<span class="notification-count" aria-hidden="true">4</span><span class="visually-hidden">(4 unread)</span></a>',
    )
  })
})
