import type { Payload } from 'payload'

import type { Currency } from '../../../lib/billing/currency'
import type { Interval } from '../../../lib/billing/intervals'
import { defaultServerName } from '../../../lib/hosting/plans'
import { base62Id } from '../../../lib/ids'
import { BillingError } from '../../billing/service/rows'
import { subscribe, type SubscribeResult } from '../../billing/service/subscribe'
import { recordAct } from './audit'
import { ensurePlanProduct } from './customPlans'
import { db, inTransaction, sql } from './db'
import { regionsWithRoom } from './nodes'
import { reconcile } from './provision'
import { HostingError } from './rows'

export type BuyInput = { productKey: string; regionKey: string; interval: Interval; currency: Currency; methodId?: string | null; name?: string | null }
export type BuyResult = { serverId: string; outcome: SubscribeResult['outcome']; message?: string }

/**
 * Buys a server (the purchase steps' last one): checks the plan, the region and its room, records
 * the server (`unprovisioned`), then subscribes — the first payment is taken now — and asks the
 * reconciler to place it at once. A trial is one per account and runs in its plan's region.
 */
export async function buyServer(payload: Payload, user: { id: string; username?: string | null; email?: string | null }, input: BuyInput): Promise<BuyResult> {
  await ensurePlanProduct(payload, input.productKey)
  const product = await db(payload).one<{ id: string; kind: string; region: string | null; ram_mi_b: string | null }>(
    sql`SELECT id, kind, region, ram_mi_b FROM billing_products WHERE key = ${input.productKey}`,
  )
  if (!product || (product.kind !== 'server' && product.kind !== 'trial')) throw new HostingError('That plan is not offered.')
  const regionKey = product.kind === 'trial' && product.region ? product.region : input.regionKey
  if (product.kind === 'trial') {
    const used = await db(payload).one(sql`SELECT 1 FROM subscriptions WHERE user_id = ${user.id} AND product_id = ${product.id}`)
    if (used) throw new HostingError('You have already used your free trial.')
  }
  const region = (await regionsWithRoom(payload, [regionKey])).find((r) => r.key === regionKey)
  if (!region) throw new HostingError('Pick a region.')
  if (region.freeSlots < 1 || region.freeMiB < Number(product.ram_mi_b ?? 0)) throw new HostingError('This region is full right now. Pick another region.')

  const serverId = base62Id()
  const name = input.name?.trim().slice(0, 64) || defaultServerName(user.username ?? 'My')
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`
      INSERT INTO servers (id, name, owner_id, product_id, region_id, game_version, loader, status, power_state, status_changed_at, updated_at, created_at)
      VALUES (${serverId}, ${name}, ${user.id}, ${product.id}, ${region.id}, '1.21.4', 'flying-squid', 'unprovisioned', 'stopped', now(), now(), now())`)
    await recordAct(tx, { serverId, actorId: user.id, act: 'purchased', detail: { plan: input.productKey, region: regionKey, interval: input.interval } })
  })
  let result: SubscribeResult
  try {
    result = await subscribe(payload, user, { productKey: input.productKey, currency: input.currency, interval: product.kind === 'trial' ? 'fiveDays' : input.interval, methodId: input.methodId })
  } catch (error) {
    // Nothing was bought: the server goes too (its act with it).
    await inTransaction(payload, async (tx) => {
      await tx.rows(sql`DELETE FROM server_acts WHERE server_id = ${serverId}`)
      await tx.rows(sql`DELETE FROM servers WHERE id = ${serverId}`)
    })
    if (error instanceof BillingError) throw new HostingError(error.message)
    throw error
  }
  await db(payload).rows(sql`UPDATE servers SET subscription_id = ${result.subscriptionId}, updated_at = now() WHERE id = ${serverId}`)
  if (result.outcome === 'succeeded') await reconcile(payload, new Date(), serverId)
  return { serverId, outcome: result.outcome, message: result.message }
}
