'use server'

import config from '@payload-config'
import { getTranslations } from 'next-intl/server'
import { getPayload } from 'payload'

import { currentUser } from '@/lib/auth/guard'
import { runRevenueStaffAct } from '@/lib/revenue/staffActs'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

/*
 * The staff acts of /admin/revenue/{id}: thin. Who acts is the session's user (never a field of the
 * form); src/lib/revenue/staffActs.ts refuses anyone but staff and checks the form; the revenue
 * service's refusals are shown as they are.
 */

export type RevenueActState = { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; message: string }

const text = (form: FormData, name: string): string => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

async function act(kind: 'hold' | 'release', form: FormData): Promise<RevenueActState> {
  const [payload, user, t] = await Promise.all([getPayload({ config }), currentUser(), getTranslations('AdminRevenue')])
  try {
    const outcome = await runRevenueStaffAct(payload, user, { act: kind, userId: text(form, 'userId'), reason: text(form, 'reason') })
    if (!outcome.ok) return { status: 'error', message: outcome.error === 'revenue' ? outcome.message : t(`errors.${outcome.error}`) }
    refreshAfterWrite({ adminRevenue: outcome.userId })
    return { status: 'done', message: t(`done.${outcome.act}`) }
  } catch (error) {
    payload.logger.error({ err: error, act: kind }, 'staff revenue act failed')
    return { status: 'error', message: t('errors.failed') }
  }
}

/** Holds a user's balance (nothing leaves it until released) or releases it: the form says which. */
export async function revenueActAction(_prev: RevenueActState, form: FormData): Promise<RevenueActState> {
  return act(text(form, 'act') === 'release' ? 'release' : 'hold', form)
}
