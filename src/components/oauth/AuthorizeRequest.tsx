'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'
import { useState } from 'react'

import type { ScopeName } from '@/access/core/scopes'
import { AppIcon } from '@/components/settings/AppIcon'
import type { AppSummary } from '@/lib/oauth/authorize'

/** Where the answer leads: labrinth answers Authorize and Decline with the address as a JSON string. */
async function answer(flow: string, allowed: boolean): Promise<string | null> {
  const res = await fetch(`/_internal/oauth/${allowed ? 'accept' : 'reject'}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ flow }), credentials: 'same-origin' })
  const body: unknown = await res.json().catch(() => null)
  return res.ok && typeof body === 'string' ? body : null
}

export function AuthorizeRequest({ flowId, app, scopes, redirectUri, username }: { flowId: string; app: AppSummary; scopes: ScopeName[]; redirectUri: string; username: string }) {
  const t = useTranslations('OAuth')
  const scopeText = useTranslations('Scopes')
  const [pending, setPending] = useState<'accept' | 'reject' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const target = (() => {
    try {
      const url = new URL(redirectUri)
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : url.protocol.replace(/:$/, '')
    } catch {
      return redirectUri
    }
  })()

  async function decide(allowed: boolean) {
    setPending(allowed ? 'accept' : 'reject')
    setError(null)
    const location = await answer(flowId, allowed).catch(() => null)
    if (location) {
      window.location.assign(location)
      return
    }
    setPending(null)
    setError(t('noRedirect'))
  }

  return (
    <div className="oauth-request">
      <div className="oauth-request__app">
        <AppIcon name={app.name} iconUrl={app.iconUrl} size={64} />
        <div>
          <p className="oauth-request__name">{app.name}</p>
          {app.creator ? (
            <p className="oauth-request__by">
              {t.rich('by', { creator: () => <Link href={`/user/${encodeURIComponent(app.creator!.username)}`}>{app.creator!.username}</Link> })}
            </p>
          ) : null}
        </div>
      </div>
      <p className="auth-form__lead">{t('lead', { app: app.name, username })}</p>
      <h2 className="oauth-request__heading">{t('permissions')}</h2>
      <ul className="oauth-request__scopes">
        {scopes.map((s) => (
          <li key={s}>{scopeText(s)}</li>
        ))}
      </ul>
      <p className="oauth-request__target">{t.rich('redirect', { target: () => <strong>{target}</strong> })}</p>
      {error ? <p className="auth-form__error" role="alert">{error}</p> : null}
      <div className="oauth-request__actions">
        <button type="button" className="button button--secondary" disabled={pending !== null} onClick={() => decide(false)}>
          {t('decline')}
        </button>
        <button type="button" className="button button--primary" disabled={pending !== null} onClick={() => decide(true)}>
          {t('authorize')}
        </button>
      </div>
    </div>
  )
}
