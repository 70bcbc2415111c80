import type { Payload } from 'payload'

import { isStaff, type Actor } from '../../../access/core/roles'
import type { PowerState } from '../../../lib/hosting/status'
import { ServerNotFound, serverFor } from './acts'
import { recordAct } from './audit'
import { inTransaction, sql, type Tx } from './db'
import { copyBackups, copyFolder, installOn, type MoveSpec, nodeAgent, type NodeAgent, stopOn, undoCopy } from './moveCopy'
import { nodeOf, nodeRooms, type NodeRoom } from './nodes'
import { changingPlan } from './plan'
import { setStatus } from './provision'
import { HostingError, type NodeRow, type PlanRow, type ServerRow } from './rows'
import { withServerLock } from './serverLock'
import { installSpec } from './spec'

/*
 * Staff move a server to another node of its region (issue 32, /servers/admin: a node to empty, one
 * too full): the game stopped, its whole folder and its backups copied from the old node to the new one, the row
 * pointed there, the old copy removed, the game started again if it ran. The old node keeps the
 * server until the new one has all of it: a move that fails midway leaves it where it was and
 * clears the new node.
 *
 * The copy takes minutes, so no transaction stays open across it: the server's lock is held on a
 * connection of its own (the reconciler skips the server meanwhile, staff's other acts say it is
 * busy), and a server that was not suspended shows `upgrading` (suspended) for the time of it,
 * which keeps its owner's power, files and plan changes off it. A reason of its own ("moving")
 * would need a new value in the suspension_reason enum (a migration). Should the site stop midway,
 * the reconciler takes it for an upgrade: the plan is given again to its node (still the old one)
 * and the game started there, or it is marked broken past INSTALL_TIMEOUT_MS.
 */

type Move = { row: ServerRow; plan: PlanRow; from: NodeAgent; to: NodeAgent; spec: MoveSpec }

/** Why `node` cannot take `server` (null: it can): another enabled, answering node of its region, with room for its plan. */
export function moveRefusal(server: Pick<ServerRow, 'region_id' | 'node_id'>, node: NodeRoom, ramMiB: number): string | null {
  if (node.id === server.node_id) return 'The server is already on that node.'
  if (node.region_id !== server.region_id) return 'That node is in another region.'
  if (!node.enabled) return 'That node takes no new servers.'
  if (node.health === 'unreachable') return 'That node is not answering.'
  if (node.free_mib < ramMiB || node.free_slots < 1) return 'That node has no room for this server’s plan.'
  return null
}

/** The target checked with its row locked, as a placement locks it (./nodes.ts placeOn): two moves cannot both take its last room. */
async function checkTarget(tx: Tx, row: ServerRow, plan: PlanRow, targetId: string): Promise<void> {
  await tx.rows(sql`SELECT id FROM hosting_nodes WHERE id = ${targetId} FOR UPDATE`)
  const [room] = await nodeRooms(tx, [targetId])
  const why = room ? moveRefusal(row, room, Number(plan.ram_mi_b ?? 0)) : 'That node does not exist.'
  if (why) throw new HostingError(why)
}

async function begin(tx: Tx, id: string, targetId: string, now: Date): Promise<Move> {
  const row = await tx.one<ServerRow>(sql`SELECT * FROM servers WHERE id = ${id} FOR UPDATE`)
  if (!row) throw new ServerNotFound()
  if (!row.node_id) throw new HostingError('This server is not on a node yet.')
  if (changingPlan(row)) throw new HostingError('This server is installing or changing plan. Move it once that is done.')
  // The node makes one backup or restore at a time, and a move would cut it short.
  const open = await tx.one(sql`SELECT 1 FROM server_backups WHERE server_id = ${id} AND (state IN ('queued', 'creating') OR restore_state = 'restoring') LIMIT 1`)
  if (open) throw new HostingError('A backup of this server is being made or restored. Move it once that is done.')
  const plan = await tx.one<PlanRow>(sql`SELECT key, kind, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${row.product_id}`)
  if (!plan) throw new HostingError('This server has no plan.')
  await checkTarget(tx, row, plan, targetId)
  const [source, target] = [await nodeOf(tx, row.node_id), await nodeOf(tx, targetId)]
  if (!source || !target) throw new HostingError('That node does not exist.')
  // A suspended server stays as it is (its reason kept): nothing runs it or reaches its files anyway.
  if (row.status !== 'suspended') await setStatus(tx, id, now, { status: 'suspended', reason: 'upgrading', power: 'stopping' })
  // The folder's server.properties travels with it; the startup settings are the site's.
  const spec = { ...installSpec({ ...row, properties: {} }, plan), startup: row.startup ?? {} }
  return { row, plan, from: nodeAgent(source), to: nodeAgent(target), spec }
}

/**
 * Back to the status it had before the move, with its game's power state; one started again is
 * followed as an install (ready, or broken). A suspended server's row was not changed.
 */
async function settle(tx: Tx, row: ServerRow, power: PowerState | 'started'): Promise<void> {
  if (row.status === 'suspended') return
  const now = new Date()
  if (power === 'started') await setStatus(tx, row.id, now, { status: 'installing', power: 'starting' })
  else await setStatus(tx, row.id, now, { status: row.status, reason: row.suspension_reason, power, error: row.last_error })
}

/** Starts the game where the server now is; false (logged) when the node refused. */
async function startOn(payload: Payload, node: NodeAgent, id: string): Promise<boolean> {
  try {
    await node.said((a) => a.power(id, 'start'))
    return true
  } catch (error) {
    payload.logger.warn({ err: error, msg: 'Moved server did not start', server: id, node: node.node.id })
    return false
  }
}

/** Moves server `id` to node `targetId` (staff only). Answers the node it is now on. */
export async function moveServer(payload: Payload, actor: Actor, id: string, targetId: string): Promise<NodeRow> {
  if (!isStaff(actor)) throw new HostingError('Only staff can move a server.')
  await serverFor(payload, actor, id)
  return withServerLock(payload, id, async () => {
    const move = await inTransaction(payload, (tx) => begin(tx, id, targetId, new Date()))
    const { row, from, to, spec } = move
    // A suspended server is not started again, here or there.
    let restart = false
    let stopping = false
    try {
      const port = await installOn(to, id, spec)
      stopping = true
      restart = (await stopOn(from, id)) && row.status !== 'suspended'
      await copyFolder(from, to, id, spec, port)
      await copyBackups(from, to, id)
      await inTransaction(payload, async (tx) => {
        // Something may have been placed there while the folder was copied.
        await checkTarget(tx, row, move.plan, to.node.id)
        await tx.rows(sql`UPDATE servers SET node_id = ${to.node.id}, port = ${port}, updated_at = now() WHERE id = ${id}`)
        await settle(tx, row, 'stopped')
        await recordAct(tx, { serverId: id, actorId: actor.id, act: 'moved by staff', detail: { from: from.node.id, to: to.node.id } })
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const { started, left } = await undoCopy(from, to, id, spec, { touched: stopping, restart })
      await inTransaction(payload, async (tx) => {
        // Not stopped yet: the game runs on as it did.
        await settle(tx, row, started ? 'started' : stopping ? 'stopped' : (row.power_state ?? 'stopped'))
        await recordAct(tx, { serverId: id, actorId: actor.id, act: 'move failed', detail: { to: to.node.id, reason, ...(left.length ? { left } : {}) } })
      })
      if (!(error instanceof HostingError)) payload.logger.error({ err: error, msg: 'Server move failed', server: id })
      throw new HostingError(`The server was not moved to ${to.node.name}: ${reason} It stays on ${from.node.name}.${left.length ? ` Not done: ${left.join('; ')}.` : ''}`)
    }
    // The move is done: what follows cannot undo it.
    await from.agent.remove(id).catch((error: unknown) => payload.logger.warn({ err: error, msg: 'Moved server left on its old node', server: id, node: from.node.id }))
    if (restart && (await startOn(payload, to, id))) await inTransaction(payload, (tx) => settle(tx, row, 'started'))
    return to.node
  })
}
