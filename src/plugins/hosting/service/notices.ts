import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { noticeApplies, type NoticeRow } from '../../../lib/hosting/notices'
import { base62Id } from '../../../lib/ids'
import { serverFor } from './acts'
import { db, sql } from './db'
import { HostingError } from './rows'

type Row = { id: string; assigned_to: NoticeRow['assignedTo']; node_id: string | null; begins: Date; expires: Date | null; dismissable: boolean | null; servers: string[] | null }

const noticeOf = (payload: Payload, id: string) =>
  db(payload).one<Row>(sql`
    SELECT n.id, n.assigned_to, n.node_id, n.begins, n.expires, n.dismissable,
      (SELECT array_agg(r.servers_id) FROM server_notices_rels r WHERE r.parent_id = n.id AND r.path = 'servers') AS servers
    FROM server_notices n WHERE n.id = ${id}`)

/**
 * The owner dismisses a dismissable notice on their server's page: it stays away for them on that
 * server. A notice that is not theirs to see, or not dismissable, is refused; a repeat does nothing.
 */
export async function dismissNotice(payload: Payload, actor: Actor, serverId: string, noticeId: string): Promise<void> {
  const server = await serverFor(payload, actor, serverId)
  if (server.owner_id !== actor.id) throw new HostingError('Only the server’s owner can dismiss its notices.')
  const row = await noticeOf(payload, noticeId)
  const notice: NoticeRow | null = row
    ? { id: row.id, assignedTo: row.assigned_to, node: row.node_id, servers: row.servers ?? [], begins: new Date(row.begins).toISOString(), expires: row.expires ? new Date(row.expires).toISOString() : null }
    : null
  if (!row || !notice || !noticeApplies(notice, { id: server.id, nodeId: server.node_id }, new Date())) throw new HostingError('That notice was not found.')
  if (!row.dismissable) throw new HostingError('This notice cannot be dismissed.')
  await db(payload).rows(sql`
    INSERT INTO server_notice_dismissals (id, notice_id, server_id, user_id, updated_at, created_at)
    VALUES (${base62Id()}, ${noticeId}, ${serverId}, ${actor.id}, now(), now())
    ON CONFLICT (notice_id, server_id, user_id) DO NOTHING`)
}
