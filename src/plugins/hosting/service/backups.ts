import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { type BackupFacts, backupName, backupSlots, isBackupInterval, rollingVictim, slotsRemaining } from '../../../lib/hosting/backups'
import { base62Id } from '../../../lib/ids'
import { serverFor, viaAgent } from './acts'
import { type AgentClient, agentOf, AgentRefused, AgentUnreachable } from './agent'
import { recordAct } from './audit'
import { removeDownloadCopy } from './backupDownload'
import { backupsOf, type BackupRow, dispatch, syncBackups } from './backupSync'
import { db, inTransaction, sql, type Tx } from './db'
import { serverFolderAccess } from './files'
import { nodeOf } from './nodes'
import { HostingError, type ServerRow } from './rows'

/*
 * A server's backups (spec §2 "backups", §4; issue 32 item 1), for its owner and staff: made on the
 * node as archives of the whole folder (src/agent), recorded here with what the owner chose (name,
 * lock). A plan has so many slots; a manual backup needs a free one, an automated one makes room by
 * rolling away the oldest unlocked automated backup. Every act is in the server's log.
 */

export type BackupsView = { backups: BackupRow[]; slots: number; remaining: number; autoBackupHours: number | null; nodeAnswered: boolean }

const facts = (row: BackupRow): BackupFacts => ({
  id: row.id,
  automated: row.automated,
  locked: row.locked,
  state: row.state,
  restoreState: row.restore_state,
  createdAt: new Date(row.created_at).toISOString(),
})

const planKeyOf = async (tx: Tx, server: ServerRow): Promise<string> => (await tx.one<{ key: string }>(sql`SELECT key FROM billing_products WHERE id = ${server.product_id}`))?.key ?? ''

/** Serialises the changes to one server's backups (the slot count is read, then a record added). */
const lockBackups = (tx: Tx, serverId: string) => tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`backups:${serverId}`}, 0))`)

/** The server's backups, brought up to date with its node first when it answers. */
export async function listBackups(payload: Payload, actor: Actor, id: string): Promise<BackupsView> {
  const server = await serverFor(payload, actor, id)
  let nodeAnswered = true
  const node = server.node_id ? await nodeOf(db(payload), server.node_id) : null
  if (node) {
    await inTransaction(payload, async (tx) => {
      await lockBackups(tx, id)
      await syncBackups(tx, agentOf(node), id)
    }).catch((error: unknown) => {
      if (!(error instanceof AgentUnreachable)) throw error
      nodeAnswered = false
    })
  }
  const backups = await backupsOf(db(payload), id)
  const slots = backupSlots(await planKeyOf(db(payload), server))
  const hours = Number((server as ServerRow & { auto_backup_hours?: string | null }).auto_backup_hours ?? 0)
  return { backups, slots, remaining: slotsRemaining(backups.map(facts), slots), autoBackupHours: isBackupInterval(hours) ? hours : null, nodeAnswered }
}

/**
 * Records a backup and gives it to the node. `actorId` null: the automated backup (the hosting
 * task). Returns the record, or null when an automated backup found no slot it may free.
 */
export async function startBackup(payload: Payload, server: ServerRow, agent: AgentClient, input: { name?: string | null; automated: boolean; actorId: string | null }): Promise<BackupRow | null> {
  const row = await inTransaction(payload, async (tx) => {
    await lockBackups(tx, server.id)
    const existing = await backupsOf(tx, server.id)
    const slots = backupSlots(await planKeyOf(tx, server))
    if (slotsRemaining(existing.map(facts), slots) === 0) {
      if (!input.automated) throw new HostingError(`No backup slots remaining: this plan keeps ${slots}. Delete a backup to make room.`)
      const victim = rollingVictim(existing.map(facts))
      if (!victim) {
        await recordAct(tx, { serverId: server.id, actorId: null, act: 'automated backup skipped', detail: { reason: 'Every backup slot holds a locked or manual backup.' } })
        return null
      }
      await removeFromNode(agent, server.id, victim.id)
      await removeDownloadCopy(existing.find((b) => b.id === victim.id))
      await tx.rows(sql`DELETE FROM server_backups WHERE id = ${victim.id}`)
      await recordAct(tx, { serverId: server.id, actorId: null, act: 'backup rolled away', detail: { backup: victim.id, name: existing.find((b) => b.id === victim.id)?.name } })
    }
    const id = base62Id()
    const name = backupName(input.name, input.automated, new Date())
    const created = await tx.one<BackupRow>(sql`
      INSERT INTO server_backups (id, server_id, name, automated, locked, state, progress, updated_at, created_at)
      VALUES (${id}, ${server.id}, ${name}, ${input.automated}, false, 'queued', 0, now(), now()) RETURNING *`)
    await recordAct(tx, { serverId: server.id, actorId: input.actorId, act: 'backup created', detail: { backup: id, name, automated: input.automated } })
    return created
  })
  if (!row) return null
  const { failed } = await dispatch(db(payload), agent, row)
  if (failed) throw new HostingError(failed)
  return row
}

/** The archive and its record on the node gone (already gone is fine). */
async function removeFromNode(agent: AgentClient, serverId: string, backupId: string): Promise<void> {
  try {
    await agent.deleteBackup(serverId, backupId)
  } catch (error) {
    if (error instanceof AgentRefused && error.status === 404) return
    throw error
  }
}

export async function createBackup(payload: Payload, actor: Actor, id: string, name: string | null): Promise<BackupRow> {
  const { server, agent } = await serverFolderAccess(payload, actor, id)
  const row = await viaAgent(() => startBackup(payload, server, agent, { name, automated: false, actorId: actor.id }))
  if (!row) throw new HostingError('No backup slots remaining.')
  return row
}

/** One backup of a server the actor may act on, or not found. */
async function backupFor(payload: Payload, actor: Actor, id: string, backupId: string) {
  const access = await serverFolderAccess(payload, actor, id)
  const row = await db(payload).one<BackupRow>(sql`SELECT * FROM server_backups WHERE id = ${backupId} AND server_id = ${id}`)
  if (!row) throw new HostingError('Backup not found')
  return { ...access, row }
}

const logged = (tx: Tx, actor: Actor, row: BackupRow, act: string, detail: Record<string, unknown> = {}) =>
  recordAct(tx, { serverId: row.server_id, actorId: actor.id, act, detail: { backup: row.id, name: row.name, ...detail } })

/** A failed backup made again, in the same slot. */
export async function retryBackup(payload: Payload, actor: Actor, id: string, backupId: string): Promise<void> {
  const { agent, row } = await backupFor(payload, actor, id, backupId)
  if (row.state !== 'failed') throw new HostingError('Only a failed backup can be retried.')
  await viaAgent(() => removeFromNode(agent, id, row.id))
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE server_backups SET state = 'queued', progress = 0, reason = NULL, size = NULL, sha256 = NULL, updated_at = now() WHERE id = ${row.id}`)
    await logged(tx, actor, row, 'backup retried')
  })
  const { failed } = await viaAgent(() => dispatch(db(payload), agent, row))
  if (failed) throw new HostingError(failed)
}

/** Stops a backup being made (or not yet taken by the node): nothing of it is kept. */
export async function cancelBackup(payload: Payload, actor: Actor, id: string, backupId: string): Promise<void> {
  const { agent, row } = await backupFor(payload, actor, id, backupId)
  if (row.state !== 'queued' && row.state !== 'creating') throw new HostingError('Only a backup being made can be cancelled.')
  await viaAgent(async () => {
    if (row.state === 'creating') {
      await agent.cancelBackup(id, row.id).catch((error: unknown) => {
        // It finished meanwhile: it is removed all the same.
        if (!(error instanceof AgentRefused && error.status === 409)) throw error
      })
    }
    await removeFromNode(agent, id, row.id)
  })
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`DELETE FROM server_backups WHERE id = ${row.id}`)
    await logged(tx, actor, row, 'backup cancelled')
  })
}

export async function deleteBackup(payload: Payload, actor: Actor, id: string, backupId: string): Promise<void> {
  const { agent, row } = await backupFor(payload, actor, id, backupId)
  if (row.state === 'queued' || row.state === 'creating') throw new HostingError('This backup is still being made: cancel it instead.')
  if (row.restore_state === 'restoring') throw new HostingError('This backup is being restored. Delete it once the restore is done.')
  await viaAgent(() => removeFromNode(agent, id, row.id))
  await removeDownloadCopy(row)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`DELETE FROM server_backups WHERE id = ${row.id}`)
    await logged(tx, actor, row, 'backup deleted')
  })
}

export async function renameBackup(payload: Payload, actor: Actor, id: string, backupId: string, name: string): Promise<string> {
  const { row } = await backupFor(payload, actor, id, backupId)
  const clean = backupName(name, row.automated, new Date())
  if (!name.trim()) throw new HostingError('Enter a name for the backup.')
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE server_backups SET name = ${clean}, updated_at = now() WHERE id = ${row.id}`)
    await logged(tx, actor, row, 'backup renamed', { to: clean })
  })
  return clean
}

/** Locked: kept from the rolling deletion of automated backups. */
export async function lockBackup(payload: Payload, actor: Actor, id: string, backupId: string, locked: boolean): Promise<void> {
  const { row } = await backupFor(payload, actor, id, backupId)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE server_backups SET locked = ${locked}, updated_at = now() WHERE id = ${row.id}`)
    await logged(tx, actor, row, locked ? 'backup locked' : 'backup unlocked')
  })
}

/** The node stops the game, puts the backup's folder in place and starts it again if it ran. */
export async function restoreBackup(payload: Payload, actor: Actor, id: string, backupId: string): Promise<void> {
  const { server, agent, row } = await backupFor(payload, actor, id, backupId)
  if (server.status === 'installing') throw new HostingError('This server is still installing.')
  if (row.state !== 'ready') throw new HostingError('Only a finished backup can be restored.')
  if (row.restore_state === 'restoring') throw new HostingError('This backup is already being restored.')
  await viaAgent(() => agent.restoreBackup(id, row.id))
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE server_backups SET restore_state = 'restoring', restore_error = NULL, updated_at = now() WHERE id = ${row.id}`)
    await logged(tx, actor, row, 'backup restore')
  })
}

/** Auto-backup every `hours` (3, 6, 12 or 24), or off (null); counted from now when it changes. */
export async function setAutoBackup(payload: Payload, actor: Actor, id: string, hours: number | null): Promise<void> {
  if (hours !== null && !isBackupInterval(hours)) throw new HostingError('Choose every 3, 6, 12 or 24 hours.')
  await serverFor(payload, actor, id)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET auto_backup_hours = ${hours}, auto_backup_since = ${hours ? new Date().toISOString() : null}, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: hours ? 'auto-backup on' : 'auto-backup off', detail: hours ? { hours } : {} })
  })
}
