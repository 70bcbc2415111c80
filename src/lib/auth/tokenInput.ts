import { z } from 'zod'

import { isScopeName, RESTRICTED_SCOPES, Scopes, type ScopeName } from '../../access/core/scopes'

/** What the token form sends, checked: the error keys are the `Tokens.errors` messages. */
export type TokenInput = { name: string; expiresAt: string; scopes: string }
export type TokenInputErrors = Partial<Record<'name' | 'expires' | 'scopes', 'name' | 'expires' | 'expiresPast' | 'scopes'>>

const name = z.string().trim().min(3).max(255)
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * Name 3–255 and an expiry date (spec §5: a PAT needs both), the date after today; expiry is the end
 * of that day in UTC. Scopes are names of grantable scopes only: a restricted one is refused.
 */
export function parseTokenInput(raw: { name: unknown; expires: unknown; scopes: unknown[] }, now = new Date()): { ok: true; value: TokenInput } | { ok: false; errors: TokenInputErrors } {
  const errors: TokenInputErrors = {}
  const n = name.safeParse(raw.name)
  if (!n.success) errors.name = 'name'
  const d = day.safeParse(raw.expires)
  const expiresAt = d.success ? new Date(`${d.data}T23:59:59.999Z`) : null
  if (!expiresAt || Number.isNaN(expiresAt.getTime())) errors.expires = 'expires'
  else if (expiresAt.getTime() <= now.getTime() || d.data! <= now.toISOString().slice(0, 10)) errors.expires = 'expiresPast'
  let bits = 0n
  for (const s of raw.scopes) {
    if (typeof s !== 'string' || !isScopeName(s) || (Scopes[s as ScopeName] & RESTRICTED_SCOPES) !== 0n) errors.scopes = 'scopes'
    else bits |= Scopes[s]
  }
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { name: n.data!, expiresAt: expiresAt!.toISOString(), scopes: bits.toString() } }
}
