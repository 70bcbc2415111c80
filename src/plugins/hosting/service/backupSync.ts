import type { RestoreState, SiteBackupState } from '../../../lib/hosting/backups'
import { type AgentBackup, type AgentClient, AgentRefused, AgentUnreachable } from './agent'
import { recordAct } from './audit'
import { db, sql, type Tx } from './db'

/*
 * The site's backup records kept in step with the node (src/agent, "Backups"). The node does the
 * work and says how far it is; a record still `queued` is one the node has not taken yet (it was
 * unreachable, or busy with another backup of the server: one at a time), sent again here until it
 * is taken. Called when the backups page is read and by the hosting task, so nothing stays queued
 * or creating because nobody looked.
 */

/** A `server_backups` row (Payload's column names). */
export type BackupRow = {
  id: string
  server_id: string
  name: string
  automated: boolean
  locked: boolean
  state: SiteBackupState
  progress: string | number | null
  reason: string | null
  size: string | number | null
  sha256: string | null
  restore_state: RestoreState | null
  restore_error: string | null
  download_state: 'preparing' | 'ready' | 'failed' | null
  download_expires: Date | string | null
  download_error: string | null
  download_key: string | null
  created_at: Date | string
}

export const backupsOf = (tx: Tx, serverId: string): Promise<BackupRow[]> => tx.rows<BackupRow>(sql`SELECT * FROM server_backups WHERE server_id = ${serverId} ORDER BY created_at DESC, id DESC`)

export const NO_LONGER_ON_NODE = 'The backup is no longer on the server’s machine.'

/** Whether the node has work of this record to report on (or to be given). */
const open = (row: BackupRow) => row.state === 'queued' || row.state === 'creating' || row.restore_state === 'restoring'

/** Writes what the node says of a backup into its record; a restore that ended is an act. */
async function apply(tx: Tx, row: BackupRow, node: AgentBackup): Promise<void> {
  const state: SiteBackupState = node.state === 'restoring' ? 'ready' : node.state
  let restoreState = row.restore_state
  let restoreError = row.restore_error
  if (row.restore_state === 'restoring' && node.state === 'ready') {
    restoreState = node.restore_error ? 'failed' : null
    restoreError = node.restore_error
    await recordAct(tx, { serverId: row.server_id, actorId: null, act: node.restore_error ? 'backup restore failed' : 'backup restored', detail: { backup: row.id, name: row.name, ...(node.restore_error ? { reason: node.restore_error } : {}) } })
  }
  await tx.rows(sql`
    UPDATE server_backups SET state = ${state}, progress = ${node.progress}, reason = ${node.reason}, size = ${node.size}, sha256 = ${node.sha256},
      restore_state = ${restoreState}, restore_error = ${restoreError}, updated_at = now()
    WHERE id = ${row.id}`)
}

const fail = (tx: Tx, id: string, reason: string) => tx.rows(sql`UPDATE server_backups SET state = 'failed', reason = ${reason}, updated_at = now() WHERE id = ${id}`)

/**
 * Gives the node a queued backup. Taken: `creating`. Unreachable, or busy with another job of the
 * server (409): stays queued for the next pass. Refused otherwise (no room on the node's disk):
 * `failed` with the node's reason, which is returned.
 */
export async function dispatch(tx: Tx, agent: AgentClient, row: Pick<BackupRow, 'id' | 'server_id' | 'name'>): Promise<{ failed?: string }> {
  try {
    const { backup } = await agent.createBackup(row.server_id, row.id, row.name)
    await tx.rows(sql`UPDATE server_backups SET state = 'creating', progress = ${backup.progress}, reason = NULL, updated_at = now() WHERE id = ${row.id} AND state = 'queued'`)
    return {}
  } catch (error) {
    if (error instanceof AgentUnreachable) return {}
    if (error instanceof AgentRefused && error.status === 409) return {}
    const reason = error instanceof AgentRefused ? error.message : String(error)
    await fail(tx, row.id, reason)
    return { failed: reason }
  }
}

/** Brings one server's open records up to date with its node (nothing to do: no call). Throws AgentUnreachable. */
export async function syncBackups(tx: Tx, agent: AgentClient, serverId: string): Promise<void> {
  const rows = (await backupsOf(tx, serverId)).filter(open)
  if (!rows.length) return
  const onNode = new Map((await agent.listBackups(serverId)).backups.map((b) => [b.uuid, b]))
  // Oldest first: the first queued one is the next the node takes.
  for (const row of rows.reverse()) {
    const node = onNode.get(row.id)
    if (node) await apply(tx, row, node)
    else if (row.state === 'queued') await dispatch(tx, agent, row)
    else if (row.state === 'creating') await fail(tx, row.id, NO_LONGER_ON_NODE)
    else await tx.rows(sql`UPDATE server_backups SET restore_state = 'failed', restore_error = ${NO_LONGER_ON_NODE}, updated_at = now() WHERE id = ${row.id}`)
  }
}

/** Servers with a backup the node is working on or has not taken: the hosting task brings them up to date. */
export const serversWithOpenBackups = (payload: Parameters<typeof db>[0]) =>
  db(payload).rows<{ server_id: string }>(sql`
    SELECT DISTINCT server_id FROM server_backups WHERE server_id IS NOT NULL AND (state IN ('queued', 'creating') OR restore_state = 'restoring')`)
