import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { NotificationsChanged } from '@/components/site/UnreadNotifications'
import { requireUser } from '@/lib/auth/guard'
import { notificationsOf } from '@/lib/data/dashboard'
import { currentViewer } from '@/lib/data/currentViewer'

import { markAllReadAction } from './actions'
import { DashboardFrame } from './DashboardFrame'
import { NotificationList } from './NotificationList'

/** /dashboard/notifications (unread) and its history (all): one page, two views. */
export async function NotificationsPage({ history, page }: { history: boolean; page: number }) {
  await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('Dashboard.notifications'), currentViewer()])
  const list = await notificationsOf(viewer, { history, page })
  const base = history ? '/dashboard/notifications/history' : '/dashboard/notifications'
  return (
    <DashboardFrame
      active="notifications"
      title={t(history ? 'historyHeading' : 'heading')}
      lead={history ? t('historyLead') : t('lead', { count: list.unread })}
      actions={
        <>
          {list.unread > 0 ? (
            <form action={markAllReadAction}>
              <button type="submit" className="button button--secondary">
                {t('markAllRead')}
              </button>
            </form>
          ) : null}
          <Link href={history ? '/dashboard/notifications' : '/dashboard/notifications/history'} className="button button--secondary">
            {t(history ? 'showUnread' : 'showHistory')}
          </Link>
        </>
      }
    >
      <NotificationsChanged unread={list.unread} />
      {list.docs.length ? <NotificationList notifications={list.docs} /> : <p className="empty-note">{t(history ? 'historyEmpty' : 'empty')}</p>}
      {list.totalPages > 1 ? (
        <nav className="dashboard-pages" aria-label={t('pagesLabel')}>
          {list.page > 1 ? <Link href={`${base}?page=${list.page - 1}`}>{t('previous')}</Link> : null}
          <span>{t('pageOf', { page: list.page, total: list.totalPages })}</span>
          {list.page < list.totalPages ? <Link href={`${base}?page=${list.page + 1}`}>{t('next')}</Link> : null}
        </nav>
      ) : null}
    </DashboardFrame>
  )
}

export const pageParam = (value: string | string[] | undefined): number => {
  const n = Number(Array.isArray(value) ? value[0] : value)
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1
}
