import { NextResponse } from 'next/server'

import { currentBuild } from '@/lib/shell/buildInfo'

// Answered per request: the point is to see the build that serves now (the ?timestamp= query only busts caches in between).
export const dynamic = 'force-dynamic'

/** GET /builds/latest.json (spec §7): the build this server runs, polled by open tabs to notice a redeploy. */
export function GET() {
  return NextResponse.json(currentBuild(), { headers: { 'Cache-Control': 'no-store' } })
}
