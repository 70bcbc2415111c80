import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import { z } from 'zod'

/**
 * The pending "may this app act for you?" question between the authorize page and Authorize /
 * Decline: signed with the server's secret and bound to the user, so nothing is stored for it and a
 * flow id cannot be forged, replayed by another user, or reused after ten minutes.
 */
export const FLOW_LIFETIME_MS = 10 * 60_000

const Flow = z.object({
  u: z.string(), // user
  c: z.string(), // client (app) id
  r: z.string(), // redirect uri
  s: z.string(), // scope bits
  st: z.string().optional(), // state
  cc: z.string().optional(), // PKCE code challenge
  cm: z.string().optional(), // PKCE method
  e: z.number(), // expiry (ms)
  n: z.string(), // nonce: two flows for the same request differ
})
export type FlowData = { user: string; client: string; redirectUri: string; scopes: bigint; state?: string; codeChallenge?: string; codeChallengeMethod?: string }

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`oauth-flow.${body}`).digest('base64url')

export function signFlow(secret: string, data: FlowData, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ u: data.user, c: data.client, r: data.redirectUri, s: data.scopes.toString(), st: data.state, cc: data.codeChallenge, cm: data.codeChallengeMethod, e: now + FLOW_LIFETIME_MS, n: randomBytes(8).toString('base64url') }),
  ).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

/** The flow, if its signature holds, it has not expired and it was made for `user`; else null. */
export function readFlow(secret: string, flowId: string, user: string, now = Date.now()): FlowData | null {
  const [body, sig, extra] = flowId.split('.')
  if (!body || !sig || extra !== undefined) return null
  const expected = Buffer.from(mac(secret, body))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let parsed: z.infer<typeof Flow>
  try {
    const result = Flow.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
    if (!result.success) return null
    parsed = result.data
  } catch {
    return null
  }
  if (parsed.e < now || parsed.u !== user) return null
  return { user: parsed.u, client: parsed.c, redirectUri: parsed.r, scopes: BigInt(parsed.s), state: parsed.st, codeChallenge: parsed.cc, codeChallengeMethod: parsed.cm }
}
