import type { Payload } from 'payload'

import { base62Id } from '../../../lib/ids'
import { quote, RAIL_TERMS, type Quote, type RailName } from '../../../lib/revenue/fees'
import { centsToMicro, formatUsdMicro, toMicro } from '../../../lib/revenue/money'
import type { PayoutOutcome, PayoutRail } from '../rails/types'
import { db, inTransaction, sql } from './db'
import { RevenueError } from './errors'
import { HELD_MESSAGE, holdIn } from './holds'
import { balanceIn, lockUserAccount, post, systemAccount } from './ledger'
import { applyPayout, type PayoutApplied, type WithdrawalRow } from './payout'
import { railFor } from './rails'
import { assertTaxForm } from './taxForms'

/** Withdrawals above this need two-factor sign-in on (issue 30; CurseForge requires it for any). */
export const TWO_FACTOR_ABOVE = centsToMicro(100_00)

export type WithdrawInput = { rail: RailName; /** Gross, in micro-units of USD, whole cents. */ amount: bigint; destination: string }

function refusal(q: Extract<Quote, { ok: false }>): string {
  const terms = RAIL_TERMS[q.rail]
  switch (q.refusal) {
    case 'notWholeCents':
      return 'Withdraw a whole number of cents.'
    case 'belowMinimum':
      return `The least you can withdraw this way is ${formatUsdMicro(terms.min)}.`
    case 'aboveMaximum':
      return `The most you can withdraw this way at once is ${formatUsdMicro(terms.max)}.`
    case 'feeTakesAll':
      return `The fee (${formatUsdMicro(q.fee)}) would take all of it: withdraw more.`
  }
}

/**
 * A creator's withdrawal (issue 30). In one transaction: the user's account is locked
 * (`FOR UPDATE`, so two withdrawals of the same balance run one after the other and the second sees
 * what the first took), the available balance and the rail's limits are checked, the withdrawal is
 * recorded and its gross moved from the balance to in transit (net) and fees (fee) — unless staff
 * hold the balance, or the year's withdrawals would reach the tax-form threshold without the year's
 * form on file (./taxForms.ts). Then the rail
 * is asked to pay, with the withdrawal's id as its idempotency key, outside any transaction; money
 * moves on only when the rail says so (its answer here, its webhook or the job's status poll —
 * ./payout.ts). A rail that cannot be reached leaves the withdrawal in transit for the poll.
 */
export async function withdraw(payload: Payload, userId: string, input: WithdrawInput): Promise<WithdrawalRow> {
  const rail = railFor(payload, input.rail)
  if (!rail) throw new RevenueError('That payout method is not offered.')
  const destination = rail.destination(input.destination)
  if (!destination) throw new RevenueError('Enter an address this payout method can pay to.')
  const q = quote(rail.name, input.amount)
  if (!q.ok) throw new RevenueError(refusal(q))

  const id = base62Id()
  await inTransaction(payload, async (tx) => {
    const user = await tx.one<{ email_verified: boolean | null; two_factor_enabled: boolean | null }>(sql`SELECT email_verified, two_factor_enabled FROM users WHERE id = ${userId}`)
    if (!user) throw new RevenueError('Sign in again.')
    if (!user.email_verified) throw new RevenueError('Verify your email address before withdrawing.')
    if (q.gross > TWO_FACTOR_ABOVE && !user.two_factor_enabled) throw new RevenueError(`Turn on two-factor sign-in to withdraw more than ${formatUsdMicro(TWO_FACTOR_ABOVE)}.`)
    const account = await lockUserAccount(tx, userId)
    if (await holdIn(tx, userId)) throw new RevenueError(HELD_MESSAGE)
    const { available } = await balanceIn(tx, userId)
    if (available < q.gross) throw new RevenueError(`You have ${formatUsdMicro(available)} available to withdraw.`)
    await assertTaxForm(tx, userId, q.gross)
    await tx.rows(sql`
      INSERT INTO withdrawals (id, user_id, rail, destination, gross, fee, net, status, test_mode, updated_at, created_at)
      VALUES (${id}, ${userId}, ${rail.name}, ${destination}, ${q.gross.toString()}::numeric, ${q.fee.toString()}::numeric, ${q.net.toString()}::numeric,
        'inTransit', ${rail.testMode}, now(), now())`)
    await post(tx, {
      key: `withdrawal:${id}`,
      kind: 'withdrawal',
      memo: `Withdrawal ${id} through ${rail.name}`,
      entries: [
        { account, amount: -q.gross },
        { account: await systemAccount(tx, 'in_transit'), amount: q.net },
        { account: await systemAccount(tx, 'fees'), amount: q.fee },
      ],
    })
  })
  await sendPayout(payload, rail, { id, net: q.net, destination })
  return (await withdrawalOf(payload, id))!
}

async function sendPayout(payload: Payload, rail: PayoutRail, w: { id: string; net: bigint; destination: string }): Promise<PayoutApplied | 'unreachable'> {
  let outcome: PayoutOutcome
  try {
    outcome = await rail.send({ withdrawalId: w.id, amount: w.net, currency: 'USD', destination: w.destination })
  } catch (error) {
    payload.logger.error({ err: error, msg: 'Payout rail unreachable; the withdrawal stays in transit', withdrawal: w.id, rail: rail.name })
    return 'unreachable'
  }
  return inTransaction(payload, (tx) => applyPayout(tx, { withdrawalId: w.id, rail: rail.name, outcome }))
}

export const withdrawalOf = (payload: Payload, id: string): Promise<WithdrawalRow | null> => db(payload).one<WithdrawalRow>(sql`SELECT * FROM withdrawals WHERE id = ${id}`)

/** A user's withdrawals, newest first (the transfers page). */
export const withdrawalsOf = (payload: Payload, userId: string): Promise<WithdrawalRow[]> =>
  db(payload).rows<WithdrawalRow>(sql`SELECT * FROM withdrawals WHERE user_id = ${userId} ORDER BY created_at DESC, id`)

/** Payouts whose word has not come after this long are asked about (the job, ../index.ts). */
const POLL_AFTER_MINUTES = 10
const POLL_BATCH = 25
/** A payout nobody claimed in this many days is stopped and its money comes back (PayPal returns its own at 30). */
export const UNCLAIMED_RETURN_DAYS = 30
export const UNCLAIMED_REASON = 'Nobody claimed the payment within 30 days, so it came back to your balance.'

const lookupOf = (w: WithdrawalRow) => ({ withdrawalId: w.id, railPayoutId: w.rail_payout_id, destination: w.destination, amount: toMicro(w.net), sentAt: new Date(w.created_at) })

/**
 * Asks the rails about withdrawals in transit for a while (a webhook lost or never sent) and
 * applies what they say, least recently asked first (each answer "still pending" moves one to the
 * back). A payout whose create answer was lost is found again (PayPal: sent again with the same
 * `sender_batch_id`); one still unclaimed after 30 days is cancelled at the rail and its money
 * returned with the reason. The job runs on one instance at a time (src/jobs/runner.ts); each
 * outcome is applied under the withdrawal's row lock all the same.
 */
export async function pollInTransit(payload: Payload, now: Date = new Date()): Promise<number> {
  const due = await db(payload).rows<WithdrawalRow>(sql`
    SELECT * FROM withdrawals WHERE status = 'inTransit' AND created_at <= ${now}::timestamptz - make_interval(mins => ${POLL_AFTER_MINUTES})
    ORDER BY updated_at, created_at LIMIT ${POLL_BATCH}`)
  let settled = 0
  for (const w of due) {
    const rail = railFor(payload, w.rail)
    if (!rail) continue
    let outcome: PayoutOutcome
    try {
      outcome = await rail.status(lookupOf(w))
      const unclaimedFor = now.getTime() - new Date(w.created_at).getTime()
      if (outcome.status === 'pending' && rail.cancel && unclaimedFor >= UNCLAIMED_RETURN_DAYS * 86_400_000) {
        const stopped = await rail.cancel(lookupOf(w))
        outcome = stopped.status === 'cancelled' ? { status: 'returned', railPayoutId: stopped.railPayoutId, reason: UNCLAIMED_REASON } : stopped
      }
    } catch (error) {
      payload.logger.warn({ err: error, msg: 'Payout rail unreachable for a status check', withdrawal: w.id, rail: w.rail })
      continue
    }
    const applied = await inTransaction(payload, async (tx) => {
      const result = await applyPayout(tx, { withdrawalId: w.id, rail: rail.name, outcome, now })
      if (result === 'pending') await tx.rows(sql`UPDATE withdrawals SET updated_at = ${now} WHERE id = ${w.id} AND status = 'inTransit'`)
      return result
    })
    if (applied !== 'pending' && applied !== 'stale') settled++
  }
  return settled
}

/** What a cancel came to: the withdrawal as it stands after the rail's answer. */
export type CancelResult = { withdrawal: WithdrawalRow; cancelled: boolean }

export const CANCELLED_REASON = 'You cancelled it before it was claimed.'

/**
 * The creator cancels one of their withdrawals still in transit, where its rail still allows it
 * (PayPal: an unclaimed item; Tremendous: a reward not delivered; the test rail: an unclaimed
 * payout). The rail is asked first; its answer is applied like a webhook's — under the withdrawal's
 * lock, from in transit only, keyed in the ledger — so the money comes back exactly once, however
 * many cancels, webhooks and polls race. Any other answer (already claimed, paid) is applied as
 * the rail's word and the withdrawal is not cancelled.
 */
export async function cancelWithdrawal(payload: Payload, userId: string, withdrawalId: string): Promise<CancelResult> {
  const w = await withdrawalOf(payload, withdrawalId)
  if (!w || w.user_id !== userId) throw new RevenueError('That withdrawal was not found.')
  if (w.status !== 'inTransit') throw new RevenueError('This withdrawal is no longer in transit, so it cannot be cancelled.')
  const rail = railFor(payload, w.rail)
  if (!rail?.cancel) throw new RevenueError('This payout method cannot stop a payout once it is sent.')
  let outcome: PayoutOutcome
  try {
    outcome = await rail.cancel(lookupOf(w))
  } catch (error) {
    payload.logger.warn({ err: error, msg: 'Payout rail unreachable for a cancel', withdrawal: w.id, rail: w.rail })
    throw new RevenueError('The payout service could not be reached. Try again in a few minutes.')
  }
  if (outcome.status === 'cancelled') outcome = { ...outcome, reason: CANCELLED_REASON }
  await inTransaction(payload, (tx) => applyPayout(tx, { withdrawalId: w.id, rail: rail.name, outcome }))
  const after = (await withdrawalOf(payload, w.id))!
  return { withdrawal: after, cancelled: after.status === 'cancelled' }
}

/** Micro-units of a withdrawal's amounts, for pages. */
export const amountsOf = (w: WithdrawalRow) => ({ gross: toMicro(w.gross), fee: toMicro(w.fee), net: toMicro(w.net) })
