import type { Where } from 'payload'

import { analyticsProjectsWhere, projectMemberWhere } from '../../access/core/memberships'
import { buildSeries, type DailyRow, type Metric, type ProjectSeries } from '../analytics/series'
import type { DayRange } from '../analytics/ranges'
import { sqlPool } from '../db/sql'
import { as, type Viewer } from './viewer'

export type AnalyticsProject = { id: string; title: string; slug: string }

/**
 * The projects whose analytics the viewer may read (src/access/core/memberships.ts), optionally narrowed to
 * some ids (a project's or an organization's page); a project they may not read is simply absent.
 */
export async function analyticsProjects(viewer: Viewer, narrow?: { ids?: string[]; organization?: string }): Promise<AnalyticsProject[]> {
  if (!viewer.user) return []
  const allowed = await analyticsProjectsWhere(viewer.req)
  if (!allowed) return []
  const and: Where[] = allowed === true ? [] : [allowed]
  if (narrow?.ids) and.push({ id: { in: narrow.ids } })
  if (narrow?.organization) and.push({ organization: { equals: narrow.organization } })
  // With no narrowing an admin reads their own teams' projects, not the whole site.
  if (allowed === true && !narrow) {
    const own = await analyticsProjectsWhereOwn(viewer)
    if (!own) return []
    and.push(own)
  }
  const { docs } = await viewer.payload.find({ collection: 'projects', where: { and }, pagination: false, depth: 0, joins: false, select: { title: true, slug: true }, ...as(viewer) })
  return docs.map((p) => ({ id: p.id, title: p.title, slug: p.slug ?? p.id }))
}

const analyticsProjectsWhereOwn = (viewer: Viewer) => projectMemberWhere(viewer.req, 0)

/** Daily rows of one metric for these projects over the range (followers: new follows per day). */
async function dailyRows(viewer: Viewer, metric: Metric, ids: string[], range: DayRange): Promise<DailyRow[]> {
  if (ids.length === 0) return []
  const q =
    metric === 'followers'
      ? `SELECT project_id, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
           FROM follows WHERE project_id = ANY($1) AND created_at >= $2::date AND created_at < $3::date + 1 GROUP BY 1, 2`
      : `SELECT project_id, to_char(day, 'YYYY-MM-DD') AS day, sum(count)::int AS count
           FROM analytics_daily WHERE kind = $4 AND project_id = ANY($1) AND day BETWEEN $2::date AND $3::date GROUP BY 1, 2`
  const params = metric === 'followers' ? [ids, range.from, range.to] : [ids, range.from, range.to, metric === 'downloads' ? 'download' : 'view']
  const { rows } = await sqlPool(viewer.payload).query<{ project_id: string; day: string; count: number }>(q, params)
  return rows.map((r) => ({ projectId: r.project_id, day: r.day, count: r.count }))
}

export type AnalyticsData = { range: DayRange; metric: Metric; series: ProjectSeries[]; totals: Record<Metric, number> }

/** One metric's series per project over the range, and the range's totals of every metric. */
export async function readAnalytics(viewer: Viewer, projects: AnalyticsProject[], range: DayRange, metric: Metric): Promise<AnalyticsData> {
  const ids = projects.map((p) => p.id)
  const [downloads, views, followers] = await Promise.all((['downloads', 'views', 'followers'] as const).map((m) => dailyRows(viewer, m, ids, range)))
  const rows = { downloads, views, followers }
  const sum = (r: DailyRow[]) => r.reduce((n, x) => n + x.count, 0)
  return {
    range,
    metric,
    series: buildSeries(range.days, projects, rows[metric]),
    totals: { downloads: sum(downloads), views: sum(views), followers: sum(followers) },
  }
}
