import { getFormatter, getTranslations } from 'next-intl/server'

import type { TokenSummary } from '@/lib/data/tokens'

import { EditTokenForm, RevokeTokenButton } from './TokenForms'

/** The account's tokens (spec §3: name, expiry, last used, scopes), each editable and revocable. */
export async function TokenList({ tokens }: { tokens: TokenSummary[] }) {
  const [t, scopeText, format] = await Promise.all([getTranslations('Tokens'), getTranslations('Scopes'), getFormatter()])
  if (tokens.length === 0) return <p className="project-settings__hint">{t('none')}</p>
  const now = new Date()
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  return (
    <ul className="token-list" aria-label={t('listLabel')}>
      {tokens.map((token) => {
        const expired = new Date(token.expires) <= now
        return (
          <li key={token.id} className="settings-card token-row">
            <div className="token-row__head">
              <div>
                <p className="token-row__name">{token.name}</p>
                <p className="session-card__meta">
                  <span>{t('createdOn', { date: day(token.created) })}</span>
                  <span className={expired ? 'token-row__expired' : undefined}>{expired ? t('expiredOn', { date: day(token.expires) }) : t('expiresOn', { date: day(token.expires) })}</span>
                  <span>{token.lastUsed ? t('lastUsed', { date: format.relativeTime(new Date(token.lastUsed), now) }) : t('neverUsed')}</span>
                </p>
                <p className="token-row__scopes" title={token.scopes.map((s) => scopeText(s)).join(', ')}>
                  {t('scopeCount', { count: token.scopes.length })}
                  {token.scopes.length ? `: ${token.scopes.map((s) => scopeText(s)).join(', ')}` : ''}
                </p>
              </div>
              <RevokeTokenButton id={token.id} name={token.name} />
            </div>
            <details className="token-row__details">
              <summary aria-label={t('editLabel', { name: token.name })}>{t('edit')}</summary>
              <EditTokenForm id={token.id} initial={{ name: token.name, expires: token.expires.slice(0, 10), scopes: token.scopes }} />
            </details>
          </li>
        )
      })}
    </ul>
  )
}
