import { getFormatter, getTranslations } from 'next-intl/server'

import { AppIcon } from '@/components/settings/AppIcon'
import type { OwnApp } from '@/lib/data/oauth'

import { DeleteAppButton, EditAppForm } from './AppForms'

/** The user's applications: icon, name, client id, redirect URIs and scopes; each editable and deletable. */
export async function AppList({ apps }: { apps: OwnApp[] }) {
  const [t, scopeText, format] = await Promise.all([getTranslations('Applications'), getTranslations('Scopes'), getFormatter()])
  if (apps.length === 0) return <p className="project-settings__hint">{t('none')}</p>
  return (
    <ul className="token-list" aria-label={t('listLabel')}>
      {apps.map((app) => (
        <li key={app.id} className="settings-card token-row">
          <div className="token-row__head">
            <div className="app-row">
              <AppIcon name={app.name} iconUrl={app.iconUrl} size={48} />
              <div>
                <p className="token-row__name">{app.name}</p>
                <p className="session-card__meta">
                  <span>{t('clientIdValue', { id: app.id })}</span>
                  <span>{t('createdOn', { date: format.dateTime(new Date(app.created), { dateStyle: 'medium' }) })}</span>
                </p>
                <p className="token-row__scopes">{t('redirectsTo', { uris: app.redirectUris.join(', ') })}</p>
                <p className="token-row__scopes">{app.scopes.map((s) => scopeText(s)).join(', ')}</p>
              </div>
            </div>
            <DeleteAppButton id={app.id} name={app.name} />
          </div>
          <details className="token-row__details">
            <summary aria-label={t('editLabel', { name: app.name })}>{t('edit')}</summary>
            <EditAppForm id={app.id} initial={{ name: app.name, url: app.url ?? '', description: app.description ?? '', redirectUris: app.redirectUris.join('\n'), scopes: app.scopes }} />
          </details>
        </li>
      ))}
    </ul>
  )
}
