import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The browser's ticket to one server's console on the node: an HS256 JWT the site mints and the
 * agent checks, both with the node's token — so the console stream does not pass through the site
 * (Pterodactyl Wings gives the browser the same kind of short-lived token).
 *
 * The HMAC key is derived from the node token, not the token itself, so a console token can never
 * be mistaken for a request signature or the other way round.
 */
export const CONSOLE_PERMS = ['console', 'power'] as const
export type ConsolePerm = (typeof CONSOLE_PERMS)[number]

/** `exp` is in seconds since the epoch, as in any JWT. */
export type ConsoleClaims = { server: string; user: string; perms: ConsolePerm[]; exp: number }

/** What the site gives a console token by default: ten minutes; the page asks for another after. */
export const CONSOLE_TOKEN_TTL_SECONDS = 10 * 60

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')
const keyOf = (nodeToken: string) => createHmac('sha256', nodeToken).update('blockforge console token v1').digest()
const sign = (nodeToken: string, text: string) => createHmac('sha256', keyOf(nodeToken)).update(text).digest()

export function mintConsoleToken(nodeToken: string, claims: ConsoleClaims): string {
  const body = Buffer.from(JSON.stringify({ server: claims.server, user: claims.user, perms: claims.perms, exp: claims.exp })).toString('base64url')
  return `${HEADER}.${body}.${sign(nodeToken, `${HEADER}.${body}`).toString('base64url')}`
}

export type ConsoleTokenVerdict = { ok: true; claims: ConsoleClaims } | { ok: false; reason: string }

const isClaims = (v: unknown): v is ConsoleClaims => {
  if (!v || typeof v !== 'object') return false
  const c = v as Record<string, unknown>
  return (
    typeof c.server === 'string' &&
    typeof c.user === 'string' &&
    Number.isFinite(c.exp) &&
    Array.isArray(c.perms) &&
    c.perms.every((p) => (CONSOLE_PERMS as readonly unknown[]).includes(p))
  )
}

/** Checks a console token for `server` (the agent's side of `mintConsoleToken`). */
export function verifyConsoleToken(nodeToken: string, token: string, server: string, nowMs = Date.now()): ConsoleTokenVerdict {
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'Not a console token.' }
  const given = Buffer.from(parts[2], 'base64url')
  const expected = sign(nodeToken, `${parts[0]}.${parts[1]}`)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'The console token signature is wrong.' }
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'Not a console token.' }
  }
  if (!isClaims(claims)) return { ok: false, reason: 'Not a console token.' }
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'The console token has expired.' }
  if (claims.server !== server) return { ok: false, reason: 'This console token is for another server.' }
  return { ok: true, claims }
}
