import config from '@payload-config'
import { getPayload } from 'payload'

import { userOf } from '@/lib/auth/request'
import { unreadNotificationCount } from '@/lib/data/dashboard'
import { viewerFor } from '@/lib/data/viewer'

export const dynamic = 'force-dynamic'

const PRIVATE = { 'Cache-Control': 'private, no-store' }

/**
 * GET /dashboard/notifications/unread: `{ "unread": n }`, the signed-in viewer's unread notifications
 * (the header's badge reads it after hydration, so the server-rendered header stays the same for
 * everyone). Counted as the viewer: the notifications collection's access decides what is theirs.
 */
export async function GET(request: Request) {
  const payload = await getPayload({ config })
  const viewer = await viewerFor(payload, await userOf(payload, request.headers))
  if (!viewer.user) return Response.json({ error: 'Sign in to see your notifications.' }, { status: 401, headers: PRIVATE })
  return Response.json({ unread: await unreadNotificationCount(viewer) }, { headers: PRIVATE })
}
