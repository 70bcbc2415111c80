import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import type { Currency } from '../../../lib/billing/currency'
import type { Interval } from '../../../lib/billing/intervals'
import { changePlan, type PlanChange } from '../../billing/service/changePlan'
import { BillingError } from '../../billing/service/rows'
import { subscribe } from '../../billing/service/subscribe'
import { serverFor } from './acts'
import { recordAct } from './audit'
import { ensurePlanProduct } from './customPlans'
import { db, inTransaction, sql } from './db'
import { reconcile } from './provision'
import { HostingError, type ServerRow } from './rows'

/*
 * A server's plan, changed by its owner (spec §4 "upgrading shows a dedicated screen"; issue 31):
 * a paid server moves between plans (billing's changePlan: dearer now, cheaper at the renewal); a
 * trial is kept by choosing a paid plan, on the same server, node, port and world. Either way the
 * money moves first; the reconciler then gives the node the new limits (`upgrading` meanwhile).
 */

type Plan = { id: string; key: string; kind: string; ram: number }

const planOf = async (payload: Payload, where: { id?: string; key?: string }): Promise<Plan | null> => {
  const row = await db(payload).one<{ id: string; key: string; kind: string; ram_mi_b: string | null }>(
    where.id ? sql`SELECT id, key, kind, ram_mi_b FROM billing_products WHERE id = ${where.id}` : sql`SELECT id, key, kind, ram_mi_b FROM billing_products WHERE key = ${where.key ?? ''}`,
  )
  return row ? { id: row.id, key: row.key, kind: row.kind, ram: Number(row.ram_mi_b ?? 0) } : null
}

export const CHANGING_PLAN = 'This server is still moving to its new plan. Try again once it is running.'

/** Mid-install or mid-upgrade, a second change would race the first on the node. */
export const changingPlan = (server: Pick<ServerRow, 'status' | 'suspension_reason'>): boolean =>
  server.status === 'installing' || (server.status === 'suspended' && server.suspension_reason === 'upgrading')

/** Only the owner spends the owner's money; staff see the page but cannot buy for them. */
async function ownServer(payload: Payload, actor: Actor, id: string): Promise<ServerRow> {
  const server = await serverFor(payload, actor, id)
  if (server.owner_id !== actor.id) throw new HostingError('Only the server’s owner can change its plan.')
  if (changingPlan(server)) throw new HostingError(CHANGING_PLAN)
  return server
}

/** A bigger plan needs the extra memory free on the server's node (it keeps its node, port and world). */
async function checkRoom(payload: Payload, server: ServerRow, from: Plan, to: Plan): Promise<void> {
  if (!server.node_id || to.ram <= from.ram) return
  const node = await db(payload).one<{ free: string }>(sql`
    SELECT n.memory_mi_b - COALESCE((SELECT sum(p.ram_mi_b) FROM servers s JOIN billing_products p ON p.id = s.product_id WHERE s.node_id = n.id), 0) AS free
    FROM hosting_nodes n WHERE n.id = ${server.node_id}`)
  if (!node || Number(node.free) < to.ram - from.ram) throw new HostingError('This server’s machine has no room for a bigger plan right now. Try again later or ask support to move it.')
}

async function target(payload: Payload, server: ServerRow, productKey: string): Promise<{ from: Plan; to: Plan }> {
  await ensurePlanProduct(payload, productKey)
  const [from, to] = await Promise.all([planOf(payload, { id: server.product_id }), planOf(payload, { key: productKey })])
  if (!from || !to || to.kind !== 'server') throw new HostingError('That plan is not offered.')
  return { from, to }
}

/** A paid server to another plan. */
export async function changeServerPlan(payload: Payload, actor: Actor, id: string, productKey: string): Promise<PlanChange> {
  const server = await ownServer(payload, actor, id)
  if (!server.subscription_id) throw new HostingError('This server has no subscription.')
  const { from, to } = await target(payload, server, productKey)
  if (from.kind === 'trial') throw new HostingError('Choose a plan to keep this server after its trial.')
  await checkRoom(payload, server, from, to)
  let change: PlanChange
  try {
    change = await changePlan(payload, actor.id, server.subscription_id, productKey)
  } catch (error) {
    if (error instanceof BillingError) throw new HostingError(error.message)
    throw error
  }
  await inTransaction(payload, (tx) => recordAct(tx, { serverId: id, actorId: actor.id, act: 'plan change', detail: { from: from.key, to: to.key, when: change.when } }))
  if (change.when === 'now') await reconcile(payload, new Date(), id)
  return change
}

/**
 * Keeps a trial's server on a paid plan: subscribes (the first payment now) and the server follows
 * the new subscription once it is paid — at once, or when a payment still processing clears.
 */
export async function keepAfterTrial(
  payload: Payload,
  actor: Actor & { email?: string | null },
  id: string,
  input: { productKey: string; interval: Interval; currency: Currency; methodId?: string | null },
): Promise<{ outcome: 'succeeded' | 'processing' }> {
  const server = await ownServer(payload, actor, id)
  const { from, to } = await target(payload, server, input.productKey)
  if (from.kind !== 'trial') throw new HostingError('This server is not on a trial.')
  if (server.next_subscription_id) throw new HostingError('A payment for this server’s plan is in progress. Try again in a minute.')
  await checkRoom(payload, server, from, to)
  let result
  try {
    result = await subscribe(payload, actor, { productKey: input.productKey, interval: input.interval, currency: input.currency, methodId: input.methodId })
  } catch (error) {
    if (error instanceof BillingError) throw new HostingError(error.message)
    throw error
  }
  if (result.outcome === 'failed') throw new HostingError(result.message ?? 'The payment was declined. Your trial is unchanged.')
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE servers SET next_subscription_id = ${result.subscriptionId}, updated_at = now() WHERE id = ${id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'plan chosen after the trial', detail: { plan: to.key, interval: input.interval, outcome: result.outcome } })
  })
  await reconcile(payload, new Date(), id)
  return { outcome: result.outcome === 'succeeded' ? 'succeeded' : 'processing' }
}
