import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { runStaffAct } from '../../src/lib/billing/staffActs'
import { hasPlus } from '../../src/lib/data/billing'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { db, sql } from '../../src/plugins/billing/service/db'
import { addMethod } from '../../src/plugins/billing/service/methods'
import { subscribe } from '../../src/plugins/billing/service/subscribe'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

/*
 * The staff acts of /admin/billing/{id} (issue 29) as its server actions run them
 * (src/lib/billing/staffActs.ts): refused to anyone but staff before anything is read or changed,
 * the form's amount taken as exact minor units in the charge's currency, the charge or subscription
 * checked to be the page's user's, and the billing service's refusals passed on. Test mode (no
 * Stripe key): the test provider's payments go through the real webhook handler.
 */
let payload: Payload
let admin: User
let moderator: User

type ChargeRow = { id: string; type: string; status: string; amount: string; currency: string; parent_id: string | null; due: Date }
const chargesOf = (userId: string) => db(payload).rows<ChargeRow>(sql`SELECT * FROM charges WHERE user_id = ${userId} ORDER BY created_at, due`)
const actsOf = (userId: string) => db(payload).rows<{ act: string; staff_id: string; amount: string | null; days: string | null; reason: string }>(sql`SELECT * FROM billing_staff_acts WHERE user_id = ${userId} ORDER BY created_at`)

/** A user with a paid Plus subscription in `currency`: their first charge and the subscription. */
async function subscriber(currency: 'USD' | 'JPY' = 'USD') {
  const user = await makeUser(payload)
  await addMethod(payload, user, 'test_card_visa')
  // The charge row is what says it was paid (test mode's webhook may apply the payment before
  // `subscribe` applies the provider's answer).
  const result = await subscribe(payload, user, { productKey: 'plus', currency, interval: 'monthly' })
  expect(['succeeded', 'stale']).toContain(result.outcome)
  const first = (await chargesOf(user.id)).find((c) => c.type === 'subscription')!
  expect(first.status).toBe('succeeded')
  return { user, charge: first, subscriptionId: result.subscriptionId }
}

const refundOf = (userId: string, chargeId: string, amount: string, extra: Record<string, unknown> = {}) => ({ act: 'refund', userId, chargeId, amount, reason: 'Asked for it back', ...extra })

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  payload = await bootPayload()
  await ensureCatalogue(payload)
  admin = await makeUser(payload, 'admin')
  moderator = await makeUser(payload, 'moderator')
})

describe('who may act', () => {
  it('nobody but staff: signed out and a plain user are refused, and nothing changes', async () => {
    const { user, charge, subscriptionId } = await subscriber()
    const plain = await makeUser(payload)
    const acts = [
      refundOf(user.id, charge.id, '4.99', { endPerks: true }),
      { act: 'cancel', userId: user.id, subscriptionId, when: 'now', reason: 'x' },
      { act: 'credit', userId: user.id, subscriptionId, days: 30, reason: 'x' },
    ]
    for (const actor of [null, plain, user]) for (const act of acts) expect(await runStaffAct(payload, actor, act)).toEqual({ ok: false, error: 'forbidden' })
    // Refused before the form is even read: a malformed one gets the same answer.
    expect(await runStaffAct(payload, plain, { act: 'nonsense' })).toEqual({ ok: false, error: 'forbidden' })
    // A role claimed by the caller's object is what the session says in the action; here, a developer stays a developer.
    expect(await runStaffAct(payload, { id: plain.id, role: 'developer' }, acts[0])).toEqual({ ok: false, error: 'forbidden' })
    expect((await chargesOf(user.id)).filter((c) => c.type === 'refund')).toEqual([])
    expect(await actsOf(user.id)).toEqual([])
    expect(await hasPlus(payload, user.id)).toBe(true)
  })

  it('moderators and admins are staff', async () => {
    const { user, charge } = await subscriber()
    expect(await runStaffAct(payload, moderator, refundOf(user.id, charge.id, '0.50'))).toMatchObject({ ok: true, act: 'refund', amount: { minor: 50, currency: 'USD' } })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '0.50'))).toMatchObject({ ok: true, act: 'refund' })
    expect((await actsOf(user.id)).map((a) => a.staff_id)).toEqual([moderator.id, admin.id])
  })
})

describe('refund amounts', () => {
  it('a 4.99 USD charge is 499 cents; "1.00" refunds 100 of them and leaves 399', async () => {
    const { user, charge } = await subscriber()
    expect(Number(charge.amount)).toBe(499)
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '1.00'))).toEqual({ ok: true, act: 'refund', userId: user.id, amount: { minor: 100, currency: 'USD' }, perksEnded: false })
    // More than is left is refused in money, before the provider is asked.
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '4.00'))).toEqual({ ok: false, error: 'amountLeft', left: { minor: 399, currency: 'USD' } })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '3.99'))).toMatchObject({ ok: true, amount: { minor: 399 } })
    const refunds = (await chargesOf(user.id)).filter((c) => c.type === 'refund')
    expect(refunds.map((r) => [Number(r.amount), r.status, r.parent_id])).toEqual([
      [-100, 'succeeded', charge.id],
      [-399, 'succeeded', charge.id],
    ])
    expect((await actsOf(user.id)).map((a) => [a.act, Number(a.amount), a.reason])).toEqual([
      ['refund', 100, 'Asked for it back'],
      ['refund', 399, 'Asked for it back'],
    ])
    // Refunded in full: nothing is left.
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '0.01'))).toEqual({ ok: false, error: 'amountLeft', left: { minor: 0, currency: 'USD' } })
    expect(await hasPlus(payload, user.id)).toBe(true) // perks stay unless staff end them
  })

  it('"4.35" is 435 cents (as a float, 4.35 * 100 is 434.99999999999994), "4.99" in full is 499', async () => {
    const { user, charge } = await subscriber()
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '4.35'))).toMatchObject({ ok: true, amount: { minor: 435, currency: 'USD' } })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '0.64'))).toMatchObject({ ok: true, amount: { minor: 64, currency: 'USD' } })
    const other = await subscriber()
    expect(await runStaffAct(payload, admin, refundOf(other.user.id, other.charge.id, '4.99'))).toMatchObject({ ok: true, amount: { minor: 499, currency: 'USD' } })
    expect((await chargesOf(user.id)).filter((c) => c.type === 'refund').map((c) => Number(c.amount))).toEqual([-435, -64])
    expect((await chargesOf(other.user.id)).filter((c) => c.type === 'refund').map((c) => Number(c.amount))).toEqual([-499])
  })

  it('"748" JPY is 748 yen: the currency has no minor unit', async () => {
    const { user, charge } = await subscriber('JPY')
    expect(charge).toMatchObject({ currency: 'JPY' })
    expect(Number(charge.amount)).toBe(748)
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '748.5'))).toEqual({ ok: false, error: 'amountPrecision', currency: 'JPY', decimals: 0 })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '748'))).toMatchObject({ ok: true, amount: { minor: 748, currency: 'JPY' } })
    expect((await actsOf(user.id)).map((a) => Number(a.amount))).toEqual([748])
  })

  it('"1.005" USD is refused, as are amounts that are not plain numbers; nothing is recorded', async () => {
    const { user, charge } = await subscriber()
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '1.005'))).toEqual({ ok: false, error: 'amountPrecision', currency: 'USD', decimals: 2 })
    for (const amount of ['1,00', '-1', '1e2', 'abc', '']) expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, amount)), amount).toEqual({ ok: false, error: 'amountFormat' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '0'))).toEqual({ ok: false, error: 'amountZero' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '', { amount: 4.99 }))).toEqual({ ok: false, error: 'amountFormat' })
    expect((await chargesOf(user.id)).filter((c) => c.type === 'refund')).toEqual([])
    expect(await actsOf(user.id)).toEqual([])
  })

  it('"end perks now" ends the subscription with the refund', async () => {
    const { user, charge, subscriptionId } = await subscriber()
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '4.99', { endPerks: true }))).toMatchObject({ ok: true, perksEnded: true })
    expect(await hasPlus(payload, user.id)).toBe(false)
    const sub = await db(payload).one<{ status: string; ended_reason: string }>(sql`SELECT status, ended_reason FROM subscriptions WHERE id = ${subscriptionId}`)
    expect(sub).toMatchObject({ status: 'unprovisioned', ended_reason: 'refunded' })
  })
})

describe('what the form names', () => {
  it('a reason is required; the charge or subscription must be the page’s user’s; a refund cannot be refunded', async () => {
    const { user, charge, subscriptionId } = await subscriber()
    const other = await subscriber()
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '1.00', { reason: '   ' }))).toEqual({ ok: false, error: 'reason' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '1.00', { reason: 'x'.repeat(1001) }))).toEqual({ ok: false, error: 'reason' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, other.charge.id, '1.00'))).toEqual({ ok: false, error: 'notFound' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, 'nope1234', '1.00'))).toEqual({ ok: false, error: 'notFound' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, 'a\u0000b', '1.00'))).toEqual({ ok: false, error: 'invalid' })
    expect(await runStaffAct(payload, admin, { act: 'cancel', userId: user.id, subscriptionId: other.subscriptionId, when: 'now', reason: 'x' })).toEqual({ ok: false, error: 'notFound' })
    expect(await runStaffAct(payload, admin, { act: 'cancel', userId: user.id, subscriptionId, when: 'soon', reason: 'x' })).toEqual({ ok: false, error: 'invalid' })
    expect(await runStaffAct(payload, admin, { act: 'credit', userId: user.id, subscriptionId, days: '0', reason: 'x' })).toEqual({ ok: false, error: 'days' })
    expect(await runStaffAct(payload, admin, { act: 'credit', userId: user.id, subscriptionId, days: '367', reason: 'x' })).toEqual({ ok: false, error: 'days' })
    expect(await runStaffAct(payload, admin, { act: 'credit', userId: user.id, subscriptionId, days: '1.5', reason: 'x' })).toEqual({ ok: false, error: 'days' })
    expect(await runStaffAct(payload, admin, refundOf(user.id, charge.id, '1.00'))).toMatchObject({ ok: true })
    const refund = (await chargesOf(user.id)).find((c) => c.type === 'refund')!
    expect(await runStaffAct(payload, admin, refundOf(user.id, refund.id, '0.50'))).toEqual({ ok: false, error: 'notFound' })
    expect(await actsOf(user.id)).toHaveLength(1)
    expect(await actsOf(other.user.id)).toEqual([])
  })
})

describe('cancel and credit', () => {
  it('credit moves the next renewal; cancel at period end keeps the perks; cancel now ends them; an ended one has nothing to cancel or credit', async () => {
    const { user, subscriptionId } = await subscriber()
    const dueOf = async () => (await chargesOf(user.id)).find((c) => c.type === 'renewal')!.due.getTime()
    const before = await dueOf()
    expect(await runStaffAct(payload, moderator, { act: 'credit', userId: user.id, subscriptionId, days: '7', reason: 'Outage' })).toEqual({ ok: true, act: 'credit', userId: user.id, days: 7 })
    expect(Math.round(((await dueOf()) - before) / 86_400_000)).toBe(7)

    expect(await runStaffAct(payload, admin, { act: 'cancel', userId: user.id, subscriptionId, when: 'periodEnd', reason: 'Asked' })).toEqual({ ok: true, act: 'cancelAtPeriodEnd', userId: user.id })
    expect(await hasPlus(payload, user.id)).toBe(true)
    expect(await runStaffAct(payload, admin, { act: 'cancel', userId: user.id, subscriptionId, when: 'now', reason: 'Chargeback' })).toEqual({ ok: true, act: 'cancelNow', userId: user.id })
    expect(await hasPlus(payload, user.id)).toBe(false)
    expect((await actsOf(user.id)).map((a) => [a.act, a.reason])).toEqual([
      ['credit', 'Outage'],
      ['cancelAtPeriodEnd', 'Asked'],
      ['cancelNow', 'Chargeback'],
    ])

    // Ended: nothing to cancel or credit, and no act is recorded for it.
    expect(await runStaffAct(payload, admin, { act: 'credit', userId: user.id, subscriptionId, days: '7', reason: 'x' })).toEqual({ ok: false, error: 'ended' })
    expect(await runStaffAct(payload, admin, { act: 'cancel', userId: user.id, subscriptionId, when: 'now', reason: 'x' })).toEqual({ ok: false, error: 'ended' })
    expect(await actsOf(user.id)).toHaveLength(3)
  })

  it('the billing service’s refusals are shown as it words them', async () => {
    const { user, subscriptionId } = await subscriber()
    // The renewal's due date is past (as if the renewal job had not run yet): no paid period runs.
    await db(payload).rows(sql`UPDATE charges SET due = now() - interval '1 hour' WHERE subscription_id = ${subscriptionId} AND type = 'renewal'`)
    expect(await runStaffAct(payload, admin, { act: 'credit', userId: user.id, subscriptionId, days: '7', reason: 'x' })).toEqual({
      ok: false,
      error: 'billing',
      message: 'Only a subscription with a paid period running can be credited.',
    })
    expect(await actsOf(user.id)).toEqual([])
  })
})
