import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import type { StaffUserDetails as Details } from '@/lib/data/staffUser'

/** "View user details" for staff on a user's profile: a disclosure, closed by default. */
export async function StaffUserDetails({ details }: { details: Details }) {
  const [t, tp, format] = await Promise.all([getTranslations('Profile.staff'), getTranslations('Project.status'), getFormatter()])
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const reports = (list: Details['reportsBy']) => (
    <ul className="staff-details__list">
      {list.map((r) => (
        <li key={r.id}>
          <Link href={`/moderation/reports/${encodeURIComponent(r.id)}`}>{t('report', { type: r.itemType, state: r.closed ? t('closed') : t('open'), date: date(r.created) })}</Link>
        </li>
      ))}
    </ul>
  )
  return (
    <details id="staff-user-details" className="profile-card staff-details" data-testid="staff-user-details">
      <summary className="profile-card__title">{t('summary')}</summary>
      <dl className="staff-details__facts">
        <dt>{t('email')}</dt>
        <dd>{details.email ? `${details.email} (${details.emailVerified ? t('verified') : t('unverified')})` : t('emailHidden')}</dd>
        <dt>{t('role')}</dt>
        <dd>{details.role}</dd>
        <dt>{t('joined')}</dt>
        <dd>{date(details.joined)}</dd>
        <dt>{t('providers')}</dt>
        <dd>{details.providers.length ? details.providers.join(', ') : t('noProviders')}</dd>
      </dl>
      <h3 className="staff-details__heading">{t('sessions', { count: details.sessions.length })}</h3>
      {details.sessions.length ? (
        <ul className="staff-details__list">
          {details.sessions.map((s, i) => (
            <li key={i}>{t('session', { platform: s.platform || '?', os: s.os || '?', created: date(s.created) })}</li>
          ))}
        </ul>
      ) : (
        <p>{t('noSessions')}</p>
      )}
      <h3 className="staff-details__heading">{t('projects', { count: details.projects.length })}</h3>
      <ul className="staff-details__list">
        {details.projects.map((p) => (
          <li key={p.id}>
            <Link href={p.path}>{p.title}</Link> · {tp.has(p.status as never) ? tp(p.status as never) : p.status}
          </li>
        ))}
      </ul>
      <h3 className="staff-details__heading">{t('reportsBy', { count: details.reportsBy.length })}</h3>
      {reports(details.reportsBy)}
      <h3 className="staff-details__heading">{t('reportsAbout', { count: details.reportsAbout.length })}</h3>
      {reports(details.reportsAbout)}
    </details>
  )
}
