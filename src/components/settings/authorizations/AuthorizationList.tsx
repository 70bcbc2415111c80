import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { AppIcon } from '@/components/settings/AppIcon'
import type { GrantedApp } from '@/lib/data/oauth'

import { RevokeAppButton } from './RevokeAppButton'

/** The applications the user authorized, with what each may do; Revoke ends its access at once. */
export async function AuthorizationList({ apps }: { apps: GrantedApp[] }) {
  const [t, scopeText, format] = await Promise.all([getTranslations('Authorizations'), getTranslations('Scopes'), getFormatter()])
  if (apps.length === 0) return <p className="project-settings__hint">{t('none')}</p>
  return (
    <ul className="token-list" aria-label={t('listLabel')}>
      {apps.map((app) => (
        <li key={app.appId} className="settings-card token-row">
          <div className="token-row__head">
            <div className="app-row">
              <AppIcon name={app.name} iconUrl={app.iconUrl} size={48} />
              <div>
                <p className="token-row__name">{app.name}</p>
                <p className="session-card__meta">
                  {app.creator ? <span>{t.rich('by', { creator: () => <Link href={`/user/${encodeURIComponent(app.creator!)}`}>{app.creator}</Link> })}</span> : null}
                  <span>{t('authorizedOn', { date: format.dateTime(new Date(app.authorized), { dateStyle: 'medium' }) })}</span>
                </p>
                <p className="token-row__scopes">{app.scopes.map((s) => scopeText(s)).join(', ')}</p>
              </div>
            </div>
            <RevokeAppButton appId={app.appId} name={app.name} />
          </div>
        </li>
      ))}
    </ul>
  )
}
