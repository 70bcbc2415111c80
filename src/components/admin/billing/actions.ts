'use server'

import config from '@payload-config'
import { getLocale, getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { currentUser } from '@/lib/auth/guard'
import { formatMoney } from '@/lib/billing/currency'
import { runStaffAct, type StaffActOutcome } from '@/lib/billing/staffActs'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

/*
 * The staff acts of /admin/billing/{id}: thin. Who acts is the session's user (never a field of the
 * form); src/lib/billing/staffActs.ts refuses anyone but staff, checks the form and calls the billing
 * service, whose refusals are shown as they are.
 */

export type StaffActState = { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; message: string }

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

/** The form as it came: untrusted, checked by runStaffAct. */
type RawAct = { act: 'refund' | 'cancel' | 'credit' } & Record<string, unknown>

async function act(input: RawAct): Promise<StaffActState> {
  const [payload, user, t, locale] = await Promise.all([getPayload({ config }), currentUser(), getTranslations('AdminBilling'), getLocale()])
  let outcome: StaffActOutcome
  try {
    outcome = await runStaffAct(payload, user, input)
  } catch (error) {
    payload.logger.error({ err: error, act: input.act }, 'staff billing act failed')
    return { status: 'error', message: t('errors.failed') }
  }
  if (!outcome.ok) {
    switch (outcome.error) {
      case 'billing':
        return { status: 'error', message: outcome.message }
      case 'amountPrecision':
        return { status: 'error', message: t('errors.amountPrecision', { currency: outcome.currency, count: outcome.decimals }) }
      case 'amountLeft':
        return { status: 'error', message: t('errors.amountLeft', { amount: formatMoney(outcome.left.minor, outcome.left.currency, locale) }) }
      default:
        return { status: 'error', message: t(`errors.${outcome.error}`) }
    }
  }
  refreshAfterWrite({ adminBilling: outcome.userId })
  switch (outcome.act) {
    case 'refund':
      return { status: 'done', message: t(outcome.perksEnded ? 'done.refundEnded' : 'done.refund', { amount: formatMoney(outcome.amount.minor, outcome.amount.currency, locale) }) }
    case 'credit':
      return { status: 'done', message: t('done.credit', { count: outcome.days }) }
    default:
      return { status: 'done', message: t(`done.${outcome.act}`) }
  }
}

/** Refund part or all of a paid charge (amount in the charge's currency, major units as typed). */
export async function refundAction(_prev: StaffActState, form: FormData): Promise<StaffActState> {
  return act({ act: 'refund', userId: text(form, 'userId') ?? '', chargeId: text(form, 'chargeId') ?? '', amount: text(form, 'amount') ?? '', reason: text(form, 'reason') ?? '', endPerks: form.get('endPerks') === 'on' })
}

/** Cancel a subscription now (perks end at once) or at the end of its paid period. */
export async function cancelAction(_prev: StaffActState, form: FormData): Promise<StaffActState> {
  return act({ act: 'cancel', userId: text(form, 'userId') ?? '', subscriptionId: text(form, 'subscriptionId') ?? '', when: text(form, 'when'), reason: text(form, 'reason') ?? '' })
}

/** Credit free days: the next renewal moves that many days later. */
export async function creditAction(_prev: StaffActState, form: FormData): Promise<StaffActState> {
  return act({ act: 'credit', userId: text(form, 'userId') ?? '', subscriptionId: text(form, 'subscriptionId') ?? '', days: text(form, 'days'), reason: text(form, 'reason') ?? '' })
}
