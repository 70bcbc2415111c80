'use server'

import { getTranslations } from 'next-intl/server'

import { currentViewer } from '@/lib/data/currentViewer'
import { EMAIL_KINDS } from '@/lib/notifications/kinds'
import { saveEmailPreferences } from '@/lib/notifications/preferences'

export type EmailPreferencesState = { done?: string; form?: string; saves?: number }

/** The account page's email switches: a box left out of the form is off (unchecked boxes are not sent). */
export async function saveEmailNotifications(prev: EmailPreferencesState, form: FormData): Promise<EmailPreferencesState> {
  const t = await getTranslations('AccountSettings')
  const viewer = await currentViewer()
  if (!viewer.user) return { form: t('errors.signIn') }
  const input = Object.fromEntries(EMAIL_KINDS.map((k) => [k, form.get(k) === 'on']))
  try {
    if (!(await saveEmailPreferences(viewer, input))) return { form: t('emailNotifications.failed') }
  } catch {
    return { form: t('emailNotifications.failed') }
  }
  return { done: t('emailNotifications.saved'), saves: (prev.saves ?? 0) + 1 }
}
