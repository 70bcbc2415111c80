import { getFieldsToSign, jwtSign, type Payload, type PayloadRequest } from 'payload'
import { addSessionToUser } from 'payload/shared'

import { recordSession } from './sessions'

/**
 * A session for a user who proved who they are some other way than a password (an external
 * provider, or a launcher handed a session by the signed-in browser): the same session and token Payload's login makes (a `sid` in `users.sessions`, a JWT
 * carrying it), noted on the sessions page like any sign-in — under `label.platform` when given.
 */
export async function issueSession(payload: Payload, userId: string, req: PayloadRequest, label?: { platform: string }): Promise<string> {
  const collectionConfig = payload.collections.users.config
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, showHiddenFields: true, req })
  const { sid } = await addSessionToUser({ collectionConfig, payload, req, user: { ...user, collection: 'users' } as never })
  const fieldsToSign = getFieldsToSign({ collectionConfig, email: user.email ?? '', sid, user: { ...user, collection: 'users' } as never })
  const { token } = await jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: collectionConfig.auth.tokenExpiration })
  await recordSession(req, userId, token, label)
  return token
}
