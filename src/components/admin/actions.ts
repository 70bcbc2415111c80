'use server'

import { getFormatter, getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { currentViewer } from '@/lib/data/currentViewer'
import { findUserByEmail, type UserByEmailResult } from '@/lib/data/userByEmail'
import { MESSAGE_MAX } from '@/lib/moderation/decide'
import { moderate, MODERATION_OPS, type ModerationOp } from '@/lib/moderation/adminModeration'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

/*
 * The admin panel's own server actions: thin. Who may do what is decided in src/lib (staff only, the
 * review lock, the decision rules), for the user of this request's session.
 */

const Id = z.string().min(1).max(64)
export type AdminModerationResult = { ok: true; op: ModerationOp } | { ok: false; error: string }

/** The moderation panel's buttons: take / take over / release the review lock, approve / reject / withhold. */
export async function adminModerationAction(input: { project: string; op: string; message?: string }): Promise<AdminModerationResult> {
  const t = await getTranslations('Moderation')
  const project = Id.safeParse(input?.project)
  const op = z.enum(MODERATION_OPS as [ModerationOp, ...ModerationOp[]]).safeParse(input?.op)
  if (!project.success || !op.success) return { ok: false, error: t('errors.notFound') }
  const message = String(input.message ?? '').slice(0, MESSAGE_MAX + 1)
  const r = await moderate(await currentViewer(), project.data, op.data, message)
  if (r.ok) {
    // The project's public pages, search and the queue change with a decision.
    if (r.status) refreshAfterWrite('site')
    return { ok: true, op: r.op }
  }
  if (r.reason === 'notFound') return { ok: false, error: t('errors.notFound') }
  if (r.reason === 'locked') {
    const [tl, format] = await Promise.all([getTranslations('AdminWork.moderation'), getFormatter()])
    return { ok: false, error: `${t('errors.locked')} ${tl('lockedBy', { name: r.holder.username, time: format.dateTime(new Date(r.holder.until), { timeStyle: 'short' }) })}` }
  }
  return { ok: false, error: r.message }
}

export type UserByEmailAnswer = UserByEmailResult & { joinedText?: string }

/** `/admin/user_email`'s search: the account behind an address, for staff only. */
export async function userByEmailAction(email: string): Promise<UserByEmailAnswer> {
  const result = await findUserByEmail(await currentViewer(), typeof email === 'string' ? email : '')
  if (result.status !== 'found') return result
  const format = await getFormatter()
  return { ...result, joinedText: format.dateTime(new Date(result.user.joined), { dateStyle: 'long', timeStyle: 'short' }) }
}
