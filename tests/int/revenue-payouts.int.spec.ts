import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { centsToMicro } from '../../src/lib/revenue/money'
import { runRevenueStaffAct } from '../../src/lib/revenue/staffActs'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { addMethod } from '../../src/plugins/billing/service/methods'
import { refund } from '../../src/plugins/billing/service/staff'
import { subscribe } from '../../src/plugins/billing/service/subscribe'
import { TEST_RAIL_UNCLAIMED_DESTINATION } from '../../src/plugins/revenue/rails/test'
import { db, sql } from '../../src/plugins/revenue/service/db'
import { RevenueError } from '../../src/plugins/revenue/service/errors'
import { HELD_MESSAGE, holdBalance, holdOf, releaseBalance } from '../../src/plugins/revenue/service/holds'
import { balanceOf } from '../../src/plugins/revenue/service/ledger'
import { BALANCE_LABEL, payChargeFromBalance, purchaseKey } from '../../src/plugins/revenue/service/purchase'
import { recordTaxForm, taxFormIn, taxStatusOf } from '../../src/plugins/revenue/service/taxForms'
import { CANCELLED_REASON, cancelWithdrawal, pollInTransit, UNCLAIMED_REASON, withdraw, withdrawalOf } from '../../src/plugins/revenue/service/withdraw'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { credit, expectLedgerBalanced, systemBalance } from '../helpers/revenue'

/*
 * What a creator and staff do with a balance beyond withdrawing it (issue 30), through the test
 * rail: cancelling a payout not yet claimed, the 30-day return of an unclaimed one, staff holds
 * (each act recorded), the yearly tax form, and "Pay Blockforge" (a renewal paid from the balance
 * through billing's own apply path, exactly once).
 */
let payload: Payload
let staff: Awaited<ReturnType<typeof makeUser>>
const $ = (cents: number) => centsToMicro(cents)
const DAY = 86_400_000

beforeAll(async () => {
  payload = await bootPayload()
  staff = await makeUser(payload, 'moderator')
})

afterAll(async () => {
  await expectLedgerBalanced(payload)
})

async function creator(balanceCents: number, extra: { twoFactorEnabled?: boolean } = {}) {
  const user = await makeUser(payload, 'developer', { emailVerified: true, ...extra })
  if (balanceCents) await credit(payload, user.id, $(balanceCents))
  return user
}
const settlements = (withdrawalId: string) =>
  db(payload).rows<{ kind: string }>(sql`SELECT kind FROM ledger_transactions WHERE idempotency_key = ${`withdrawal:${withdrawalId}:settled`}`)

describe('cancelling a withdrawal', () => {
  it('an unclaimed payout: cancelled at the rail, the money back with its reason, exactly once however many cancels race', async () => {
    const user = await creator(1000)
    const w = await withdraw(payload, user.id, { rail: 'test', amount: $(800), destination: TEST_RAIL_UNCLAIMED_DESTINATION })
    expect(w).toMatchObject({ status: 'inTransit', rail_payout_id: expect.stringMatching(/^tpo_/) })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(200) })

    const results = await Promise.allSettled([1, 2, 3].map(() => cancelWithdrawal(payload, user.id, w.id)))
    const done = results.filter((r) => r.status === 'fulfilled')
    expect(done.length).toBeGreaterThanOrEqual(1)
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason.message)).toMatch(/no longer in transit/)
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'cancelled', reason: CANCELLED_REASON })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })
    expect(await settlements(w.id)).toEqual([{ kind: 'withdrawalReversed' }])

    // Once settled there is nothing to cancel.
    await expect(cancelWithdrawal(payload, user.id, w.id)).rejects.toThrow(/no longer in transit/)
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })
  })

  it('refused: someone else’s withdrawal, one already paid, an unknown id', async () => {
    const owner = await creator(1000)
    const other = await creator(0)
    const held = await withdraw(payload, owner.id, { rail: 'test', amount: $(100), destination: TEST_RAIL_UNCLAIMED_DESTINATION })
    await expect(cancelWithdrawal(payload, other.id, held.id)).rejects.toThrow(/not found/)
    const paid = await withdraw(payload, owner.id, { rail: 'test', amount: $(100), destination: 'paid@example.test' })
    expect(paid.status).toBe('succeeded')
    await expect(cancelWithdrawal(payload, owner.id, paid.id)).rejects.toThrow(RevenueError)
    await expect(cancelWithdrawal(payload, owner.id, 'NoSuch01')).rejects.toThrow(/not found/)
    expect(await withdrawalOf(payload, held.id)).toMatchObject({ status: 'inTransit' })
    expect(await balanceOf(payload, owner.id)).toMatchObject({ available: $(800) })
  })

  it('an unclaimed payout is returned after 30 days by the status poll, with the reason', async () => {
    const user = await creator(500)
    const w = await withdraw(payload, user.id, { rail: 'test', amount: $(500), destination: TEST_RAIL_UNCLAIMED_DESTINATION })
    await pollInTransit(payload, new Date(Date.now() + 11 * 60_000))
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'inTransit' }) // still waiting to be claimed
    await pollInTransit(payload, new Date(Date.now() + 29 * DAY))
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'inTransit' })
    await pollInTransit(payload, new Date(Date.now() + 31 * DAY))
    expect(await withdrawalOf(payload, w.id)).toMatchObject({ status: 'returned', reason: UNCLAIMED_REASON })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(500) })
    expect(await settlements(w.id)).toHaveLength(1)
  })
})

describe('staff holds', () => {
  it('a held balance cannot be withdrawn or spent, and says so; releasing it lets it move; every act is recorded', async () => {
    const user = await creator(1000)
    await holdBalance(payload, staff.id, { userId: user.id, reason: '  Chargebacks under review  ' })
    expect(await holdOf(payload, user.id)).toMatchObject({ reason: 'Chargebacks under review', staffId: staff.id })
    await expect(withdraw(payload, user.id, { rail: 'test', amount: $(100), destination: 'me@example.test' })).rejects.toThrow(HELD_MESSAGE)
    await expect(holdBalance(payload, staff.id, { userId: user.id, reason: 'Again' })).rejects.toThrow(/on hold already/)
    // Revenue still comes in while held.
    await credit(payload, user.id, $(100))
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1100) })
    expect(await db(payload).rows(sql`SELECT id FROM withdrawals WHERE user_id = ${user.id}`)).toEqual([])

    await releaseBalance(payload, staff.id, { userId: user.id, reason: 'Cleared' })
    expect(await holdOf(payload, user.id)).toBeNull()
    expect(await withdraw(payload, user.id, { rail: 'test', amount: $(100), destination: 'me@example.test' })).toMatchObject({ status: 'succeeded' })
    await expect(releaseBalance(payload, staff.id, { userId: user.id, reason: 'Twice' })).rejects.toThrow(/not on hold/)

    const acts = await payload.find({ collection: 'revenue-staff-acts', where: { user: { equals: user.id } }, sort: 'createdAt', depth: 0, overrideAccess: true })
    expect(acts.docs.map((a) => ({ act: a.act, staff: a.staff, reason: a.reason }))).toEqual([
      { act: 'hold', staff: staff.id, reason: 'Chargebacks under review' },
      { act: 'release', staff: staff.id, reason: 'Cleared' },
    ])
  })

  it('only staff (moderators, admins) hold or release, as the session says — never the form', async () => {
    const user = await creator(0)
    const [developer, editor, admin] = await Promise.all([makeUser(payload), makeUser(payload, 'developer', { newsEditor: true }), makeUser(payload, 'admin')])
    const hold = { act: 'hold', userId: user.id, reason: 'Fraud review' }
    for (const actor of [null, developer, editor, user, { id: admin.id, role: 'developer' as const }]) expect(await runRevenueStaffAct(payload, actor, hold)).toEqual({ ok: false, error: 'forbidden' })
    expect(await holdOf(payload, user.id)).toBeNull()
    expect(await runRevenueStaffAct(payload, staff, { ...hold, reason: ' ' })).toEqual({ ok: false, error: 'reason' })
    expect(await runRevenueStaffAct(payload, staff, { ...hold, act: 'seize' })).toEqual({ ok: false, error: 'invalid' })
    expect(await runRevenueStaffAct(payload, staff, hold)).toEqual({ ok: true, act: 'hold', userId: user.id })
    expect(await runRevenueStaffAct(payload, admin, hold)).toEqual({ ok: false, error: 'revenue', message: 'This balance is on hold already.' })
    expect(await runRevenueStaffAct(payload, admin, { ...hold, act: 'release', reason: 'Cleared' })).toEqual({ ok: true, act: 'release', userId: user.id })
    const acts = await payload.find({ collection: 'revenue-staff-acts', where: { user: { equals: user.id } }, sort: 'createdAt', depth: 0, overrideAccess: true })
    expect(acts.docs.map((a) => [a.act, a.staff])).toEqual([['hold', staff.id], ['release', admin.id]])
  })

  it('refused without a reason, or for a user who does not exist; nothing recorded', async () => {
    const user = await creator(0)
    await expect(holdBalance(payload, staff.id, { userId: user.id, reason: '   ' })).rejects.toThrow(/Give a reason/)
    await expect(holdBalance(payload, staff.id, { userId: 'NoUser01', reason: 'Fraud' })).rejects.toThrow(/not found/)
    expect(await holdOf(payload, user.id)).toBeNull()
    expect((await payload.count({ collection: 'revenue-staff-acts', where: { user: { in: [user.id, 'NoUser01'] } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('a hold placed while a withdrawal runs: one waits for the other (the account lock)', async () => {
    const user = await creator(1000)
    const [w, h] = await Promise.allSettled([
      withdraw(payload, user.id, { rail: 'test', amount: $(1000), destination: 'me@example.test' }),
      holdBalance(payload, staff.id, { userId: user.id, reason: 'Race' }),
    ])
    expect(h.status).toBe('fulfilled')
    const balance = await balanceOf(payload, user.id)
    // Either the withdrawal went first (and took it all) or the hold did (and the withdrawal was refused).
    if (w.status === 'fulfilled') expect(balance.available).toBe(0n)
    else expect([balance.available, String(w.reason.message)]).toEqual([$(1000), HELD_MESSAGE])
  })
})

describe('the yearly tax form', () => {
  it('a withdrawal that would reach the threshold needs the year’s form; only the id’s last four are kept', async () => {
    const user = await creator(100_000, { twoFactorEnabled: true })
    expect(await taxStatusOf(payload, user.id)).toMatchObject({ threshold: $(60_000), withdrawn: 0n, onFile: null })
    // A failed one gives its money back and does not count.
    expect(await withdraw(payload, user.id, { rail: 'test', amount: $(20_000), destination: 'fail@example.test' })).toMatchObject({ status: 'failed' })
    expect(await withdraw(payload, user.id, { rail: 'test', amount: $(50_000), destination: 'me@example.test' })).toMatchObject({ status: 'succeeded' })
    expect(await taxStatusOf(payload, user.id)).toMatchObject({ withdrawn: $(50_000) })

    await expect(withdraw(payload, user.id, { rail: 'test', amount: $(10_000), destination: 'me@example.test' })).rejects.toThrow(/need a tax form/)
    expect(await db(payload).rows(sql`SELECT id FROM withdrawals WHERE user_id = ${user.id} AND status = 'inTransit'`)).toEqual([])
    expect(await withdraw(payload, user.id, { rail: 'test', amount: $(9_999), destination: 'me@example.test' })).toMatchObject({ status: 'succeeded' }) // just under

    const today = new Date().toISOString().slice(0, 10)
    const form = { legalName: ' Ada   Lovelace ', country: 'gb', taxIdType: 'foreign', signedOn: today }
    await expect(recordTaxForm(payload, user.id, { ...form, taxIdLast4: '123-45-6789' })).rejects.toThrow(/last four/)
    await expect(recordTaxForm(payload, user.id, { ...form, country: 'XX', taxIdLast4: '6789' })).rejects.toThrow(/country/)
    await expect(recordTaxForm(payload, user.id, { ...form, signedOn: '2999-01-01', taxIdLast4: '6789' })).rejects.toThrow(/signing date/)
    expect(await taxFormIn(db(payload), user.id, new Date().getUTCFullYear())).toBeNull()

    expect(await recordTaxForm(payload, user.id, { ...form, taxIdLast4: '67 89' })).toMatchObject({ legalName: 'Ada Lovelace', country: 'GB', taxIdLast4: '6789' })
    expect(await withdraw(payload, user.id, { rail: 'test', amount: $(10_000), destination: 'me@example.test' })).toMatchObject({ status: 'succeeded' })
    // A corrected form replaces the year's.
    await recordTaxForm(payload, user.id, { ...form, legalName: 'Augusta Ada King', taxIdLast4: '4321' })
    const stored = await payload.find({ collection: 'revenue-tax-forms', where: { user: { equals: user.id } }, depth: 0, overrideAccess: true })
    expect(stored.docs).toHaveLength(1)
    expect(stored.docs[0]).toMatchObject({ legalName: 'Augusta Ada King', country: 'GB', taxIdType: 'foreign', taxIdLast4: '4321', year: new Date().getUTCFullYear() })
    const row = await db(payload).one<Record<string, unknown>>(sql`SELECT * FROM revenue_tax_forms WHERE user_id = ${user.id}`)
    expect(JSON.stringify(row)).not.toMatch(/6789|123-45/)
  })
})

describe('Pay Blockforge', () => {
  /** A Plus subscriber (test mode's good card, monthly USD) with `cents` available: their open renewal. */
  async function plusSubscriber(cents: number) {
    await ensureCatalogue(payload)
    const user = await creator(cents)
    const method = await addMethod(payload, user, 'test_card_visa')
    const { subscriptionId, outcome } = await subscribe(payload, user, { productKey: 'plus', currency: 'USD', interval: 'monthly', methodId: method.id })
    expect(outcome === 'succeeded' || outcome === 'stale').toBe(true)
    const renewal = await db(payload).one<{ id: string; amount: string; due: Date }>(sql`SELECT id, amount, due FROM charges WHERE subscription_id = ${subscriptionId} AND type = 'renewal' AND status = 'open'`)
    return { user, subscriptionId, renewal: renewal! }
  }
  const charge = (id: string) => db(payload).one<{ status: string; payment_id: string | null; method_label: string | null; attempts: string }>(sql`SELECT * FROM charges WHERE id = ${id}`)
  const purchases = (chargeId: string) => db(payload).rows(sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${purchaseKey(chargeId)}`)

  it('pays the open renewal from the balance, once, however many attempts race; the next renewal keeps the card', async () => {
    const { user, subscriptionId, renewal } = await plusSubscriber(1000)
    const site = await systemBalance(payload, 'blockforge')
    const results = await Promise.allSettled([1, 2, 3].map(() => payChargeFromBalance(payload, user.id, renewal.id)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RevenueError)
    expect((results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ cost: bigint }>).value.cost).toBe($(499))

    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(501) })
    expect(await systemBalance(payload, 'blockforge')).toBe(site + $(499))
    expect(await purchases(renewal.id)).toHaveLength(1)
    expect(await charge(renewal.id)).toMatchObject({ status: 'succeeded', payment_id: expect.stringMatching(/^balance_\d+$/), method_label: BALANCE_LABEL, attempts: '1' })
    // Billing's apply path: still provisioned, and the following month's renewal is open, on the card.
    const next = await db(payload).one<{ status: string; method_label: string | null; due: Date }>(sql`
      SELECT status, method_label, due FROM charges WHERE subscription_id = ${subscriptionId} AND type = 'renewal' AND id <> ${renewal.id}`)
    expect(next).toMatchObject({ status: 'open', method_label: expect.stringMatching(/4242/) })
    expect(next!.due.getTime()).toBeGreaterThan(new Date(renewal.due).getTime())
    expect(await db(payload).one(sql`SELECT status FROM subscriptions WHERE id = ${subscriptionId}`)).toEqual({ status: 'provisioned' })

    await expect(payChargeFromBalance(payload, user.id, renewal.id)).rejects.toThrow(/paid already/)
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(501) })
  })

  it('not enough available: refused with the figures, nothing moves', async () => {
    const { user, renewal } = await plusSubscriber(100)
    await credit(payload, user.id, $(10_000), new Date(Date.now() + 30 * DAY)) // pending: not spendable yet
    await expect(payChargeFromBalance(payload, user.id, renewal.id)).rejects.toThrow('This charge is $4.99; you have $1.00 available. Nothing was paid.')
    expect(await charge(renewal.id)).toMatchObject({ status: 'open', payment_id: null })
    expect(await purchases(renewal.id)).toEqual([])
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(100), pending: $(10_000) })
  })

  it('a failed renewal paid from the balance brings the perks back; a held balance or someone else’s charge is refused', async () => {
    const { user, subscriptionId, renewal } = await plusSubscriber(2000)
    await db(payload).rows(sql`UPDATE charges SET status = 'failed', attempts = 1, last_attempt = now() WHERE id = ${renewal.id}`)
    await db(payload).rows(sql`UPDATE subscriptions SET status = 'unprovisioned', ended_reason = 'paymentFailed' WHERE id = ${subscriptionId}`)

    const stranger = await creator(5000)
    await expect(payChargeFromBalance(payload, stranger.id, renewal.id)).rejects.toThrow(/not found/)
    await holdBalance(payload, staff.id, { userId: user.id, reason: 'Checking' })
    await expect(payChargeFromBalance(payload, user.id, renewal.id)).rejects.toThrow(HELD_MESSAGE)
    expect(await charge(renewal.id)).toMatchObject({ status: 'failed' })
    await releaseBalance(payload, staff.id, { userId: user.id, reason: 'Fine' })

    await payChargeFromBalance(payload, user.id, renewal.id)
    expect(await charge(renewal.id)).toMatchObject({ status: 'succeeded', attempts: '2' })
    expect(await db(payload).one(sql`SELECT status, ended_reason FROM subscriptions WHERE id = ${subscriptionId}`)).toEqual({ status: 'provisioned', ended_reason: null })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1501) })
    expect(await balanceOf(payload, stranger.id)).toMatchObject({ available: $(5000) })
  })

  it('a staff refund of a charge paid from the balance puts the money back on the balance, once; never at the payment provider', async () => {
    const { user, renewal } = await plusSubscriber(1000)
    await payChargeFromBalance(payload, user.id, renewal.id)
    const site = await systemBalance(payload, 'blockforge')
    await refund(payload, staff.id, { chargeId: renewal.id, amount: 200, reason: 'Outage' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(501 + 200) })
    expect(await systemBalance(payload, 'blockforge')).toBe(site - $(200))
    const refunds = await db(payload).rows<{ status: string; amount: string; payment_id: string }>(sql`SELECT status, amount, payment_id FROM charges WHERE parent_id = ${renewal.id} AND type = 'refund'`)
    expect(refunds).toEqual([{ status: 'succeeded', amount: '-200', payment_id: expect.stringMatching(/^balance_refund_/) }])
    // The rest, and no more.
    await expect(refund(payload, staff.id, { chargeId: renewal.id, amount: 300, reason: 'Again' })).rejects.toThrow('At most 299 (minor units) of this charge is left to refund.')
    await refund(payload, staff.id, { chargeId: renewal.id, amount: 299, reason: 'The rest' })
    expect(await balanceOf(payload, user.id)).toMatchObject({ available: $(1000) })
  })
})
