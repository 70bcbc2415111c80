import { NextResponse, type NextRequest } from 'next/server'

import { currentBuild } from '@/lib/shell/buildInfo'

export const dynamic = 'force-dynamic'

const noStore = { 'Cache-Control': 'no-store' }

/**
 * GET /builds/meta/{buildId}.json (spec §7): the metadata of a build. This server only knows the
 * build it runs; any other id (an older deploy) is a 404.
 */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params
  const build = currentBuild()
  const id = file.endsWith('.json') ? file.slice(0, -'.json'.length) : null
  if (id !== build.id) return NextResponse.json({ error: 'not_found', description: 'Unknown build' }, { status: 404, headers: noStore })
  return NextResponse.json(build, { headers: noStore })
}
