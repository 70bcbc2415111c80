import type { Payload } from 'payload'

import { env } from '../env'
import { issueSession } from './issueSession'
import { LAUNCHER_PLATFORM, launcherBaseUrl, launcherRedirect } from './launcher'
import { requestFor } from './request'
import type { AuthUser } from '../data/viewer'

/**
 * The end of a launcher's sign-in: a session of the app's own (the browser keeps its one), named on
 * the sessions page, and the address the browser goes to with its token — only the one the operator
 * configured (LAUNCHER_REDIRECT_URL) or the site's own page, so whoever sent the person here learns nothing.
 *
 * `user` must come from a session: the sign-in just made (password, and the second factor where the
 * account has it on) or the browser's session cookie (`userOf`), never a token. A live session of an
 * account with two-factor on has passed it: every sign-in asks for it, providers and the password
 * reset do not sign such an account in, and turning it on ends the sessions begun before
 * (`confirmTwoFactorSetup`).
 */
export async function launcherDestination(payload: Payload, user: AuthUser, headers: Headers): Promise<string> {
  const token = await issueSession(payload, user.id, await requestFor(payload, headers, user), { platform: LAUNCHER_PLATFORM })
  return launcherRedirect(launcherBaseUrl(env.launcherRedirectUrl(), env.siteUrl()), token)
}
