import { env } from '../../env'

/**
 * The external sign-in providers the reference lists. OpenID Connect ones are found by discovery from
 * their issuer (overridable, e.g. a self-hosted GitLab); GitHub and Discord speak plain OAuth 2 and
 * name the user through their own APIs. Only providers with a client id and secret in the
 * environment are offered.
 */
export const PROVIDER_IDS = ['github', 'discord', 'gitlab', 'google', 'microsoft'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]

type OidcDef = { kind: 'oidc'; name: string; issuer: string; scope: string }
type OAuthDef = { kind: 'oauth2'; name: string; authorizationEndpoint: string; tokenEndpoint: string; profileUrl: string; emailsUrl?: string; scope: string }
export type ProviderDef = OidcDef | OAuthDef

export const PROVIDERS: Record<ProviderId, ProviderDef> = {
  github: {
    kind: 'oauth2', name: 'GitHub', scope: 'read:user user:email',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize', tokenEndpoint: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user', emailsUrl: 'https://api.github.com/user/emails',
  },
  discord: {
    kind: 'oauth2', name: 'Discord', scope: 'identify email',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize', tokenEndpoint: 'https://discord.com/api/oauth2/token', profileUrl: 'https://discord.com/api/users/@me',
  },
  gitlab: { kind: 'oidc', name: 'GitLab', issuer: 'https://gitlab.com', scope: 'openid email profile' },
  google: { kind: 'oidc', name: 'Google', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  microsoft: { kind: 'oidc', name: 'Microsoft', issuer: 'https://login.microsoftonline.com/consumers/v2.0', scope: 'openid email profile' },
}

export type ConfiguredProvider = { id: ProviderId; name: string; clientId: string; clientSecret: string; def: ProviderDef }

/** `AUTH_GITHUB_ID` + `AUTH_GITHUB_SECRET` (and `AUTH_GITLAB_ISSUER` to point an OIDC provider elsewhere). */
export function configuredProviders(vars: Record<string, string | undefined> = env.authProviderVars()): ConfiguredProvider[] {
  return PROVIDER_IDS.flatMap((id) => {
    const key = id.toUpperCase()
    const clientId = vars[`AUTH_${key}_ID`]?.trim()
    const clientSecret = vars[`AUTH_${key}_SECRET`]?.trim()
    if (!clientId || !clientSecret) return []
    const base = PROVIDERS[id]
    const issuer = vars[`AUTH_${key}_ISSUER`]?.trim()
    const def = base.kind === 'oidc' && issuer ? { ...base, issuer } : base
    return [{ id, name: base.name, clientId, clientSecret, def }]
  })
}

export const isProviderId = (value: string): value is ProviderId => (PROVIDER_IDS as readonly string[]).includes(value)

/** What we take from the provider about the person. */
export type ExternalProfile = { subject: string; email: string | null; emailVerified: boolean; username: string | null }

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null)

/** OpenID Connect claims → profile. An email counts as verified only when the provider says so. */
export function profileFromClaims(claims: Record<string, unknown>): ExternalProfile | null {
  const subject = str(claims.sub)
  if (!subject) return null
  return { subject, email: str(claims.email), emailVerified: claims.email_verified === true, username: str(claims.preferred_username) ?? str(claims.nickname) ?? str(claims.name) }
}

/** GitHub's `/user` and `/user/emails` → profile: the primary verified address, if any. */
export function profileFromGitHub(user: Record<string, unknown>, emails: unknown): ExternalProfile | null {
  const subject = str(user.id)
  if (!subject) return null
  const list = Array.isArray(emails) ? (emails as { email?: string; primary?: boolean; verified?: boolean }[]) : []
  const primary = list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified)
  return { subject, email: primary?.email ?? null, emailVerified: !!primary, username: str(user.login) }
}

/** Discord's `/users/@me` → profile (`verified` is about the email). */
export function profileFromDiscord(user: Record<string, unknown>): ExternalProfile | null {
  const subject = str(user.id)
  if (!subject) return null
  return { subject, email: str(user.email), emailVerified: user.verified === true, username: str(user.username) }
}

/** A username of ours from the provider's name: allowed characters only, 1–32 long, never empty. */
export function usernameFrom(profile: ExternalProfile): string {
  const base = (profile.username ?? profile.email?.split('@')[0] ?? '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32)
  return base || 'user'
}
