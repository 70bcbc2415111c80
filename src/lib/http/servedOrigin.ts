import { trustedProxyHops } from './clientAddress'

/**
 * The origin this request was addressed to: the Host header with the scheme the client used. Behind
 * trusted proxies (`TRUST_PROXY`) the scheme comes from `X-Forwarded-Proto` (TLS ends there);
 * otherwise it is http — `next start` serves no TLS itself.
 */
export function servedOrigin(headers: Headers, hops: number = trustedProxyHops()): string | null {
  const host = headers.get('host')?.trim()
  if (!host || /[\s/@?#]/.test(host)) return null
  const forwarded = hops > 0 ? headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http'
  try {
    return new URL(`${scheme}://${host}`).origin
  } catch {
    return null
  }
}

/**
 * A browser request sent from a page of the very address it was sent to. Such a request is not a
 * cross-site forgery whatever `SITE_URL` says: a forged request carries the forging page's `Origin`,
 * which browsers set and pages cannot change, and the browser only sends our cookie to our host.
 */
export function isSameOriginRequest(headers: Headers, hops: number = trustedProxyHops()): boolean {
  const origin = headers.get('origin')
  if (!origin || origin === 'null') return false
  const served = servedOrigin(headers, hops)
  return served !== null && origin === served
}
