import { z } from 'zod'

import { isScopeName, RESTRICTED_SCOPES, Scopes, type ScopeName } from '../../access/core/scopes'
import { checkRedirectUri } from './redirectUri'

/** What the application form sends, checked: the error keys are the `Applications.errors` messages. */
export type AppInput = { name: string; url: string | null; description: string | null; redirectUris: { uri: string }[]; maxScopes: string }
export type AppField = 'name' | 'url' | 'description' | 'redirectUris' | 'scopes'
export type AppInputErrors = Partial<Record<AppField, string>>
export type AppFormRaw = { name: unknown; url: unknown; description: unknown; redirectUris: unknown; scopes: unknown[] }

export const MAX_REDIRECT_URIS = 10

/**
 * Name 3–255, an optional https home page and a short description, one to ten redirect URIs (one a
 * line; each checked by `checkRedirectUri`, whose words are shown), and grantable scopes only.
 */
export function parseAppInput(raw: AppFormRaw): { ok: true; value: AppInput } | { ok: false; errors: AppInputErrors } {
  const errors: AppInputErrors = {}
  const name = z.string().trim().min(3).max(255).safeParse(raw.name)
  if (!name.success) errors.name = 'name'
  const urlText = typeof raw.url === 'string' ? raw.url.trim() : ''
  if (urlText && (urlText.length > 255 || !/^https?:\/\/[^\s]+$/i.test(urlText))) errors.url = 'url'
  const description = typeof raw.description === 'string' ? raw.description.trim() : ''
  if (description.length > 255) errors.description = 'description'
  const uris = (typeof raw.redirectUris === 'string' ? raw.redirectUris : '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean)
  if (uris.length === 0) errors.redirectUris = 'redirectUrisNone'
  else if (uris.length > MAX_REDIRECT_URIS) errors.redirectUris = 'redirectUrisMany'
  else {
    const bad = uris.map((u) => [u, checkRedirectUri(u)] as const).find(([, problem]) => problem)
    if (bad) errors.redirectUris = `${bad[0]}: ${bad[1]}`
  }
  let bits = 0n
  for (const s of raw.scopes) {
    if (typeof s !== 'string' || !isScopeName(s) || (Scopes[s as ScopeName] & RESTRICTED_SCOPES) !== 0n) errors.scopes = 'scopes'
    else bits |= Scopes[s]
  }
  if (!errors.scopes && bits === 0n) errors.scopes = 'scopesNone'
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { name: name.data!, url: urlText || null, description: description || null, redirectUris: [...new Set(uris)].map((uri) => ({ uri })), maxScopes: bits.toString() } }
}
