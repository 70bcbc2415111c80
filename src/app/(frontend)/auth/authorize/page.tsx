import config from '@payload-config'
import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { AuthCard } from '@/components/auth/AuthCard'
import { AuthorizeRequest } from '@/components/oauth/AuthorizeRequest'
import { requireUser } from '@/lib/auth/guard'
import { AuthorizeQuery, checkAuthorizeRequest } from '@/lib/oauth/authorize'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('OAuth')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Search = Promise<Record<string, string | string[] | undefined>>

/**
 * /auth/authorize (auth): an application asks to act for the signed-in user. Shows the app, its
 * creator, the permissions and where the user goes next; Authorize / Decline answer the flow. A
 * request that cannot be trusted (unknown app, unregistered redirect URI, a scope it may not ask
 * for) is explained here and never sent back to the app.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser()
  const [t, raw, payload] = await Promise.all([getTranslations('OAuth'), searchParams, getPayload({ config })])
  const first = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]))
  const query = AuthorizeQuery.safeParse(first)
  const check = query.success ? await checkAuthorizeRequest(payload, user.id, query.data) : ({ kind: 'problem', problem: 'unknownApp' } as const)
  if (check.kind === 'redirect') redirect(check.location)
  if (check.kind === 'problem') {
    return (
      <AuthCard title={t('problemTitle')}>
        <p className="auth-form__error" role="alert">{t(`problems.${check.problem}`)}</p>
        <p className="auth-form__lead">{t('problemHelp')}</p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('title', { app: check.app.name })}>
      <AuthorizeRequest flowId={check.flowId} app={check.app} scopes={check.scopes} redirectUri={check.redirectUri} username={user.username ?? ''} />
    </AuthCard>
  )
}
