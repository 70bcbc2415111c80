import { JWTAuthentication, type AuthStrategy } from 'payload'

import { isSameOriginRequest } from '../../lib/http/servedOrigin'

/**
 * The session cookie on a same-origin request to an address `SITE_URL` does not name (another port,
 * the machine's LAN address, a second instance behind its own host name). Payload's own cookie check
 * trusts only the `csrf` list, so without this every save in the admin and every signed-in form on
 * such an address was refused. Custom strategies run before Payload's own; this one acts only on a
 * same-origin request and checks the session exactly as Payload does (signature, user, live session
 * id), with the Origin — already proven to be this very address — taken off so the allowlist does
 * not apply. Anything else falls through to Payload's strategy and its allowlist.
 */
export const servedOriginStrategy: AuthStrategy = {
  name: 'served-origin',
  authenticate: async (args) => {
    if (!isSameOriginRequest(args.headers)) return { user: null }
    const headers = new Headers(args.headers)
    headers.delete('origin')
    headers.set('sec-fetch-site', 'same-origin')
    headers.set('DisableAutologin', 'true')
    // 'local-jwt' so sessions, refresh and logout treat the user as signed in by cookie.
    return JWTAuthentication({ ...args, headers, strategyName: 'local-jwt' })
  },
}
