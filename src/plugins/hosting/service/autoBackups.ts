import type { Payload } from 'payload'

import { autoBackupDue } from '../../../lib/hosting/backups'
import { agentOf } from './agent'
import { startBackup } from './backups'
import { serversWithOpenBackups, syncBackups } from './backupSync'
import { db, inTransaction, sql } from './db'
import { nodeOf } from './nodes'
import type { ServerRow } from './rows'

/*
 * The hosting task's backup duties (src/plugins/hosting/index.ts): backups the node is making or
 * has not taken yet are brought up to date, so none stays "queued" because nobody opened the page;
 * then each server whose auto-backup is due gets its automated backup (rolling the oldest unlocked
 * automated one away when the slots are full).
 */
export async function runBackupDuties(payload: Payload, now = new Date()): Promise<number> {
  for (const { server_id: id } of await serversWithOpenBackups(payload)) {
    const node = await nodeOf(db(payload), (await db(payload).one<{ node_id: string | null }>(sql`SELECT node_id FROM servers WHERE id = ${id}`))?.node_id ?? '')
    if (!node) continue
    await inTransaction(payload, async (tx) => {
      await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`backups:${id}`}, 0))`)
      await syncBackups(tx, agentOf(node), id)
    }).catch((err: unknown) => payload.logger.warn({ err, msg: 'Could not bring backups up to date', server: id }))
  }
  const servers = await db(payload).rows<ServerRow & { auto_backup_hours: string; auto_backup_since: Date | string | null; last_automated: Date | string | null }>(sql`
    SELECT s.*, (SELECT max(b.created_at) FROM server_backups b WHERE b.server_id = s.id AND b.automated) AS last_automated
    FROM servers s WHERE s.auto_backup_hours IS NOT NULL AND s.status = 'available' AND s.node_id IS NOT NULL`)
  let made = 0
  for (const server of servers) {
    const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
    if (!autoBackupDue(Number(server.auto_backup_hours), iso(server.last_automated), iso(server.auto_backup_since), now)) continue
    const node = await nodeOf(db(payload), server.node_id ?? '')
    if (!node) continue
    try {
      if (await startBackup(payload, server, agentOf(node), { automated: true, actorId: null })) made++
    } catch (err) {
      // The record says why (failed, or still queued for the next pass).
      payload.logger.warn({ err, msg: 'Automated backup not started', server: server.id })
    }
  }
  return made
}
