'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { formatMoney, isCurrency } from '@/lib/billing/currency'
import { parseAmount } from '@/lib/billing/parseAmount'
import { currentViewer } from '@/lib/data/currentViewer'
import type { Viewer } from '@/lib/data/viewer'
import { RAIL_NAMES } from '@/lib/revenue/fees'
import { centsToMicro, formatUsdMicro, toMicro } from '@/lib/revenue/money'
import { checkTaxForm } from '@/lib/revenue/taxForm'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'
import { RevenueError } from '@/plugins/revenue/service/errors'
import { payChargeFromBalance } from '@/plugins/revenue/service/purchase'
import { recordTaxForm } from '@/plugins/revenue/service/taxForms'
import { cancelWithdrawal, withdraw } from '@/plugins/revenue/service/withdraw'

/*
 * What a signed-in creator does with their balance (/dashboard/revenue/…): withdraw through a rail,
 * pay one of their charges ("Pay Blockforge"), cancel a payout not yet claimed. Each action takes the
 * session's user only (currentViewer: a token in Authorization is a signed-out visitor here), checks
 * its input with zod, and passes the user's id to the revenue service, which refuses anything not
 * theirs. A `RevenueError` is a refusal meant for the creator and shown as it is; anything else is
 * logged and answered with a generic message. The forms keep what was typed (their inputs are the
 * client's state), so a refusal is corrected, not retyped.
 */

export type RevenueState = { error?: string; done?: string; /** Which submit it answers (a second identical answer still shows). */ at?: number }
type Signed = Viewer & { user: NonNullable<Viewer['user']> }
type T = Awaited<ReturnType<typeof getTranslations<'Revenue'>>>

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}
const refresh = () => refreshAfterWrite('revenue')

async function run<I>(schema: z.ZodType<I>, input: unknown, act: (viewer: Signed, input: I, t: T) => Promise<RevenueState>): Promise<RevenueState> {
  const [t, viewer] = await Promise.all([getTranslations('Revenue'), currentViewer()])
  const at = Date.now()
  if (!viewer.user) return { error: t('errors.signIn'), at }
  const parsed = schema.safeParse(input)
  if (!parsed.success) return { error: t('errors.invalid'), at }
  try {
    const state = await act(viewer as Signed, parsed.data, t)
    refresh()
    return { ...state, at }
  } catch (error) {
    if (error instanceof RevenueError) {
      refresh()
      return { error: error.message, at }
    }
    viewer.payload.logger.error({ err: error, msg: 'Revenue action failed' })
    return { error: t('errors.failed'), at }
  }
}

const TaxForm = z.object({ legalName: z.string().max(400), country: z.string().max(8), taxIdType: z.string().max(16), taxIdLast4: z.string().max(16), signedOn: z.string().max(16) })
const WithdrawInput = z.object({
  rail: z.enum(RAIL_NAMES),
  destination: z.string().trim().min(1).max(254),
  amount: z.string().max(40),
  taxForm: TaxForm.optional(),
})

/** Withdraws an amount (typed in dollars) through a rail, with the year's tax form when the form carries one. */
export async function withdrawAction(_prev: RevenueState, form: FormData): Promise<RevenueState> {
  const taxForm =
    text(form, 'taxLegalName') == null
      ? undefined
      : { legalName: text(form, 'taxLegalName') ?? '', country: text(form, 'taxCountry') ?? '', taxIdType: text(form, 'taxIdType') ?? '', taxIdLast4: text(form, 'taxIdLast4') ?? '', signedOn: text(form, 'taxSignedOn') ?? '' }
  const input = { rail: text(form, 'rail'), destination: text(form, 'destination') ?? '', amount: text(form, 'amount') ?? '', taxForm }
  return run(WithdrawInput, input, async (viewer, { rail, destination, amount, taxForm }, t) => {
    const parsed = parseAmount(amount, 'USD')
    if (!parsed.ok) return { error: t(`errors.amount.${parsed.reason}`) }
    if (taxForm) {
      const checked = checkTaxForm(taxForm)
      if (!checked.ok) return { error: t(`errors.taxForm.${checked.field}`) }
      await recordTaxForm(viewer.payload, viewer.user.id, checked.form)
    }
    const w = await withdraw(viewer.payload, viewer.user.id, { rail, amount: centsToMicro(parsed.minor), destination })
    const values = { gross: formatUsdMicro(toMicro(w.gross)), net: formatUsdMicro(toMicro(w.net)), rail: t(`rails.${w.rail}`) }
    if (w.status === 'failed') return { error: t('withdraw.outcome.failed', { ...values, reason: w.reason ?? '' }) }
    return { done: t(w.status === 'succeeded' ? 'withdraw.outcome.succeeded' : 'withdraw.outcome.inTransit', values) }
  })
}

/** "Pay Blockforge": one of the user's open or failed renewals paid from their balance. */
export async function payBlockforgeAction(_prev: RevenueState, form: FormData): Promise<RevenueState> {
  return run(z.string().trim().min(1).max(64), text(form, 'charge'), async (viewer, chargeId, t) => {
    const paid = await payChargeFromBalance(viewer.payload, viewer.user.id, chargeId)
    const price = isCurrency(paid.currency) ? formatMoney(paid.amount, paid.currency) : formatUsdMicro(paid.cost)
    return { done: t('withdraw.outcome.paid', { price, cost: formatUsdMicro(paid.cost) }) }
  })
}

/** Cancels one of the user's withdrawals still in transit, if its rail still can. */
export async function cancelTransferAction(_prev: RevenueState, form: FormData): Promise<RevenueState> {
  return run(z.string().trim().min(1).max(64), text(form, 'withdrawal'), async (viewer, withdrawalId, t) => {
    const { withdrawal, cancelled } = await cancelWithdrawal(viewer.payload, viewer.user.id, withdrawalId)
    const gross = formatUsdMicro(toMicro(withdrawal.gross))
    if (cancelled) return { done: t('transfers.cancel.done', { gross }) }
    return { error: t('transfers.cancel.refused', { status: t(`transfers.statuses.${withdrawal.status}`) }) }
  })
}
