import config from '@payload-config'
import { getPayload } from 'payload'

import { launcherDestination } from '@/lib/auth/launcherSession'
import { userOf } from '@/lib/auth/request'

export const dynamic = 'force-dynamic'

const go = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } })

/**
 * /auth/launcher/finish: where a launcher's sign-in ends when it does not end in the sign-in form
 * (already signed in, a provider, the welcome page after sign-up): src/lib/auth/launcherSession.ts.
 * It mints a session, so it answers the browser's session cookie only (`userOf`): a token in
 * `Authorization` — a PAT, an OAuth token, a session token — gets the sign-in page like anyone
 * signed out, so no token becomes a session here.
 */
export async function GET(request: Request) {
  const payload = await getPayload({ config })
  const user = await userOf(payload, request.headers)
  if (!user) return go('/auth/sign-in?launcher=true')
  return go(await launcherDestination(payload, user, request.headers))
}
