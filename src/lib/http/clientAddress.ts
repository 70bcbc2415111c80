import { env } from '../env'

/**
 * The client's address, for rate limits. Route handlers never see the socket, and Next 16's server only
 * fills `X-Forwarded-For` when the request has none (`??=`), passing a client-sent one through. So
 * src/instrumentation.ts appends the socket's peer address to every incoming request's
 * `X-Forwarded-For`; the rightmost entry is then always the peer that connected to us, written by this
 * process, and each trusted proxy in front of us adds the entry left of it.
 *
 * `TRUST_PROXY` is the number of reverse proxies in front of the app (`true` means 1). With N, the
 * client is the entry N places left of the rightmost; entries further left were written by the client
 * and are ignored. Unset or 0: the peer itself. When a request carries fewer entries than that (a
 * proxy that does not set the header, or a call from inside the process), the leftmost is used.
 */
export function trustedProxyHops(value: string | undefined = env.trustProxy()): number {
  const v = value?.trim().toLowerCase()
  if (!v || v === 'false') return 0
  if (v === 'true') return 1
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) throw new Error(`TRUST_PROXY must be a number of proxies (0, 1, 2, …) or true/false, not "${value}"`)
  return n
}

export function clientAddress(headers: Headers, hops: number = trustedProxyHops()): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (forwarded.length === 0) return 'unknown'
  return forwarded[Math.max(0, forwarded.length - 1 - hops)]
}
