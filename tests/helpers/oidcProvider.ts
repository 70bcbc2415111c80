import type { Server } from 'node:http'

import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider on this machine (panva's oidc-provider with its development sign-in
 * pages: any login and password). The login names the account; an account whose login starts with
 * `unverified` has an email the provider has not verified.
 */
export async function startOidcProvider(port: number, redirectUris: string[]): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'e2e-client', client_secret: 'e2e-client-secret', redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['e2e-oidc-cookie-key'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: `sub-${id}`, email: `${id}@oidc.example`, email_verified: !id.startsWith('unverified'), preferred_username: id, name: id }),
    }),
  })
  const server: Server = provider.listen(port)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
