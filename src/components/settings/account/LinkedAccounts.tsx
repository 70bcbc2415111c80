import { getTranslations } from 'next-intl/server'

import { configuredProviders, type ProviderId } from '@/lib/auth/providers/catalogue'

import { unlinkProviderAction } from './providerActions'

const OUTCOMES = { linked: 'linked', linkedElsewhere: 'linkedElsewhere', failed: 'failed' } as const

/** Account settings: the configured providers, each linked (unlink) or not (link). */
export async function LinkedAccounts({ linked, outcome, unlinked }: { linked: { provider: ProviderId; email: string | null }[]; outcome?: string; unlinked?: string }) {
  const t = await getTranslations('AccountSettings.providers')
  const providers = configuredProviders()
  const message = outcome && outcome in OUTCOMES ? OUTCOMES[outcome as keyof typeof OUTCOMES] : null
  const unlinkedName = providers.find((p) => p.id === unlinked)?.name
  return (
    <section className="settings-card account-card" aria-labelledby="acct-providers">
      <h2 id="acct-providers" className="settings-card__title">{t('heading')}</h2>
      <p className="project-settings__hint">{providers.length ? t('lead') : t('none')}</p>
      {message === 'linked' ? <p className="project-settings__saved" role="status">{t('linked')}</p> : null}
      {message && message !== 'linked' ? <p className="project-settings__error" role="alert">{t(message)}</p> : null}
      {unlinkedName ? <p className="project-settings__saved" role="status">{t('unlinked', { provider: unlinkedName })}</p> : null}
      {providers.length ? (
        <ul className="linked-accounts">
          {providers.map((p) => {
            const link = linked.find((l) => l.provider === p.id)
            return (
              <li key={p.id} className="linked-accounts__row">
                <span className="linked-accounts__name">{p.name}</span>
                <span className="linked-accounts__state">{link ? t('linkedAs', { email: link.email ?? 'none' }) : t('notLinked')}</span>
                {link ? (
                  <form action={unlinkProviderAction}>
                    <input type="hidden" name="provider" value={p.id} />
                    <button type="submit" className="button button--secondary">{t('unlink', { provider: p.name })}</button>
                  </form>
                ) : (
                  <a href={`/auth/provider/${p.id}?link=1`} className="button button--secondary">{t('link', { provider: p.name })}</a>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
