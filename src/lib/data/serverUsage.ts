import { isStaff } from '../../access/core/roles'
import { agentOf, AgentUnreachable } from '../../plugins/hosting/service/agent'
import { db, sql } from '../../plugins/hosting/service/db'
import type { Viewer } from './viewer'

/*
 * /servers/admin's usage column: what each server uses now, as its node's agent reports it
 * (GET /servers/:id/stats), beside its plan's limits. The nodes are asked all at once and waited for
 * briefly: one that does not answer in time shows as such and never holds the page up.
 */

/** How long the page waits for the nodes. */
const USAGE_TIMEOUT_MS = 2_500
const MiB = 2 ** 20

export type Usage = { ramMiB: number; cpuPercent: number; storageMiB: number | null }
/** `usage` null: not on a node, or its node does not know it; `answered` false: its node did not answer in time. */
export type UsageView = { usage: Usage | null; answered: boolean; ramLimitMiB: number; storageLimitMiB: number }

type Row = { id: string; ram_mi_b: string | null; storage_mi_b: string | null; url: string | null; token: string | null }

const LATE = Symbol('late')
function within<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(LATE), ms)
    work.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

async function usageOf(row: Row): Promise<Pick<UsageView, 'usage' | 'answered'>> {
  if (!row.url || !row.token) return { usage: null, answered: true }
  try {
    const stats = await within(agentOf({ url: row.url, token: row.token }).stats(row.id), USAGE_TIMEOUT_MS)
    if (stats === LATE) return { usage: null, answered: false }
    const storage = typeof stats.storage_bytes === 'number' ? Math.round(stats.storage_bytes / MiB) : null
    return { usage: { ramMiB: Math.round((stats.ram_usage_bytes ?? 0) / MiB), cpuPercent: stats.cpu_percent ?? 0, storageMiB: storage }, answered: true }
  } catch (error) {
    // A refusal (the node does not hold this server) is no usage to show; a node down is said so.
    return { usage: null, answered: !(error instanceof AgentUnreachable) }
  }
}

/** Each listed server's usage and plan limits, by id (staff only: empty for anyone else). */
export async function staffUsage(viewer: Viewer, serverIds: readonly string[]): Promise<Map<string, UsageView>> {
  if (!viewer.user || !isStaff(viewer.user) || !serverIds.length) return new Map()
  const rows = await db(viewer.payload).rows<Row>(sql`
    SELECT s.id, p.ram_mi_b, p.storage_mi_b, n.url, n.token FROM servers s
    JOIN billing_products p ON p.id = s.product_id
    LEFT JOIN hosting_nodes n ON n.id = s.node_id AND s.status <> 'unprovisioned'
    WHERE s.id = ANY(${`{${serverIds.join(',')}}`}::text[])`)
  const views = await Promise.all(
    rows.map(async (row) => [row.id, { ...(await usageOf(row)), ramLimitMiB: Number(row.ram_mi_b ?? 0), storageLimitMiB: Number(row.storage_mi_b ?? 0) }] as const),
  )
  return new Map(views)
}
