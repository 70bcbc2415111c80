import config from '@payload-config'
import { cookies } from 'next/headers'
import { getPayload } from 'payload'

import { LAUNCHER_FINISH_PATH, welcomePath } from '@/lib/auth/launcher'
import { requestFor, userOf } from '@/lib/auth/request'
import { setSessionCookie } from '@/lib/auth/sessionCookie'
import { linkProvider, signInWithProvider } from '@/lib/auth/providers/accounts'
import { notFound, providerNamed, seeOther as to } from '@/lib/auth/providers/routes'
import { finishFlow, FLOW_COOKIE, openFlow } from '@/lib/auth/providers/flow'
import { PROVIDER_FLOW_COOKIE_PATH } from '@/lib/cookies'

export const dynamic = 'force-dynamic'

/**
 * /auth/provider/{provider}/callback: the provider sends the browser back here. Links the account to
 * the signed-in user, or signs in (a new account when nobody here has that provider account or email).
 */
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const { provider: id } = await params
  const provider = providerNamed(id)
  if (!provider) return notFound()
  const payload = await getPayload({ config })
  const store = await cookies()
  const flow = openFlow(store.get(FLOW_COOKIE)?.value, payload.secret)
  store.delete({ name: FLOW_COOKIE, path: PROVIDER_FLOW_COOKIE_PATH })
  const fail = (code: string, link = flow?.link) => to(link ? `/settings/account?provider=${code}` : `/auth/sign-in?error=${code}&provider=${id}`)
  if (!flow || flow.provider !== id) return fail('providerFailed')

  let profile
  try {
    profile = await finishFlow(provider, flow, new URL(request.url))
  } catch (error) {
    // Declined at the provider, a replayed or forged callback, a provider error: nothing changes here.
    payload.logger.warn({ err: error, msg: `sign-in with ${id} failed at the callback` })
  }
  if (!profile) return fail('providerFailed')

  if (flow.link) {
    const user = await userOf(payload, request.headers)
    if (!user) return to('/auth/sign-in?redirect=%2Fsettings%2Faccount')
    const linked = await linkProvider(payload, user.id, provider.id, profile)
    return to(`/settings/account?provider=${linked === 'linkedElsewhere' ? 'linkedElsewhere' : 'linked'}`)
  }

  const result = await signInWithProvider(payload, provider.id, profile, await requestFor(payload, request.headers))
  if (result.kind !== 'signedIn') return fail(result.kind)
  await setSessionCookie(payload, result.token)
  return to(result.created ? welcomePath(flow.redirect === LAUNCHER_FINISH_PATH) : flow.redirect)
}
