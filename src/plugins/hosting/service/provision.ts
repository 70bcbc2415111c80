import type { Payload } from 'payload'

import type { PowerState, SuspensionReason } from '../../../lib/hosting/status'
import { endPromotedTrial } from '../../billing/service/changePlan'
import { agentOf, AgentRefused, AgentUnreachable, type AgentServerState } from './agent'
import { recordAct } from './audit'
import { db, inTransaction, sql, type Tx } from './db'
import { checkNodes, nodeOf, placeOn } from './nodes'
import type { PlanRow, ServerRow } from './rows'
import { installSpec } from './spec'

/** A server still installing after this long is broken (never stuck "installing"). */
export const INSTALL_TIMEOUT_MS = 3 * 60_000

type Row = ServerRow & {
  sub_status: 'provisioned' | 'unprovisioned' | null
  ended_reason: string | null
  /** The subscription's plan: when it differs from the server's, the server follows it (upgrading). */
  sub_product_id: string | null
  next_subscription_id: string | null
}

const ROW = sql`SELECT s.*, sub.status AS sub_status, sub.ended_reason, sub.product_id AS sub_product_id FROM servers s LEFT JOIN subscriptions sub ON sub.id = s.subscription_id`

export const SUSPEND_FOR: Record<string, SuspensionReason> = { paymentFailed: 'paymentfailed', cancelled: 'cancelled', refunded: 'cancelled', staff: 'moderated' }

/**
 * The hosting reconciler (the `hostingReconcile` job, and at once after a purchase or a billing
 * act): it makes each server follow its subscription and its node.
 * - paid (subscription provisioned) and never placed → placed on a node of its region with room,
 *   installed and started (`installing`), then `available` once the game runs, or `broken` with the
 *   log's last lines when it crashes or does not come up within INSTALL_TIMEOUT_MS;
 * - perks ended (failed payment, cancelled, expired trial) → stopped and `suspended`, data kept;
 * - paid again → resumed.
 * Each server is handled under a transaction-scoped advisory lock, so two runners never act on it
 * at once; the agent calls are idempotent besides.
 */
export async function reconcile(payload: Payload, now = new Date(), onlyServerId?: string): Promise<number> {
  if (!onlyServerId) await checkNodes(payload, now)
  const rows = await db(payload).rows<Row>(sql`
    ${ROW}
    WHERE (${onlyServerId ?? null}::text IS NULL OR s.id = ${onlyServerId ?? null})
      AND ((s.status = 'unprovisioned' AND sub.status = 'provisioned')
        OR (s.status = 'suspended' AND sub.status = 'provisioned' AND s.suspension_reason IN ('paymentfailed', 'cancelled', 'upgrading'))
        OR (s.status IN ('available', 'installing', 'broken') AND sub.status = 'unprovisioned')
        OR (sub.status = 'provisioned' AND s.product_id <> sub.product_id)
        OR s.next_subscription_id IS NOT NULL
        OR s.status = 'installing')
    ORDER BY s.created_at LIMIT 50`)
  let changed = 0
  for (const row of rows) {
    try {
      if (await inTransaction(payload, (tx) => step(tx, row.id, now))) changed++
    } catch (error) {
      payload.logger.error({ err: error, msg: 'Hosting reconcile failed', server: row.id })
    }
  }
  return changed
}

async function step(tx: Tx, serverId: string, now: Date): Promise<boolean> {
  const locked = await tx.one<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${`server:${serverId}`}, 0)) AS ok`)
  if (!locked?.ok) return false
  let row = await tx.one<Row>(sql`${ROW} WHERE s.id = ${serverId}`)
  if (!row) return false
  let changed = false
  if (row.next_subscription_id && (await takeOver(tx, row, now))) {
    changed = true
    row = (await tx.one<Row>(sql`${ROW} WHERE s.id = ${serverId}`))!
  }
  const upgrading = row.status === 'suspended' && row.suspension_reason === 'upgrading'
  if (row.sub_status === 'unprovisioned' && (['available', 'installing', 'broken'].includes(row.status) || upgrading)) return suspend(tx, row, SUSPEND_FOR[row.ended_reason ?? ''] ?? 'other', now)
  if (row.sub_status === 'provisioned' && row.sub_product_id && row.product_id !== row.sub_product_id) return (await planChanged(tx, row, now)) || changed
  if (row.sub_status === 'provisioned' && row.status === 'unprovisioned') return install(tx, row, now)
  if (row.sub_status === 'provisioned' && upgrading) return (await followUpgrade(tx, row, now)) || changed
  // Only what the subscription suspended resumes with it: a staff suspension is staff's to lift.
  if (row.sub_status === 'provisioned' && row.status === 'suspended' && (row.suspension_reason === 'paymentfailed' || row.suspension_reason === 'cancelled')) return resume(tx, row, now)
  if (row.status === 'installing') return followInstall(tx, row, now)
  return changed
}

/**
 * A trial's paid plan whose first payment went through takes over: the server follows the new
 * subscription (and so its plan), the trial ends. One whose payment failed is let go.
 */
async function takeOver(tx: Tx, row: Row, now: Date): Promise<boolean> {
  const next = await tx.one<{ id: string; status: string; pending: boolean }>(sql`
    SELECT s.id, s.status, EXISTS (SELECT 1 FROM charges c WHERE c.subscription_id = s.id AND c.status IN ('processing', 'open')) AS pending
    FROM subscriptions s WHERE s.id = ${row.next_subscription_id}`)
  if (next?.status === 'provisioned') {
    await tx.rows(sql`UPDATE servers SET subscription_id = ${next.id}, next_subscription_id = NULL, updated_at = ${now} WHERE id = ${row.id}`)
    if (row.subscription_id) await endPromotedTrial(tx, row.subscription_id, now)
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'kept after the trial', detail: { subscription: next.id } })
    return true
  }
  if (next && next.pending) return false
  await tx.rows(sql`UPDATE servers SET next_subscription_id = NULL, updated_at = ${now} WHERE id = ${row.id}`)
  return true
}

/**
 * The subscription moved to another plan (paid): a server not placed yet just takes it; a placed
 * one shows `upgrading` while its node gets the new limits and it restarts.
 */
async function planChanged(tx: Tx, row: Row, now: Date): Promise<boolean> {
  await tx.rows(sql`UPDATE servers SET product_id = ${row.sub_product_id}, updated_at = ${now} WHERE id = ${row.id}`)
  await recordAct(tx, { serverId: row.id, actorId: null, act: 'plan changed', detail: { from: row.product_id, to: row.sub_product_id } })
  if (row.status === 'unprovisioned' || !row.node_id) return true
  if (row.status === 'suspended' && row.suspension_reason !== 'upgrading') {
    // Suspended (by staff, or unpaid): it stays so; its node holds the new plan for when it starts again.
    const node = await nodeOf(tx, row.node_id)
    const plan = await tx.one<PlanRow>(sql`SELECT key, kind, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${row.sub_product_id}`)
    if (node && plan) await agentOf(node).install(row.id, installSpec(row, plan)).catch(() => null)
    return true
  }
  await setStatus(tx, row.id, now, { status: 'suspended', reason: 'upgrading', power: 'stopping' })
  await applyPlan(tx, { ...row, product_id: row.sub_product_id! }, now)
  return true
}

/** Gives the node the server's (new) plan and restarts it; `starting` once the node took it. */
async function applyPlan(tx: Tx, row: Row, now: Date): Promise<void> {
  const node = row.node_id ? await nodeOf(tx, row.node_id) : null
  const plan = await tx.one<PlanRow>(sql`SELECT key, kind, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${row.product_id}`)
  if (!node || !plan) return
  try {
    const agent = agentOf(node)
    await agent.install(row.id, installSpec(row, plan))
    await agent.power(row.id, 'restart')
    await tx.rows(sql`UPDATE servers SET power_state = 'starting', last_error = NULL, updated_at = ${now} WHERE id = ${row.id}`)
  } catch (error) {
    if (error instanceof AgentUnreachable) return // the next pass tries again
    // The node refused (no room for the bigger plan …): said on the page; tried again until the upgrade times out.
    await tx.rows(sql`UPDATE servers SET power_state = 'stopped', last_error = ${error instanceof AgentRefused ? error.message : String(error)}, updated_at = ${now} WHERE id = ${row.id}`)
  }
}

/** Upgrading: the new plan given and restarted → `available` once it runs; never stuck (INSTALL_TIMEOUT_MS → broken). */
async function followUpgrade(tx: Tx, row: Row, now: Date): Promise<boolean> {
  const since = new Date(row.status_changed_at ?? row.created_at).getTime()
  if (row.power_state === 'starting') {
    const node = row.node_id ? await nodeOf(tx, row.node_id) : null
    const state = node ? await agentOf(node).state(row.id).catch(() => null) : null
    if (state?.state === 'running') {
      await setStatus(tx, row.id, now, { status: 'available', power: 'running' })
      await recordAct(tx, { serverId: row.id, actorId: null, act: 'upgraded' })
      return true
    }
    if (state?.state !== 'crashed' && now.getTime() - since <= INSTALL_TIMEOUT_MS) return false
    const error = state?.last_error || (state?.last_log_lines?.length ? state.last_log_lines.join('\n') : 'The server did not come back after the upgrade in time.')
    await setStatus(tx, row.id, now, { status: 'broken', power: 'crashed', error })
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'broken', detail: { error } })
    return true
  }
  if (now.getTime() - since > INSTALL_TIMEOUT_MS) {
    await setStatus(tx, row.id, now, { status: 'broken', power: 'crashed', error: row.last_error ?? 'The upgrade could not be applied in time.' })
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'broken', detail: { error: row.last_error } })
    return true
  }
  await applyPlan(tx, row, now)
  return false
}

export const setStatus = (tx: Tx, id: string, now: Date, fields: { status: string; power?: PowerState; reason?: SuspensionReason | null; error?: string | null }) =>
  tx.rows(sql`
    UPDATE servers SET status = ${fields.status}, suspension_reason = ${fields.reason ?? null},
      power_state = COALESCE(${fields.power ?? null}, power_state), last_error = ${fields.error ?? null},
      status_changed_at = ${now}, updated_at = ${now} WHERE id = ${id}`)

async function install(tx: Tx, row: Row, now: Date): Promise<boolean> {
  const plan = await tx.one<PlanRow>(sql`SELECT key, kind, cpus, ram_mi_b, swap_mi_b, storage_mi_b FROM billing_products WHERE id = ${row.product_id}`)
  if (!plan) return false
  const node = row.node_id ? await nodeOf(tx, row.node_id) : await placeOn(tx, row.region_id, Number(plan.ram_mi_b ?? 0))
  if (!node) {
    // Paid, but no room: it waits (and says so) until a node has room; staff see it in the list.
    if (row.last_error !== 'Waiting for room on a node in this region.') await setStatus(tx, row.id, now, { status: 'unprovisioned', error: 'Waiting for room on a node in this region.' })
    return false
  }
  let state: AgentServerState
  try {
    const agent = agentOf(node)
    state = await agent.install(row.id, installSpec(row, plan))
    if (state.installation && !state.installation.ok) throw new AgentRefused(422, state.installation.reason ?? 'This node cannot install this server.')
    state = { ...(await agent.power(row.id, 'start')), port: state.port }
  } catch (error) {
    if (error instanceof AgentUnreachable) return false // the next pass tries again
    const reason = error instanceof AgentRefused ? error.message : String(error)
    await tx.rows(sql`UPDATE servers SET node_id = ${node.id}, updated_at = ${now} WHERE id = ${row.id}`)
    await setStatus(tx, row.id, now, { status: 'broken', power: 'crashed', error: reason })
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'install failed', detail: { node: node.id, reason } })
    return true
  }
  await tx.rows(sql`UPDATE servers SET node_id = ${node.id}, port = ${state.port}, updated_at = ${now} WHERE id = ${row.id}`)
  await setStatus(tx, row.id, now, { status: 'installing', power: 'starting' })
  await recordAct(tx, { serverId: row.id, actorId: null, act: 'installing', detail: { node: node.id, port: state.port } })
  return true
}

async function followInstall(tx: Tx, row: Row, now: Date): Promise<boolean> {
  const node = row.node_id ? await nodeOf(tx, row.node_id) : null
  if (!node) return setStatus(tx, row.id, now, { status: 'unprovisioned' }).then(() => true)
  let state: AgentServerState | null = null
  try {
    state = await agentOf(node).state(row.id)
  } catch (error) {
    if (!(error instanceof AgentUnreachable || error instanceof AgentRefused)) throw error
  }
  if (state?.state === 'running') {
    await setStatus(tx, row.id, now, { status: 'available', power: 'running' })
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'ready' })
    return true
  }
  const since = new Date(row.status_changed_at ?? row.created_at).getTime()
  if (state?.state === 'crashed' || now.getTime() - since > INSTALL_TIMEOUT_MS) {
    const error = state?.last_error || (state?.last_log_lines?.length ? state.last_log_lines.join('\n') : 'The server did not become ready in time.')
    await setStatus(tx, row.id, now, { status: 'broken', power: 'crashed', error })
    await recordAct(tx, { serverId: row.id, actorId: null, act: 'broken', detail: { error } })
    return true
  }
  return false
}

async function suspend(tx: Tx, row: Row, reason: SuspensionReason, now: Date): Promise<boolean> {
  const node = row.node_id ? await nodeOf(tx, row.node_id) : null
  // Stopped first when the node answers; suspended either way (the agent's autostart is off for it).
  if (node) await agentOf(node).power(row.id, 'stop').catch(() => null)
  await setStatus(tx, row.id, now, { status: 'suspended', reason, power: 'stopped' })
  await recordAct(tx, { serverId: row.id, actorId: null, act: 'suspended', detail: { reason } })
  return true
}

async function resume(tx: Tx, row: Row, now: Date): Promise<boolean> {
  const node = row.node_id ? await nodeOf(tx, row.node_id) : null
  if (!node) return setStatus(tx, row.id, now, { status: 'unprovisioned' }).then(() => true)
  try {
    await agentOf(node).power(row.id, 'start')
  } catch (error) {
    if (error instanceof AgentUnreachable) return false
    throw error
  }
  await setStatus(tx, row.id, now, { status: 'installing', power: 'starting' })
  await recordAct(tx, { serverId: row.id, actorId: null, act: 'resumed' })
  return true
}
