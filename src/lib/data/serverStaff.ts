import type { Where } from 'payload'

import { isStaff } from '../../access/core/roles'
import { noticeApplies, type NoticeLevel, type NoticeTarget } from '../hosting/notices'
import { SERVER_STATUSES, type ServerStatus } from '../hosting/status'
import { relationId } from '../ids'
import { db, sql } from '../../plugins/hosting/service/db'
import { moveRefusal } from '../../plugins/hosting/service/move'
import { nodeRooms } from '../../plugins/hosting/service/nodes'
import { serversWhere, type ServerView } from './hosting'
import { as, type Viewer } from './viewer'

/*
 * Reads for a server's activity and notices (its pages) and for staff's /servers/admin. Each goes
 * through the collections' access with the viewer (owners their own, staff all).
 */

export type ActView = { id: string; act: string; actor: string | null; detail: Record<string, unknown> | null; at: string }

/** The acts on a server, newest first (its info page). */
export async function serverActsOf(viewer: Viewer, serverId: string, limit = 50): Promise<ActView[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'server-acts', where: { server: { equals: serverId } }, sort: '-createdAt', limit, depth: 1, ...as(viewer) })
  return docs.map((d) => ({
    id: d.id,
    act: d.act,
    actor: typeof d.actor === 'object' && d.actor ? d.actor.username : null,
    detail: d.detail && typeof d.detail === 'object' && !Array.isArray(d.detail) ? (d.detail as Record<string, unknown>) : null,
    at: d.createdAt,
  }))
}

export type NoticeView = { id: string; level: NoticeLevel; title: string; message: string; dismissable: boolean }

/** The notices running now on a server's pages, less those its viewer dismissed there. */
export async function noticesFor(viewer: Viewer, server: Pick<ServerView, 'id' | 'nodeId'>, now = new Date()): Promise<NoticeView[]> {
  if (!viewer.user) return []
  const [{ docs }, dismissed] = await Promise.all([
    // Only those that can be this server's (all servers, its node's, naming it), newest first.
    viewer.payload.find({
      collection: 'server-notices',
      where: {
        and: [
          { begins: { less_than_equal: now.toISOString() } },
          { or: [{ expires: { exists: false } }, { expires: { greater_than: now.toISOString() } }] },
          { or: [{ assignedTo: { equals: 'all' } }, ...(server.nodeId ? [{ node: { equals: server.nodeId } }] : []), { servers: { in: [server.id] } }] },
        ],
      },
      sort: '-createdAt',
      limit: 100,
      depth: 0,
      ...as(viewer),
    }),
    viewer.payload.find({ collection: 'server-notice-dismissals', where: { and: [{ user: { equals: viewer.user.id } }, { server: { equals: server.id } }] }, limit: 200, depth: 0, ...as(viewer) }),
  ])
  const gone = new Set(dismissed.docs.map((d) => relationId(d.notice)))
  return docs
    .filter((n) => !gone.has(n.id))
    .filter((n) =>
      noticeApplies(
        { id: n.id, assignedTo: n.assignedTo as NoticeTarget, node: relationId(n.node) ?? null, servers: (n.servers ?? []).map((s) => relationId(s) ?? ''), begins: n.begins, expires: n.expires ?? null },
        server,
        now,
      ),
    )
    .map((n) => ({ id: n.id, level: n.level as NoticeLevel, title: n.title, message: n.message, dismissable: n.dismissable !== false }))
}

export type StaffFilter = { q: string; status: ServerStatus | '' }

/** /servers/admin: every server (staff only; null for anyone else), filtered by state and a search of name, id or owner. */
export async function staffServers(viewer: Viewer, filter: StaffFilter): Promise<(ServerView & { owner: string | null })[] | null> {
  if (!viewer.user || !isStaff(viewer.user)) return null
  const and: Where[] = []
  if (filter.status && (SERVER_STATUSES as readonly string[]).includes(filter.status)) and.push({ status: { equals: filter.status } })
  const q = filter.q.trim().slice(0, 64)
  if (q) and.push({ or: [{ name: { like: q } }, { id: { equals: q } }, { 'owner.username': { like: q } }] })
  const servers = await serversWhere(viewer, and.length ? { and } : {}, 200)
  const owners = await db(viewer.payload).rows<{ id: string; username: string }>(
    sql`SELECT id, username FROM users WHERE id = ANY(${`{${[...new Set(servers.map((s) => s.ownerId).filter(Boolean))].join(',')}}`}::text[])`,
  )
  const byId = new Map(owners.map((o) => [o.id, o.username]))
  return servers.map((s) => ({ ...s, owner: s.ownerId ? (byId.get(s.ownerId) ?? null) : null }))
}

export type NodeView = { id: string; name: string; region: string; health: string; lastSeenAt: string | null; memoryMiB: number; usedMiB: number; maxServers: number; servers: number; enabled: boolean }

/** /servers/admin: each node with its room and health (staff only). */
export async function staffNodes(viewer: Viewer): Promise<NodeView[]> {
  if (!viewer.user || !isStaff(viewer.user)) return []
  const { docs } = await viewer.payload.find({ collection: 'hosting-nodes', sort: 'name', limit: 100, depth: 1, ...as(viewer) })
  const used = await db(viewer.payload).rows<{ node_id: string; mib: string | null; n: string }>(sql`
    SELECT s.node_id, sum(p.ram_mi_b) AS mib, count(*) AS n FROM servers s JOIN billing_products p ON p.id = s.product_id WHERE s.node_id IS NOT NULL GROUP BY s.node_id`)
  const byNode = new Map(used.map((u) => [u.node_id, u]))
  return docs.map((n) => ({
    id: n.id,
    name: n.name,
    region: typeof n.region === 'object' && n.region ? n.region.name : '',
    health: n.health ?? 'unknown',
    lastSeenAt: n.lastSeenAt ?? null,
    memoryMiB: n.memoryMiB,
    usedMiB: Number(byNode.get(n.id)?.mib ?? 0),
    maxServers: n.maxServers,
    servers: Number(byNode.get(n.id)?.n ?? 0),
    enabled: n.enabled !== false,
  }))
}

export type MoveTarget = { id: string; name: string; freeMiB: number }

/** /servers/admin: for each listed server on a node, the nodes it may move to (the move's own rule, ./move.ts moveRefusal). */
export async function moveTargets(viewer: Viewer, serverIds: readonly string[]): Promise<Map<string, MoveTarget[]>> {
  if (!viewer.user || !isStaff(viewer.user) || !serverIds.length) return new Map()
  const [servers, nodes] = await Promise.all([
    db(viewer.payload).rows<{ id: string; region_id: string; node_id: string; ram_mi_b: string | null }>(sql`
      SELECT s.id, s.region_id, s.node_id, p.ram_mi_b FROM servers s JOIN billing_products p ON p.id = s.product_id
      WHERE s.node_id IS NOT NULL AND s.id = ANY(${`{${serverIds.join(',')}}`}::text[])`),
    nodeRooms(db(viewer.payload)),
  ])
  return new Map(
    servers.map((s) => [s.id, nodes.filter((n) => moveRefusal(s, n, Number(s.ram_mi_b ?? 0)) === null).map((n) => ({ id: n.id, name: n.name, freeMiB: n.free_mib }))]),
  )
}
