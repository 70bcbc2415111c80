import { logoutOperation, type Payload } from 'payload'

import { requestFor, userOf } from './request'

/** Ends the session the request's cookie belongs to (Payload's logout: that session id only). */
export async function signOut(payload: Payload, headers: Headers): Promise<void> {
  const user = await userOf(payload, headers)
  // A personal access token is not a session; there is nothing to end for it here.
  if (!user || user._strategy !== 'local-jwt') return
  const req = await requestFor(payload, headers, user)
  await logoutOperation({ collection: payload.collections.users, req })
}
