import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * How the site proves a request to a node's agent is its own: an HMAC-SHA256, keyed with the
 * node's token, over `METHOD\npath+query\ntimestamp\nsha256(body)`. The agent refuses a missing or
 * wrong signature, a timestamp more than a minute off its clock, and a signature it has already
 * seen inside that minute (a replay).
 */
export const TIMESTAMP_HEADER = 'x-blockforge-timestamp'
export const SIGNATURE_HEADER = 'x-blockforge-signature'
/** How far a request's timestamp may be from the agent's clock, either way. */
export const MAX_CLOCK_SKEW_MS = 60_000

/**
 * `body` is the exact bytes sent: a string (hashed as UTF-8, as fetch sends it) or the raw bytes of
 * a binary body (an upload chunk). The same bytes hash the same either way.
 */
export type SignedRequest = { method: string; path: string; body: string | Uint8Array }

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/** The text both sides sign: method, path with its query exactly as sent, timestamp, body digest. */
export const canonicalRequest = (req: SignedRequest, timestamp: string): string =>
  `${req.method.toUpperCase()}\n${req.path}\n${timestamp}\n${sha256Hex(req.body)}`

const hmacHex = (token: string, text: string) => createHmac('sha256', token).update(text).digest('hex')

// Timestamps are milliseconds, moved on by one when they would repeat the last one this process
// gave, so two identical requests in the same millisecond (a page polling a state) are not taken for
// a replay of each other. A time well before the last (a test signing in the past) is kept as is.
let lastTimestamp = 0
function uniqueTimestamp(now: number): number {
  const ms = Math.floor(now)
  if (ms < lastTimestamp - 1000) return ms
  lastTimestamp = Math.max(ms, lastTimestamp + 1)
  return lastTimestamp
}

/** The headers that sign `req` with the node's token. */
export function signRequest(token: string, req: SignedRequest, now = Date.now()): Record<string, string> {
  const timestamp = String(uniqueTimestamp(now))
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: hmacHex(token, canonicalRequest(req, timestamp)) }
}

/**
 * Signatures seen inside the accepted window, each forgotten once its timestamp could no longer
 * pass the clock check anyway. Bounded: past `max` entries the oldest are dropped first.
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>()
  constructor(private readonly max = 100_000) {}

  /** True the first time `signature` is offered; false for a repeat still inside the window. */
  firstSighting(signature: string, timestampMs: number, now: number): boolean {
    for (const [sig, ts] of this.seen) {
      if (ts >= now - MAX_CLOCK_SKEW_MS && this.seen.size < this.max) break
      this.seen.delete(sig)
    }
    if (this.seen.has(signature)) return false
    this.seen.set(signature, Math.max(timestampMs, now))
    return true
  }
}

export type Verdict = { ok: true } | { ok: false; error: 'unauthorized'; description: string }

const refuse = (description: string): Verdict => ({ ok: false, error: 'unauthorized', description })
const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

/** Checks a request's signature headers (the agent's side of `signRequest`). */
export function verifyRequest(
  token: string,
  req: SignedRequest & { headers: Record<string, string | string[] | undefined> },
  replay: ReplayGuard,
  now = Date.now(),
): Verdict {
  const timestamp = headerOf(req.headers, TIMESTAMP_HEADER)
  const signature = headerOf(req.headers, SIGNATURE_HEADER)
  if (!timestamp || !signature) return refuse('This request is not signed.')
  if (!/^\d{1,16}$/.test(timestamp)) return refuse('The request timestamp is malformed.')
  const ts = Number(timestamp)
  if (Math.abs(now - ts) > MAX_CLOCK_SKEW_MS) return refuse('The request timestamp is more than 60 seconds off the node clock.')
  const expected = Buffer.from(hmacHex(token, canonicalRequest(req, timestamp)), 'hex')
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse('The request signature is wrong.')
  if (!replay.firstSighting(signature.toLowerCase(), ts, now)) return refuse('This request was already received (replay).')
  return { ok: true }
}
