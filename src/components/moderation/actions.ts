'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'
import { z } from 'zod'

import { actorOf, isAdmin, isStaff } from '@/access/core/roles'
import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { decide, DECISIONS, MESSAGE_MAX } from '@/lib/moderation/decide'
import { releaseLock, takeLock } from '@/lib/moderation/locks'
import { safeRedirectPath } from '@/lib/http/safeRedirect'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

/*
 * The moderation pages' server actions: thin. The rules live in src/lib/moderation (decisions,
 * locks) and in the thread collections' access and field rules (who may post what where).
 */

const Id = z.string().min(1).max(64)
export type ModerationState = { done?: string; error?: string }

async function staffViewer() {
  const viewer = await currentViewer()
  return isStaff(actorOf(viewer.req)) ? viewer : null
}

/** "Take for review" / "Take over" (admins) / "Release" on the project's Moderation tab. */
export async function lockAction(_prev: ModerationState, form: FormData): Promise<ModerationState> {
  const t = await getTranslations('Moderation')
  const viewer = await staffViewer()
  const project = Id.safeParse(form.get('project'))
  if (!viewer || !project.success) return { error: t('errors.notFound') }
  const op = String(form.get('op') ?? 'take')
  const actor = actorOf(viewer.req)!
  if (op === 'release') await releaseLock(viewer.payload, project.data, actor.id, { any: isAdmin(actor) })
  else {
    const r = await takeLock(viewer.payload, project.data, actor.id, { override: op === 'override' && isAdmin(actor) })
    if (!r.ok) return { error: t('errors.locked') }
  }
  // Loaded again rather than confirmed beside the old line: the lock's own line then says who
  // holds it, and the page never says both "Nobody is reviewing" and "You are reviewing".
  const back = safeRedirectPath(String(form.get('back') ?? '/moderation'))
  refreshAfterWrite({ page: back })
  redirect(back)
}

/** Approve / reject / withhold with the message to the team. */
export async function decideAction(_prev: ModerationState, form: FormData): Promise<ModerationState> {
  const t = await getTranslations('Moderation')
  const viewer = await staffViewer()
  const project = Id.safeParse(form.get('project'))
  const decision = z.enum(DECISIONS).safeParse(form.get('decision'))
  if (!viewer || !project.success || !decision.success) return { error: t('errors.notFound') }
  const message = String(form.get('message') ?? '').slice(0, MESSAGE_MAX + 1)
  const r = await decide(viewer, project.data, decision.data, message)
  if (!r.ok) return { error: r.reason === 'notFound' ? t('errors.notFound') : r.message }
  refreshAfterWrite('site')
  // The decision panel goes with the decision: the page says what was done instead.
  redirect(`${safeRedirectPath(String(form.get('back') ?? '/moderation'))}?decided=${decision.data}`)
}

/** A message in a project's moderation thread, by its team or staff (staff may keep it private to staff). */
export async function replyAction(_prev: ModerationState, form: FormData): Promise<ModerationState> {
  const t = await getTranslations('Moderation')
  const viewer = await currentViewer()
  const thread = Id.safeParse(form.get('thread'))
  const text = z.string().trim().min(1).max(MESSAGE_MAX).safeParse(form.get('text'))
  if (!viewer.user || !thread.success) return { error: t('errors.notFound') }
  if (!text.success) return { error: t('errors.emptyMessage') }
  const staffNote = form.get('private') === 'on' && isStaff(actorOf(viewer.req))
  try {
    await viewer.payload.create({ collection: 'thread-messages', data: { thread: thread.data, type: 'text', text: text.data, private: staffNote }, depth: 0, ...as(viewer) })
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.data?.errors?.[0]?.message ?? error.message }
    if (error instanceof APIError && error.isPublic) return { error: error.message }
    return { error: t('errors.failed') }
  }
  refreshAfterWrite({ page: safeRedirectPath(String(form.get('back') ?? '/')) })
  return { done: t('thread.sent') }
}
