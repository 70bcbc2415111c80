import type { Payload } from 'payload'

import { formatMoney, isCurrency } from '../../../lib/billing/currency'
import { formatUsdMicro } from '../../../lib/revenue/money'
import { chargeCostMicro } from '../../../lib/revenue/usd'
import { lockBalancePayable, markPaidFromBalance, type BalanceRefund } from '../../billing/service/balance'
import { perksChanged } from '../../billing/service/perks'
import { BillingError, num } from '../../billing/service/rows'
import { inTransaction } from './db'
import { RevenueError } from './errors'
import { HELD_MESSAGE, holdIn } from './holds'
import { balanceIn, lockUserAccount, post, systemAccount } from './ledger'

/** What paid, where a card would be named (the charge's "card" on /settings/billing/charges). */
export const BALANCE_LABEL = 'Creator balance'

export const purchaseKey = (chargeId: string) => `purchase:charge:${chargeId}`

export type Purchase = { chargeId: string; cost: bigint; amount: number; currency: string }

/**
 * "Pay Blockforge" (issue 30): one of the user's open or failed renewals (Plus, a server) paid from
 * their available balance, in one transaction — the account locked (as a withdrawal locks it, so
 * the two never spend the same money), no staff hold, the charge locked and checked by billing, the
 * money moved from the user to the site's `blockforge` account (ledger key per charge: a charge is
 * paid from a balance once), and the charge marked paid through billing's own apply path. Two
 * attempts at once: the second finds the charge paid and moves nothing. Not enough available:
 * refused, nothing moves.
 */
export async function payChargeFromBalance(payload: Payload, userId: string, chargeId: string, now: Date = new Date()): Promise<Purchase> {
  let purchase: Purchase
  try {
    purchase = await inTransaction(payload, async (tx) => {
      const account = await lockUserAccount(tx, userId)
      if (await holdIn(tx, userId)) throw new RevenueError(HELD_MESSAGE)
      const charge = await lockBalancePayable(tx, userId, chargeId)
      if (!isCurrency(charge.currency)) throw new RevenueError('This charge cannot be paid from your balance.')
      const amount = num(charge.amount)
      const cost = chargeCostMicro(BigInt(amount), charge.currency)
      const { available } = await balanceIn(tx, userId)
      if (available < cost) {
        const price = charge.currency === 'USD' ? formatUsdMicro(cost) : `${formatMoney(amount, charge.currency)} (${formatUsdMicro(cost)})`
        throw new RevenueError(`This charge is ${price}; you have ${formatUsdMicro(available)} available. Nothing was paid.`)
      }
      const transactionId = await post(tx, {
        key: purchaseKey(charge.id),
        kind: 'purchase',
        memo: `Charge ${charge.id} paid from the balance`,
        entries: [
          { account, amount: -cost },
          { account: await systemAccount(tx, 'blockforge'), amount: cost },
        ],
      })
      if (!transactionId) throw new RevenueError('This charge has been paid from your balance already.')
      await markPaidFromBalance(tx, charge, { paymentId: `balance_${transactionId}`, label: BALANCE_LABEL, now })
      return { chargeId: charge.id, cost, amount, currency: charge.currency }
    })
  } catch (error) {
    if (error instanceof BillingError) throw new RevenueError(error.message)
    throw error
  }
  await perksChanged(payload, [userId])
  return purchase
}

/**
 * A staff refund of a charge paid from the balance puts the refunded part back on the balance
 * (registered with billing by the revenue plugin): from the site's `blockforge` account to the user,
 * at the same rate the charge cost, once per refund.
 */
export const refundPurchase: BalanceRefund = async (tx, input) => {
  const cost = chargeCostMicro(BigInt(input.amount), input.currency)
  const transactionId = await post(tx, {
    key: `purchase-refund:${input.refundId}`,
    kind: 'purchaseRefund',
    memo: `Refund ${input.refundId} of charge ${input.chargeId}, to the balance`,
    entries: [
      { account: await systemAccount(tx, 'blockforge'), amount: -cost },
      { account: await lockUserAccount(tx, input.userId), amount: cost },
    ],
  })
  if (!transactionId) throw new RevenueError('This refund was put back on the balance already.')
}
