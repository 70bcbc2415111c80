import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { inlineBold, plainTitle } from '@/lib/notifications/inline'
import type { Notification } from '@/payload-types'

import { markReadAction } from './actions'

/** Notifications, newest first: title (names in bold), text, when, a link to what it is about, and "Mark as read". */
export async function NotificationList({ notifications }: { notifications: Notification[] }) {
  const [t, format] = await Promise.all([getTranslations('Dashboard.notifications'), getFormatter()])
  return (
    <ul className="notification-list" aria-label={t('listLabel')}>
      {notifications.map((n) => (
        <li key={n.id} className={n.read ? 'notification notification--read' : 'notification'}>
          <div className="notification__body">
            <p className="notification__title">
              {inlineBold(n.title).map((part, i) => (part.bold ? <strong key={i}>{part.text}</strong> : <span key={i}>{part.text}</span>))}
            </p>
            {n.text ? <p className="notification__text">{n.text}</p> : null}
            <p className="notification__meta">
              <time dateTime={n.createdAt}>{format.relativeTime(new Date(n.createdAt))}</time>
              {n.link ? (
                <>
                  {' · '}
                  <Link href={n.link} aria-label={t('openLabel', { title: plainTitle(n.title) })}>
                    {t('open')}
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          {n.read ? null : (
            <form action={markReadAction}>
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" className="button button--secondary button--small" aria-label={t('markReadLabel', { title: plainTitle(n.title) })}>
                {t('markRead')}
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  )
}
