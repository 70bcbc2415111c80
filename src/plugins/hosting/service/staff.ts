import type { Payload } from 'payload'

import { isStaff, type Actor } from '../../../access/core/roles'
import { serverFor } from './acts'
import { agentOf, AgentUnreachable } from './agent'
import { recordAct } from './audit'
import { inTransaction, sql } from './db'
import { nodeOf } from './nodes'
import { setStatus, SUSPEND_FOR } from './provision'
import { HostingError, type ServerRow } from './rows'
import { lockServer } from './serverLock'

/*
 * Staff's side of hosting (issue 32, /servers/admin): suspend a server with a reason its owner
 * reads, and lift it (moving one to another node: ./move.ts). Each under the server's lock (as the
 * reconciler), recorded in its acts. The reconciler never resumes a server staff suspended: only
 * staff lift it.
 */

async function staffServer(payload: Payload, actor: Actor, id: string): Promise<ServerRow> {
  const server = await serverFor(payload, actor, id)
  if (!isStaff(actor)) throw new HostingError('Only staff can suspend or unsuspend a server.')
  return server
}

export async function staffSuspend(payload: Payload, actor: Actor, id: string, reason: string): Promise<void> {
  await staffServer(payload, actor, id)
  const why = reason.trim()
  if (why.length < 3) throw new HostingError('Say why the server is suspended: its owner reads it.')
  await inTransaction(payload, async (tx) => {
    await lockServer(tx, id)
    const row = await tx.one<ServerRow>(sql`SELECT * FROM servers WHERE id = ${id}`)
    if (!row) throw new HostingError('Server not found')
    if (row.status === 'suspended' && row.suspension_reason === 'moderated') throw new HostingError('This server is already suspended by staff.')
    const node = row.node_id ? await nodeOf(tx, row.node_id) : null
    // Stopped (saving) when its node answers; suspended either way, so it is not started again.
    if (node) await agentOf(node).power(id, 'stop').catch(() => null)
    await setStatus(tx, id, new Date(), { status: 'suspended', reason: 'moderated', power: 'stopped' })
    await tx.rows(sql`UPDATE servers SET staff_reason = ${why.slice(0, 1000)} WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'suspended by staff', detail: { reason: why.slice(0, 1000), was: row.status } })
  })
}

/** Lifts a staff suspension: a paid server starts again; one whose subscription ended stays suspended for that. */
export async function staffUnsuspend(payload: Payload, actor: Actor, id: string): Promise<void> {
  await staffServer(payload, actor, id)
  await inTransaction(payload, async (tx) => {
    await lockServer(tx, id)
    const row = await tx.one<ServerRow & { sub_status: string | null; ended_reason: string | null }>(sql`
      SELECT s.*, sub.status AS sub_status, sub.ended_reason FROM servers s LEFT JOIN subscriptions sub ON sub.id = s.subscription_id WHERE s.id = ${id}`)
    if (!row || row.status !== 'suspended' || row.suspension_reason !== 'moderated') throw new HostingError('This server is not suspended by staff.')
    const now = new Date()
    await tx.rows(sql`UPDATE servers SET staff_reason = NULL WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'unsuspended by staff' })
    if (row.sub_status !== 'provisioned') {
      await setStatus(tx, id, now, { status: 'suspended', reason: SUSPEND_FOR[row.ended_reason ?? ''] ?? 'cancelled', power: 'stopped' })
      return
    }
    const node = row.node_id ? await nodeOf(tx, row.node_id) : null
    if (!node) return void (await setStatus(tx, id, now, { status: 'unprovisioned' }))
    try {
      await agentOf(node).power(id, 'start')
    } catch (error) {
      if (!(error instanceof AgentUnreachable)) throw error
      throw new HostingError('The server’s machine is not answering. Try again in a minute.')
    }
    // Followed by the reconciler as an install: ready once the game runs, broken if it does not.
    await setStatus(tx, id, now, { status: 'installing', power: 'starting' })
  })
}
