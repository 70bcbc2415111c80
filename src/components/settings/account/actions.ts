'use server'

import { cookies } from 'next/headers'
import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'
import { z } from 'zod'

import { checkCurrentPassword } from '@/lib/auth/passwordCheck'
import { sendVerificationEmail } from '@/lib/auth/verification'
import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { fileTooLarge, MAX_IMAGE_BYTES } from '@/lib/limits'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type AccountState = { done?: string; form?: string; fields?: Record<string, string>; values?: Record<string, string> }

const failure = (error: unknown, fallback: string): AccountState => {
  if (error instanceof ValidationError) return { fields: Object.fromEntries((error.data?.errors ?? []).map((e) => [e.path, e.message])) }
  return { form: error instanceof APIError && error.isPublic ? error.message : fallback }
}
const text = (form: FormData, key: string) => String(form.get(key) ?? '')

/** The current password, checked within the per-account limit: null when right, else the field error. */
async function wrongPassword(me: { viewer: { payload: Parameters<typeof checkCurrentPassword>[0] }; user: { id: string } }, password: string, field: string): Promise<Record<string, string> | null> {
  const t = await getTranslations('AccountSettings')
  const check = await checkCurrentPassword(me.viewer.payload, me.user.id, password)
  if (check.ok) return null
  return { [field]: check.retryAfterMinutes ? t('errors.tooManyPasswordChecks', { minutes: check.retryAfterMinutes }) : t('errors.wrongPassword') }
}

async function signedIn() {
  const viewer = await currentViewer()
  return viewer.user ? { viewer, user: viewer.user } : null
}

/** Username and bio, saved through the Users collection's rules (case-insensitive uniqueness there). */
export async function saveProfile(_prev: AccountState, form: FormData): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  const values = { username: text(form, 'username'), bio: text(form, 'bio') }
  const parsed = z.object({ username: z.string().trim().min(1).max(39), bio: z.string().max(160) }).safeParse(values)
  if (!parsed.success) return { fields: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t('errors.invalid')])), values }
  try {
    await me.viewer.payload.update({ collection: 'users', id: me.user.id, data: { username: parsed.data.username, bio: parsed.data.bio || null }, depth: 0, ...as(me.viewer) })
  } catch (error) {
    return { ...failure(error, t('errors.failed')), values }
  }
  refreshAfterWrite('site')
  return { done: t('profile.saved') }
}

/** A new avatar: stored as an image (sharp makes the sizes), then set on the account. */
export async function uploadAvatar(_prev: AccountState, form: FormData): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  const file = form.get('avatar')
  if (!(file instanceof File) || file.size === 0) return { form: t('errors.noFile') }
  if (file.size > MAX_IMAGE_BYTES) return { form: fileTooLarge(MAX_IMAGE_BYTES) }
  try {
    const image = await me.viewer.payload.create({ collection: 'images', data: { kind: 'avatar', alt: me.user.username ?? null }, file: { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size }, depth: 0, ...as(me.viewer) })
    await me.viewer.payload.update({ collection: 'users', id: me.user.id, data: { avatar: image.id }, depth: 0, ...as(me.viewer) })
  } catch (error) {
    return failure(error, t('errors.failed'))
  }
  refreshAfterWrite('site')
  return { done: t('profile.avatarSaved') }
}

export async function removeAvatar(_prev: AccountState): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  await me.viewer.payload.update({ collection: 'users', id: me.user.id, data: { avatar: null }, depth: 0, ...as(me.viewer) })
  refreshAfterWrite('site')
  return { done: t('profile.avatarRemoved') }
}

/** A new email, confirmed with the current password; the new address must be verified again. */
export async function changeEmail(_prev: AccountState, form: FormData): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  const values = { email: text(form, 'email') }
  const email = z.email().max(254).safeParse(values.email.trim())
  if (!email.success) return { fields: { email: t('errors.email') }, values }
  const emailRefusal = await wrongPassword(me, text(form, 'currentPassword'), 'currentPassword')
  if (emailRefusal) return { fields: emailRefusal, values }
  try {
    await me.viewer.payload.update({ collection: 'users', id: me.user.id, data: { email: email.data }, depth: 0, ...as(me.viewer) })
  } catch (error) {
    return { ...failure(error, t('errors.failed')), values }
  }
  refreshAfterWrite('site')
  // The change is saved either way; a mail that could not go out is sent again from the banner.
  const sent = await sendVerificationEmail(me.viewer.payload, me.user.id).catch(() => false)
  return { done: sent ? t('email.changed', { email: email.data }) : t('email.changedNoMail', { email: email.data }) }
}

/** A new password, confirmed with the current one; the account's other sessions end. */
export async function changePassword(_prev: AccountState, form: FormData): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  const next = text(form, 'newPassword')
  if (next.length < 8 || next.length > 256) return { fields: { newPassword: t('errors.passwordLength') } }
  if (next !== text(form, 'confirmPassword')) return { fields: { confirmPassword: 'Passwords do not match!' } }
  const passwordRefusal = await wrongPassword(me, text(form, 'currentPassword'), 'currentPassword')
  if (passwordRefusal) return { fields: passwordRefusal }
  try {
    await me.viewer.payload.update({ collection: 'users', id: me.user.id, data: { password: next }, depth: 0, ...as(me.viewer) })
  } catch (error) {
    return failure(error, t('errors.failed'))
  }
  return { done: t('password.changed') }
}

/**
 * Deletes the account after the username is typed and the password given. An account that still
 * owns projects or organizations is refused (the Users collection says so): ownership moves first.
 */
export async function deleteAccount(_prev: AccountState, form: FormData): Promise<AccountState> {
  const t = await getTranslations('AccountSettings')
  const me = await signedIn()
  if (!me) return { form: t('errors.signIn') }
  if (text(form, 'confirm').trim().toLowerCase() !== (me.user.username ?? '').toLowerCase()) return { fields: { confirm: t('delete.mismatch') } }
  const deleteRefusal = await wrongPassword(me, text(form, 'deletePassword'), 'deletePassword')
  if (deleteRefusal) return { fields: deleteRefusal }
  try {
    await me.viewer.payload.delete({ collection: 'users', id: me.user.id, ...as(me.viewer) })
  } catch (error) {
    return failure(error, t('errors.failed'))
  }
  const jar = await cookies()
  jar.delete(`${me.viewer.payload.config.cookiePrefix}-token`)
  redirect('/')
}
