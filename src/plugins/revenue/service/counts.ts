import { LISTED_STATUSES } from '../../../lib/projectStatus'
import { toMicro } from '../../../lib/revenue/money'
import type { ProjectCounts } from '../../../lib/revenue/distribute'
import { sql, type Tx } from './db'

/** Payout shares are kept as decimals (team-members `payoutsSplit`); the split takes them ×10⁶ as integers. */
export const SHARE_SCALE = 1_000_000n

/**
 * The day's counted views and downloads (analytics_daily) of every monetized, listed project, with
 * the accepted members of the team that is paid: the organization's for a project an organization
 * owns (as labrinth pays), else the project's own.
 */
export async function countsOfDay(tx: Tx, day: string): Promise<ProjectCounts[]> {
  const listed = JSON.stringify(LISTED_STATUSES)
  const projects = await tx.rows<{ project_id: string; views: string; downloads: string; team_id: string | null }>(sql`
    WITH counts AS (
      SELECT project_id,
        COALESCE(sum(count) FILTER (WHERE kind = 'view'), 0) AS views,
        COALESCE(sum(count) FILTER (WHERE kind = 'download'), 0) AS downloads
      FROM analytics_daily WHERE day = ${day}::date GROUP BY project_id
    )
    SELECT p.id AS project_id, c.views::text AS views, c.downloads::text AS downloads, COALESCE(o.team_id, p.team_id) AS team_id
    FROM counts c JOIN projects p ON p.id = c.project_id LEFT JOIN organizations o ON o.id = p.organization_id
    WHERE p.monetization_status = 'monetized' AND p.status::text IN (SELECT jsonb_array_elements_text(${listed}::jsonb))`)
  const teams = JSON.stringify([...new Set(projects.map((p) => p.team_id).filter((t): t is string => !!t))])
  const members = await tx.rows<{ team_id: string; user_id: string; share: string }>(sql`
    SELECT team_id, user_id, floor(GREATEST(COALESCE(payouts_split, 0), 0) * ${SHARE_SCALE.toString()}::numeric)::bigint::text AS share
    FROM team_members WHERE accepted AND user_id IS NOT NULL AND team_id IN (SELECT jsonb_array_elements_text(${teams}::jsonb))`)
  const byTeam = new Map<string, { userId: string; share: bigint }[]>()
  for (const m of members) byTeam.set(m.team_id, [...(byTeam.get(m.team_id) ?? []), { userId: m.user_id, share: toMicro(m.share) }])
  return projects.map((p) => ({ projectId: p.project_id, views: toMicro(p.views), downloads: toMicro(p.downloads), members: (p.team_id && byTeam.get(p.team_id)) || [] }))
}
