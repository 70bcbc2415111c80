import type { Payload } from 'payload'
import { z } from 'zod'

import { canManageBilling, type Actor } from '../../access/core/roles'
import { cacheTags, invalidateNow } from '../cache'
import { relationId } from '../ids'
import { isLookupKey } from '../data/viewer'
import { credit, refund, staffCancel } from '../../plugins/billing/service/staff'
import { BillingError } from '../../plugins/billing/service/rows'
import { exponentOf, isCurrency, type Currency } from './currency'
import { parseAmount } from './parseAmount'

/*
 * The staff acts of /admin/billing/{id} (spec §6 "staff manage billing"), behind the server actions
 * of src/components/admin/billing/actions.ts: who may act (staff, as the session says — never the
 * form), what the form says (zod), that the charge or subscription is the user's the page shows, and
 * the refund amount typed in major units as exact minor units. The acts themselves (locks, limits,
 * the record of who did what and why) are the billing service's (src/plugins/billing/service/staff.ts).
 */

export const REASON_MAX = 1000
export const CREDIT_DAYS_MAX = 366

const Id = z.string().trim().min(1).max(64).refine(isLookupKey)
const Reason = z.string().trim().min(1).max(REASON_MAX)
const StaffActInput = z.discriminatedUnion('act', [
  z.object({ act: z.literal('refund'), userId: Id, chargeId: Id, amount: z.string().max(40), reason: Reason, endPerks: z.boolean().default(false) }),
  z.object({ act: z.literal('cancel'), userId: Id, subscriptionId: Id, when: z.enum(['now', 'periodEnd']), reason: Reason }),
  z.object({ act: z.literal('credit'), userId: Id, subscriptionId: Id, days: z.coerce.number().int().min(1).max(CREDIT_DAYS_MAX), reason: Reason }),
])
export type StaffActInput = z.input<typeof StaffActInput>

export type Money = { minor: number; currency: Currency }
export type StaffActDone =
  | { ok: true; act: 'refund'; userId: string; amount: Money; perksEnded: boolean }
  | { ok: true; act: 'cancelNow' | 'cancelAtPeriodEnd'; userId: string }
  | { ok: true; act: 'credit'; userId: string; days: number }
export type StaffActRefused =
  | { ok: false; error: 'forbidden' | 'invalid' | 'notFound' | 'ended' | 'reason' | 'days' | 'amountFormat' | 'amountZero' | 'amountTooLarge' }
  | { ok: false; error: 'amountPrecision'; currency: Currency; decimals: number }
  | { ok: false; error: 'amountLeft'; left: Money }
  /** The billing service's own refusal, shown as it is. */
  | { ok: false; error: 'billing'; message: string }
export type StaffActOutcome = StaffActDone | StaffActRefused

/** The first field zod refused, as the refusal staff read. */
function refusalOf(error: z.ZodError): StaffActRefused {
  const field = error.issues[0]?.path[0]
  if (field === 'reason') return { ok: false, error: 'reason' }
  if (field === 'days') return { ok: false, error: 'days' }
  if (field === 'amount') return { ok: false, error: 'amountFormat' }
  return { ok: false, error: 'invalid' }
}

/** Whether the perks went (the profile's Plus badge): anonymous profile pages kept with it are dropped. */
const perksChanged = (payload: Payload, userId: string) => invalidateNow(payload, [cacheTags.user(userId)])

/**
 * Does one staff act for `actor` — the signed-in user of the request, or null — from untrusted input
 * (a form). Refuses anyone but staff before reading anything.
 */
export async function runStaffAct(payload: Payload, actor: Actor | null, raw: unknown): Promise<StaffActOutcome> {
  if (!actor || !canManageBilling(actor)) return { ok: false, error: 'forbidden' }
  const parsed = StaffActInput.safeParse(raw)
  if (!parsed.success) return refusalOf(parsed.error)
  const input = parsed.data
  try {
    if (input.act === 'refund') {
      const charge = await payload.findByID({ collection: 'charges', id: input.chargeId, depth: 0, overrideAccess: true, disableErrors: true })
      if (!charge || relationId(charge.user) !== input.userId || charge.type === 'refund' || !isCurrency(charge.currency)) return { ok: false, error: 'notFound' }
      const currency = charge.currency
      const amount = parseAmount(input.amount, currency)
      if (!amount.ok) {
        if (amount.reason === 'precision') return { ok: false, error: 'amountPrecision', currency, decimals: exponentOf(currency) }
        return { ok: false, error: amount.reason === 'zero' ? 'amountZero' : amount.reason === 'tooLarge' ? 'amountTooLarge' : 'amountFormat' }
      }
      // Said in money here; the service checks it again under its lock (two staff at once).
      const left = charge.status === 'succeeded' && charge.amount > 0 ? charge.amount - (await refundedOf(payload, charge.id)) : 0
      if (charge.status === 'succeeded' && amount.minor > left) return { ok: false, error: 'amountLeft', left: { minor: Math.max(0, left), currency } }
      await refund(payload, actor.id, { chargeId: charge.id, amount: amount.minor, reason: input.reason, endPerks: input.endPerks })
      const perksEnded = input.endPerks && !!relationId(charge.subscription)
      if (perksEnded) await perksChanged(payload, input.userId)
      return { ok: true, act: 'refund', userId: input.userId, amount: { minor: amount.minor, currency }, perksEnded }
    }
    const subscription = await payload.findByID({ collection: 'subscriptions', id: input.subscriptionId, depth: 0, overrideAccess: true, disableErrors: true })
    if (!subscription || relationId(subscription.user) !== input.userId) return { ok: false, error: 'notFound' }
    // An ended subscription has nothing to cancel (unless a failed renewal is still being retried)
    // and no period to credit: refused here rather than recorded as an act that changed nothing.
    if (subscription.status !== 'provisioned' && (input.act === 'credit' || !(await retryingRenewal(payload, subscription.id)))) return { ok: false, error: 'ended' }
    if (input.act === 'cancel') {
      await staffCancel(payload, actor.id, { subscriptionId: subscription.id, when: input.when, reason: input.reason })
      if (input.when === 'now') await perksChanged(payload, input.userId)
      return { ok: true, act: input.when === 'now' ? 'cancelNow' : 'cancelAtPeriodEnd', userId: input.userId }
    }
    await credit(payload, actor.id, { subscriptionId: subscription.id, days: input.days, reason: input.reason })
    return { ok: true, act: 'credit', userId: input.userId, days: input.days }
  } catch (error) {
    if (error instanceof BillingError) return { ok: false, error: 'billing', message: error.message }
    throw error
  }
}

/** What has been given back of a charge so far (refunds under way or done), in its minor units. */
async function refundedOf(payload: Payload, chargeId: string): Promise<number> {
  const { docs } = await payload.find({
    collection: 'charges',
    where: { parent: { equals: chargeId }, type: { equals: 'refund' }, status: { in: ['processing', 'succeeded'] } },
    depth: 0,
    limit: 1000,
    pagination: false,
    overrideAccess: true,
    select: { amount: true },
  })
  return docs.reduce((sum, c) => sum - c.amount, 0)
}

/** Whether an ended subscription still has a renewal to be tried (open, or failed and retried). */
async function retryingRenewal(payload: Payload, subscriptionId: string): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'charges', where: { subscription: { equals: subscriptionId }, type: { equals: 'renewal' }, status: { in: ['open', 'failed'] } }, overrideAccess: true })
  return totalDocs > 0
}
