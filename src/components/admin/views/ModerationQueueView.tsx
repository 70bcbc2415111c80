import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import type { AdminViewServerProps } from 'payload'

import { actorOf, isStaff } from '@/access/core/roles'
import { adminEditPath } from '@/lib/adminPaths'
import { moderationQueue } from '@/lib/data/moderation'
import { viewerFor, type AuthUser } from '@/lib/data/viewer'

import { AdminPage } from './AdminPage'

/**
 * `/admin/moderation-queue`: the review queue as a list, oldest submission first, each project
 * opening its edit view (with the moderation panel). A custom view is public in Payload: the staff
 * check is here, and anyone else gets a 404.
 */
export async function ModerationQueueView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  if (!req.user || !isStaff(actorOf(req))) notFound()
  const viewer = await viewerFor(req.payload, req.user as AuthUser)
  const [queue, t, types, format] = await Promise.all([moderationQueue(viewer, { sort: 'oldest' }), getTranslations('AdminWork.queue'), getTranslations('ProjectTypes'), getFormatter()])
  if (!queue) notFound()
  const time = (iso: string) => format.dateTime(new Date(iso), { timeStyle: 'short' })
  return (
    <AdminPage props={props} title={t('title')}>
      <h1>{t('title')}</h1>
      <p className="bf-work__detail">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- from the admin panel, another root layout, to the site: a full load */}
        {t('lead')} <a href="/moderation">{t('onSite')}</a>
      </p>
      {queue.length ? (
        <table className="bf-work__table" data-testid="admin-queue">
          <thead>
            <tr>
              <th scope="col">{t('project')}</th>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('submitted')}</th>
              <th scope="col">{t('lock')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.map((p) => (
              <tr key={p.id} data-project={p.id}>
                <td>
                  <Link href={adminEditPath('projects', p.id)}>{p.title}</Link>
                </td>
                <td>{types.has(`${p.projectType}.singular` as never) ? types(`${p.projectType}.singular` as never) : p.projectType}</td>
                <td>
                  <time dateTime={p.queued}>{format.dateTime(new Date(p.queued), { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </td>
                <td>{p.lock ? t('lockedBy', { name: p.lock.moderator, time: time(p.lock.expiresAt) }) : t('free')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('empty')}</p>
      )}
    </AdminPage>
  )
}
