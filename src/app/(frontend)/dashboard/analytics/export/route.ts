import config from '@payload-config'
import { getPayload } from 'payload'
import { z } from 'zod'

import { readAnalyticsQuery } from '@/lib/analytics/query'
import { toCsv } from '@/lib/analytics/series'
import { userOf } from '@/lib/auth/request'
import { analyticsProjects, readAnalytics } from '@/lib/data/analytics'
import { viewerFor } from '@/lib/data/viewer'

export const dynamic = 'force-dynamic'

const Scope = z.object({ project: z.string().min(1).max(64).optional(), organization: z.string().min(1).max(64).optional() })

/**
 * GET /dashboard/analytics/export?range=&metric=[&project=|&organization=]: the figures the analytics
 * page shows, as CSV. Only projects whose analytics the signed-in viewer may read are in it.
 */
export async function GET(request: Request) {
  const payload = await getPayload({ config })
  const viewer = await viewerFor(payload, await userOf(payload, request.headers))
  if (!viewer.user) return new Response('Sign in to export analytics.', { status: 401 })
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const scope = Scope.safeParse(params)
  if (!scope.success) return new Response('Bad project or organization.', { status: 400 })
  const query = readAnalyticsQuery(params)
  const narrow = scope.data.project ? { ids: [scope.data.project] } : scope.data.organization ? { organization: scope.data.organization } : undefined
  const data = await readAnalytics(viewer, await analyticsProjects(viewer, narrow), query.range, query.metric)
  const name = `${query.metric}-${query.range.from}-${query.range.to}.csv`
  return new Response(toCsv(query.range.days, data.series), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' },
  })
}
