import type { Payload } from 'payload'

import { base62Id } from '../../../lib/ids'
import type { ProviderMethod } from '../providers/types'
import { db, inTransaction, sql } from './db'
import { provider } from './provider'
import { BillingError } from './rows'

export type MethodRow = { id: string; user_id: string; provider: 'stripe' | 'test'; provider_id: string; brand: ProviderMethod['brand']; last4: string; exp_month: string; exp_year: string; primary: boolean }

const BRAND_LABEL: Record<string, string> = { amex: 'American Express', mastercard: 'MasterCard', visa: 'Visa', discover: 'Discover', diners: 'Diners', jcb: 'JCB', unionpay: 'UnionPay', eftpos: 'EFTPOS', paypal: 'PayPal', cashapp: 'Cash App', amazon_pay: 'Amazon Pay', unknown: 'Card' }
/** "Visa •••• 4242": how a charge remembers the card it was paid with. */
export const methodLabel = (m: Pick<MethodRow, 'brand' | 'last4'>) => `${BRAND_LABEL[m.brand] ?? 'Card'} •••• ${m.last4}`

/** The user's customer id at the provider, made on first need (one per user and provider). */
export async function customerOf(payload: Payload, user: { id: string; email?: string | null }): Promise<string> {
  const p = provider(payload)
  const existing = await db(payload).one<{ customer_id: string }>(sql`SELECT customer_id FROM billing_customers WHERE user_id = ${user.id} AND provider = ${p.name}`)
  if (existing) return existing.customer_id
  const { customerId } = await p.createCustomer({ userId: user.id, email: user.email ?? null })
  // Two first payments at once: the first row wins, the other customer stays unused at the provider.
  const row = await db(payload).one<{ customer_id: string }>(sql`
    INSERT INTO billing_customers (id, user_id, provider, customer_id, updated_at, created_at) VALUES (${base62Id()}, ${user.id}, ${p.name}, ${customerId}, now(), now())
    ON CONFLICT (user_id, provider) DO UPDATE SET updated_at = billing_customers.updated_at RETURNING customer_id`)
  return row!.customer_id
}

export const methodsOf = (payload: Payload, userId: string): Promise<MethodRow[]> =>
  db(payload).rows<MethodRow>(sql`SELECT * FROM payment_methods WHERE user_id = ${userId} AND provider = ${provider(payload).name} ORDER BY "primary" DESC, created_at`)

/** Saves a card (Stripe: a `pm_…` from its card form; test mode: a test card). The first card is primary. */
export async function addMethod(payload: Payload, user: { id: string; email?: string | null }, token: string): Promise<MethodRow> {
  const p = provider(payload)
  const customerId = await customerOf(payload, user)
  let method: ProviderMethod
  try {
    method = await p.attachMethod(customerId, token)
  } catch (error) {
    throw new BillingError(error instanceof Error && p.testMode ? error.message : 'That card could not be added.')
  }
  return inTransaction(payload, async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment-methods:${user.id}`}, 0))`)
    const hasPrimary = await tx.one(sql`SELECT 1 FROM payment_methods WHERE user_id = ${user.id} AND provider = ${p.name} AND "primary"`)
    const row = await tx.one<MethodRow>(sql`
      INSERT INTO payment_methods (id, user_id, provider, provider_id, brand, last4, exp_month, exp_year, "primary", updated_at, created_at)
      VALUES (${base62Id()}, ${user.id}, ${p.name}, ${method.id}, ${method.brand}, ${method.last4}, ${method.expMonth}, ${method.expYear}, ${!hasPrimary}, now(), now())
      ON CONFLICT (provider_id) DO UPDATE SET updated_at = now() RETURNING *`)
    if (!hasPrimary) await p.setDefaultMethod(customerId, method.id)
    return row!
  })
}

async function ownMethod(payload: Payload, userId: string, methodId: string): Promise<MethodRow> {
  const row = await db(payload).one<MethodRow>(sql`SELECT * FROM payment_methods WHERE id = ${methodId} AND user_id = ${userId}`)
  if (!row) throw new BillingError('That payment method was not found.')
  return row
}

export async function setPrimary(payload: Payload, user: { id: string; email?: string | null }, methodId: string): Promise<void> {
  const method = await ownMethod(payload, user.id, methodId)
  await provider(payload).setDefaultMethod(await customerOf(payload, user), method.provider_id)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE payment_methods SET "primary" = (id = ${method.id}), updated_at = now() WHERE user_id = ${user.id} AND provider = ${method.provider}`)
  })
}

/** Whether the user has a subscription that will be charged again (its renewal is open or failed). */
export async function hasRunningSubscription(payload: Payload, userId: string): Promise<boolean> {
  return !!(await db(payload).one(sql`SELECT 1 FROM charges WHERE user_id = ${userId} AND type = 'renewal' AND status IN ('open', 'processing', 'failed') LIMIT 1`))
}

/** Removes a card, but not the last one while a subscription still renews (it would fail). */
export async function removeMethod(payload: Payload, userId: string, methodId: string): Promise<void> {
  const method = await ownMethod(payload, userId, methodId)
  const others = (await methodsOf(payload, userId)).filter((m) => m.id !== method.id)
  if (others.length === 0 && (await hasRunningSubscription(payload, userId))) {
    throw new BillingError('This is your only card and a subscription still renews with it. Add another card or cancel the subscription first.')
  }
  await provider(payload).detachMethod(method.provider_id)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`DELETE FROM payment_methods WHERE id = ${method.id}`)
    if (method.primary && others[0]) await tx.rows(sql`UPDATE payment_methods SET "primary" = true WHERE id = ${others[0].id}`)
  })
}

export const primaryMethod = async (payload: Payload, userId: string): Promise<MethodRow | null> => (await methodsOf(payload, userId)).find((m) => m.primary) ?? null
export { ownMethod }
