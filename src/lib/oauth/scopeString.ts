import { isScopeName, RESTRICTED_SCOPES, Scopes, scopeNames, type ScopeName } from '../../access/core/scopes'

/**
 * An OAuth `scope` parameter: scope names (`USER_READ PROJECT_READ`, labrinth's spelling) separated
 * by spaces or `+`. Unknown names and restricted (session-only) scopes are refused.
 */
export type ScopeParse = { ok: true; bits: bigint; names: ScopeName[] } | { ok: false; error: 'unknown' | 'restricted' | 'empty'; name?: string }

export function parseScopeString(value: string | string[] | null | undefined): ScopeParse {
  const parts = (Array.isArray(value) ? value.join(' ') : (value ?? '')).split(/[\s+]+/).filter(Boolean)
  if (parts.length === 0) return { ok: false, error: 'empty' }
  let bits = 0n
  for (const part of parts) {
    const name = part.toUpperCase()
    if (!isScopeName(name)) return { ok: false, error: 'unknown', name: part }
    bits |= Scopes[name]
  }
  if ((bits & RESTRICTED_SCOPES) !== 0n) return { ok: false, error: 'restricted', name: scopeNames(bits & RESTRICTED_SCOPES)[0] }
  return { ok: true, bits, names: scopeNames(bits) }
}

/** Scope bits as the space-separated names the OAuth library passes around. */
export const scopeList = (bits: bigint): string[] => scopeNames(bits)
