'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor, secondFactorRetryAfter } from '@/lib/auth/twoFactor'
import { currentViewer } from '@/lib/data/currentViewer'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type TwoFactorState = { setup?: { secret: string; qr: string }; backupCodes?: string[]; done?: string; form?: string; fields?: Record<string, string> }

const code = z.string().trim().min(6).max(32)

async function me() {
  const [t, viewer] = await Promise.all([getTranslations('AccountSettings'), currentViewer()])
  return { t, viewer, user: viewer.user }
}

/** Step one: a new secret as a QR code and as text, pending until a code proves the app has it. */
export async function startTwoFactor(_prev: TwoFactorState): Promise<TwoFactorState> {
  const { t, viewer, user } = await me()
  if (!user) return { form: t('errors.signIn') }
  const setup = await beginTwoFactorSetup(viewer.payload, user.id)
  if (!setup) return { form: t('twoFactor.alreadyOn') }
  return { setup: { secret: setup.secret, qr: `data:image/svg+xml;base64,${Buffer.from(setup.qrSvg).toString('base64')}` } }
}

/** Step two: the app's code turns it on; the backup codes are answered once. */
export async function confirmTwoFactor(prev: TwoFactorState, form: FormData): Promise<TwoFactorState> {
  const { t, viewer, user } = await me()
  if (!user) return { form: t('errors.signIn') }
  const typed = code.safeParse(form.get('code'))
  if (!typed.success) return { ...prev, fields: { code: t('twoFactor.wrongCode') } }
  try {
    const backupCodes = await confirmTwoFactorSetup(viewer.payload, user.id, typed.data, { keepSession: user._sid })
    if (!backupCodes) return { ...prev, fields: { code: t('twoFactor.wrongCode') } }
    refreshAfterWrite({ settings: 'account' })
    return { backupCodes, done: t('twoFactor.enabled') }
  } catch (error) {
    if (secondFactorRetryAfter(error) !== null) return { ...prev, form: t('twoFactor.tooMany', { minutes: Math.ceil(secondFactorRetryAfter(error)! / 60) }) }
    throw error
  }
}

/** Off again, with a current code or a backup code. */
export async function turnOffTwoFactor(_prev: TwoFactorState, form: FormData): Promise<TwoFactorState> {
  const { t, viewer, user } = await me()
  if (!user) return { form: t('errors.signIn') }
  const typed = code.safeParse(form.get('code'))
  if (!typed.success) return { fields: { code: t('twoFactor.wrongCode') } }
  try {
    if (!(await disableTwoFactor(viewer.payload, user.id, typed.data))) return { fields: { code: t('twoFactor.wrongCode') } }
  } catch (error) {
    if (secondFactorRetryAfter(error) !== null) return { form: t('twoFactor.tooMany', { minutes: Math.ceil(secondFactorRetryAfter(error)! / 60) }) }
    throw error
  }
  refreshAfterWrite({ settings: 'account' })
  return { done: t('twoFactor.disabled') }
}
