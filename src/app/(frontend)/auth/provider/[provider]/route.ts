import config from '@payload-config'
import { cookies } from 'next/headers'
import { getPayload } from 'payload'

import { userOf } from '@/lib/auth/request'
import { afterSignInPath, signInPathFor } from '@/lib/auth/signInPath'
import { notFound, providerNamed, seeOther as to } from '@/lib/auth/providers/routes'
import { FLOW_COOKIE, sealFlow, startFlow } from '@/lib/auth/providers/flow'
import { providerFlowCookieOptions } from '@/lib/cookies'
import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'

/**
 * /auth/provider/{provider}: starts signing in (or, with `?link=1`, linking) with an external
 * provider — PKCE, state and nonce kept in a signed HttpOnly cookie for the callback.
 */
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const { provider: id } = await params
  const provider = providerNamed(id)
  if (!provider) return notFound()
  const url = new URL(request.url)
  const link = url.searchParams.get('link') === '1'
  const payload = await getPayload({ config })
  if (link && !(await userOf(payload, request.headers))) return to(signInPathFor('/settings/account'))
  const redirect = link ? '/settings/account' : afterSignInPath(url.searchParams.get('redirect'))
  try {
    const flow = await startFlow(provider, redirect, link)
    const store = await cookies()
    store.set(FLOW_COOKIE, sealFlow(flow.state, payload.secret), providerFlowCookieOptions(env.secureCookies()))
    return to(flow.url.href)
  } catch (error) {
    payload.logger.error({ err: error, msg: `sign-in with ${id} could not start` })
    return to(link ? '/settings/account?provider=failed' : '/auth/sign-in?error=providerFailed')
  }
}
