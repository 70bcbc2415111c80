import type { Payload } from 'payload'

import { agentOf, AgentUnreachable } from './agent'
import { db, sql, type Tx } from './db'
import type { NodeRow } from './rows'

/** Memory and server slots left on a node: what is placed there counts, whatever its state. */
const ROOM = sql`
  n.memory_mi_b - COALESCE((SELECT sum(p.ram_mi_b) FROM servers s JOIN billing_products p ON p.id = s.product_id WHERE s.node_id = n.id), 0) AS free_mib,
  n.max_servers - (SELECT count(*) FROM servers s WHERE s.node_id = n.id) AS free_slots`

/**
 * The node of a region with the most memory left that fits `ramMiB`, locked until the caller's
 * transaction ends so two placements cannot both take its last room. Unreachable or disabled
 * nodes take no new servers.
 */
export async function placeOn(tx: Tx, regionId: string, ramMiB: number): Promise<NodeRow | null> {
  return tx.one<NodeRow>(sql`
    SELECT * FROM (
      SELECT n.id, n.name, n.url, n.console_url, n.public_host, n.token, n.region_id, ${ROOM}
      FROM hosting_nodes n WHERE n.region_id = ${regionId} AND n.enabled AND n.health <> 'unreachable' FOR UPDATE OF n
    ) r WHERE r.free_mib >= ${ramMiB} AND r.free_slots > 0 ORDER BY r.free_mib DESC LIMIT 1`)
}

export type RegionRoom = { id: string; key: string; name: string; freeMiB: number; freeSlots: number }

/** Each offered region with the room its nodes have left (the purchase's region step). */
export async function regionsWithRoom(payload: Payload, includeKeys: readonly string[] = []): Promise<RegionRoom[]> {
  const rows = await db(payload).rows<{ id: string; key: string; name: string; free_mib: string | null; free_slots: string | null }>(sql`
    SELECT g.id, g.key, g.name,
      max(r.free_mib) FILTER (WHERE r.free_slots > 0) AS free_mib, sum(greatest(r.free_slots, 0)) AS free_slots
    FROM hosting_regions g
    LEFT JOIN LATERAL (
      SELECT ${ROOM} FROM hosting_nodes n WHERE n.region_id = g.id AND n.enabled AND n.health <> 'unreachable'
    ) r ON true
    WHERE g.public OR g.key = ANY(${`{${includeKeys.join(',')}}`}::text[])
    GROUP BY g.id, g.key, g.name ORDER BY g.name`)
  return rows.map((r) => ({ id: r.id, key: r.key, name: r.name, freeMiB: Number(r.free_mib ?? 0), freeSlots: Number(r.free_slots ?? 0) }))
}

/** A node with the room it has left (free_mib, free_slots: what ROOM counts), as a move checks it. */
export type NodeRoom = { id: string; name: string; region_id: string; enabled: boolean; health: string | null; free_mib: number; free_slots: number }

/** Every node with its room left (`ids`: only those). */
export async function nodeRooms(tx: Pick<Tx, 'rows'>, ids?: readonly string[]): Promise<NodeRoom[]> {
  const rows = await tx.rows<Omit<NodeRoom, 'free_mib' | 'free_slots'> & { free_mib: string; free_slots: string }>(sql`
    SELECT n.id, n.name, n.region_id, n.enabled, n.health, ${ROOM} FROM hosting_nodes n
    WHERE ${ids ? `{${ids.join(',')}}` : null}::text[] IS NULL OR n.id = ANY(${ids ? `{${ids.join(',')}}` : null}::text[]) ORDER BY n.name`)
  return rows.map((r) => ({ ...r, enabled: r.enabled !== false, free_mib: Number(r.free_mib), free_slots: Number(r.free_slots) }))
}

export const nodeOf = (tx: Pick<Tx, 'one'>, id: string): Promise<NodeRow | null> =>
  tx.one<NodeRow>(sql`SELECT id, name, url, console_url, public_host, token, region_id FROM hosting_nodes WHERE id = ${id}`)

/**
 * Asks every node how it is and records it. A node that does not answer is `unreachable`: its
 * servers' power state says so (not "running": we do not know), and it takes no new servers.
 */
export async function checkNodes(payload: Payload, now = new Date()): Promise<void> {
  const nodes = await db(payload).rows<NodeRow>(sql`SELECT id, name, url, console_url, public_host, token, region_id FROM hosting_nodes`)
  await Promise.all(
    nodes.map(async (node) => {
      let healthy = true
      try {
        await agentOf(node).health()
      } catch (error) {
        if (!(error instanceof AgentUnreachable)) throw error
        healthy = false
      }
      if (healthy) {
        await db(payload).rows(sql`UPDATE hosting_nodes SET health = 'healthy', last_seen_at = ${now}, updated_at = ${now} WHERE id = ${node.id}`)
        await db(payload).rows(sql`UPDATE servers SET power_state = 'stopped', updated_at = ${now} WHERE node_id = ${node.id} AND power_state = 'unreachable'`)
      } else {
        await db(payload).rows(sql`UPDATE hosting_nodes SET health = 'unreachable', updated_at = ${now} WHERE id = ${node.id}`)
        await db(payload).rows(sql`UPDATE servers SET power_state = 'unreachable', updated_at = ${now} WHERE node_id = ${node.id}`)
      }
    }),
  )
}
