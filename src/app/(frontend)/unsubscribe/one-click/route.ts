import config from '@payload-config'
import { getPayload } from 'payload'

import { unsubscribe } from '@/lib/notifications/preferences'

export const dynamic = 'force-dynamic'

/**
 * RFC 8058 one-click unsubscribe: the address in a notification email's `List-Unsubscribe` header.
 * Mail providers POST `List-Unsubscribe=One-Click` here without cookies; the signed token in the
 * query is the whole authority.
 */
export async function POST(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token')
  const payload = await getPayload({ config })
  const done = await unsubscribe(payload, token)
  return new Response(done ? 'Unsubscribed.\n' : 'This unsubscribe link is not valid.\n', { status: done ? 200 : 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
}

/** Opened in a browser instead: the confirmation page does the same. */
export function GET(request: Request): Response {
  // A relative location: the request's own host may be an internal one behind a proxy.
  return new Response(null, { status: 303, headers: { location: `/unsubscribe${new URL(request.url).search}` } })
}
