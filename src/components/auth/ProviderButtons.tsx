import { getTranslations } from 'next-intl/server'

import { configuredProviders, type ProviderId } from '@/lib/auth/providers/catalogue'

const ERRORS = ['providerFailed', 'emailTaken', 'twoFactor', 'linkedElsewhere'] as const

/**
 * Sign in or up with an external provider: one button per configured provider (none when none is
 * configured), and the error a failed provider sign-in came back with.
 */
export async function ProviderButtons({ redirect, error, errorProvider }: { redirect?: string; error?: string; errorProvider?: string }) {
  const providers = configuredProviders()
  const t = await getTranslations('Auth.providers')
  const failed = ERRORS.find((e) => e === error)
  const failedName = providers.find((p) => p.id === (errorProvider as ProviderId))?.name ?? t('aProvider')
  if (providers.length === 0 && !failed) return null
  const query = redirect && redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : ''
  return (
    <div className="auth-providers">
      {failed ? <p className="auth-form__error" role="alert">{t(`errors.${failed}`, { provider: failedName })}</p> : null}
      {providers.length ? (
        <>
          <ul className="auth-providers__list">
            {providers.map((p) => (
              <li key={p.id}>
                {/* A plain link: the route answers with a redirect to the provider. */}
                <a href={`/auth/provider/${p.id}${query}`} className="button button--secondary auth-providers__button" data-provider={p.id}>
                  {t('continueWith', { provider: p.name })}
                </a>
              </li>
            ))}
          </ul>
          <p className="auth-providers__or">{t('or')}</p>
        </>
      ) : null}
    </div>
  )
}
