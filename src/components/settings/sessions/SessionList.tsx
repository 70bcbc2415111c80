import { getFormatter, getTranslations } from 'next-intl/server'

import type { SessionSummary } from '@/lib/auth/sessions'

import { revokeSessionAction } from './actions'

/** The account's sessions (spec §3 Session: OS, platform, created, last accessed, current flag). */
export async function SessionList({ sessions }: { sessions: SessionSummary[] }) {
  const [t, format] = await Promise.all([getTranslations('Sessions'), getFormatter()])
  const now = new Date()
  return (
    <ul className="session-list" aria-label={t('title')}>
      {sessions.map((s) => {
        const device = [s.os, s.platform].filter(Boolean).join(' · ') || t('unknownDevice')
        return (
          <li key={s.id} className="settings-card session-card">
            <div className="session-card__main">
              <p className="session-card__device">
                {device}
                {s.current ? <span className="session-card__current">{t('current')}</span> : null}
              </p>
              <p className="session-card__meta">
                <time dateTime={s.created} title={format.dateTime(new Date(s.created), { dateStyle: 'medium', timeStyle: 'short' })}>{t('created', { date: format.relativeTime(new Date(s.created), now) })}</time>
                <time dateTime={s.lastAccessed}>{t('lastAccessed', { date: format.relativeTime(new Date(s.lastAccessed), now) })}</time>
                <time dateTime={s.expires}>{t('expires', { date: format.dateTime(new Date(s.expires), { dateStyle: 'medium' }) })}</time>
              </p>
            </div>
            {s.current ? null : (
              <form action={revokeSessionAction}>
                <input type="hidden" name="session" value={s.id} />
                <button type="submit" className="button button--secondary" aria-label={t('revokeLabel', { device })}>{t('revoke')}</button>
              </form>
            )}
          </li>
        )
      })}
    </ul>
  )
}
