import { logoutOperation, type Payload } from 'payload'

import { requestFor, userOf } from './request'

/** Ends the session the request's cookie belongs to (Payload's logout: that session id only). */
export async function signOut(payload: Payload, headers: Headers): Promise<void> {
  // The cookie's session only (`userOf`): a token in Authorization is not a session to end here.
  const user = await userOf(payload, headers)
  if (!user) return
  const req = await requestFor(payload, headers, user)
  await logoutOperation({ collection: payload.collections.users, req })
}
