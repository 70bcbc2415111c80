import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { NotificationList } from '@/components/dashboard/NotificationList'
import { ProjectTable } from '@/components/dashboard/ProjectTable'
import { requireUser } from '@/lib/auth/guard'
import { dashboardProjects, needingAttention, notificationsOf, pendingInvitations } from '@/lib/data/dashboard'
import { currentViewer } from '@/lib/data/currentViewer'
import { formatNumber } from '@/lib/format'
import { reviewWaitOf } from '@/lib/data/moderation'
import { roughDuration } from '@/lib/moderation/wait'
import type { Project } from '@/payload-types'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dashboard.overview')
  return { title: t('metaTitle'), robots: { index: false } }
}

/**
 * /dashboard: what a creator looks at first — totals, what needs their attention (invitations,
 * rejected projects, reviews under way), unread notifications and their latest projects.
 */
export default async function DashboardOverviewPage() {
  await requireUser()
  const [t, tm, viewer] = await Promise.all([getTranslations('Dashboard.overview'), getTranslations('Moderation'), currentViewer()])
  const [projects, invitations, inbox] = await Promise.all([dashboardProjects(viewer), pendingInvitations(viewer), notificationsOf(viewer, { limit: 5 })])
  const attention = needingAttention(projects)
  // Each project under review: its place in the queue and the typical wait (issue 15 item 6).
  const waits = await Promise.all(attention.inReview.map((p) => reviewWaitOf(viewer, { status: p.status as Project['status'], queued: p.queued, published: null, createdAt: p.updated ?? new Date().toISOString() })))
  const totals = { downloads: projects.reduce((n, p) => n + p.downloads, 0), followers: projects.reduce((n, p) => n + p.followers, 0) }
  const todo = invitations.length + attention.rejected.length + attention.inReview.length
  return (
    <DashboardFrame active="overview" title={t('heading')} lead={t('lead')}>
      <div className="dashboard-stack">
        <dl className="dashboard-stats">
          <div>
            <dt>{t('projects')}</dt>
            <dd>{formatNumber(projects.length)}</dd>
          </div>
          <div>
            <dt>{t('downloads')}</dt>
            <dd>{formatNumber(totals.downloads)}</dd>
          </div>
          <div>
            <dt>{t('followers')}</dt>
            <dd>{formatNumber(totals.followers)}</dd>
          </div>
        </dl>

        <section className="settings-card" aria-labelledby="attention-title">
          <h2 id="attention-title" className="settings-card__title">
            {t('attention')}
          </h2>
          {todo === 0 ? (
            <p className="settings-card__lead">{t('nothingToDo')}</p>
          ) : (
            <ul className="dashboard-list">
              {invitations.map((i) => (
                <li key={i.memberId}>
                  {t.rich(i.kind === 'project' ? 'invitedProject' : 'invitedOrganization', { name: i.name, link: (chunks) => <Link href={i.path}>{chunks}</Link> })}
                </li>
              ))}
              {attention.rejected.map((p) => (
                <li key={p.id}>{t.rich(p.status === 'withheld' ? 'withheld' : 'rejected', { name: p.title, link: (chunks) => <Link href={p.path}>{chunks}</Link> })}</li>
              ))}
              {attention.inReview.map((p, i) => {
                const wait = waits[i]
                const typical = wait?.typicalMs == null ? null : roughDuration(wait.typicalMs)
                return (
                  <li key={p.id}>
                    {t.rich('inReview', { name: p.title, link: (chunks) => <Link href={p.path}>{chunks}</Link> })}
                    {wait ? (
                      <span className="dashboard-wait">
                        {' '}
                        {tm('wait.position', { position: wait.position })} {typical ? tm('wait.typical', { duration: tm(`duration.${typical.unit}`, { value: typical.value }) }) : tm('wait.noTypical')}
                      </span>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </section>

        <section className="settings-card" aria-labelledby="inbox-title">
          <h2 id="inbox-title" className="settings-card__title">
            {t('notifications', { count: inbox.unread })}
          </h2>
          {inbox.docs.length ? <NotificationList notifications={inbox.docs} /> : <p className="settings-card__lead">{t('noNotifications')}</p>}
          <p>
            <Link href="/dashboard/notifications">{t('allNotifications')}</Link>
          </p>
        </section>

        <section className="settings-card" aria-labelledby="projects-title">
          <h2 id="projects-title" className="settings-card__title">
            {t('latestProjects')}
          </h2>
          {projects.length ? <ProjectTable projects={projects.slice(0, 5)} caption={t('latestProjects')} /> : <p className="settings-card__lead">{t('noProjects')}</p>}
          <p>
            <Link href="/dashboard/projects">{t('allProjects')}</Link>
          </p>
        </section>
      </div>
    </DashboardFrame>
  )
}
