'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { currentViewer } from '@/lib/data/currentViewer'
import { getProjectByIdOrSlug } from '@/lib/data/projects'
import { as } from '@/lib/data/viewer'
import { relationId } from '@/lib/ids'
import { safeRedirectPath } from '@/lib/http/safeRedirect'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type MemberActionState = { error?: string; done?: boolean }

/** The server's own reason when it gave one (the checklist's missing items), else the fallback. */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ValidationError) return error.data?.errors?.[0]?.message ?? fallback
  if (error instanceof APIError && error.isPublic) return error.message
  return fallback
}

/**
 * Submit (or resubmit) for review: the status change goes through the project's write rule as the
 * viewer, which refuses until every required checklist item is done and names what is missing.
 */
export async function submitForReview(_prev: MemberActionState, formData: FormData): Promise<MemberActionState> {
  const t = await getTranslations('Checklist')
  const viewer = await currentViewer()
  const back = safeRedirectPath(formData.get('back'))
  const id = formData.get('project')
  const project = viewer.user && typeof id === 'string' ? await getProjectByIdOrSlug(viewer, id) : null
  if (!project) return { error: t('submitFailed') }
  try {
    await viewer.payload.update({ collection: 'projects', id: project.id, data: { status: 'processing' }, ...as(viewer) })
  } catch (error) {
    return { error: reasonOf(error, t('submitFailed')) }
  }
  refreshAfterWrite({ page: back })
  return { done: true }
}

/**
 * Accept or decline an invitation to a project's team, as the invited user: accepting turns the
 * membership on, declining removes it (both allowed only to the invitee by the write rules).
 */
export async function respondToInvitation(_prev: MemberActionState, formData: FormData): Promise<MemberActionState> {
  const t = await getTranslations('Invitation')
  const viewer = await currentViewer()
  const accept = formData.get('answer') === 'accept'
  const failed = accept ? t('acceptFailed') : t('declineFailed')
  const id = formData.get('invitation')
  if (!viewer.user || typeof id !== 'string' || !id) return { error: failed }
  try {
    const invite = await viewer.payload.findByID({ collection: 'team-members', id, depth: 0, ...as(viewer), disableErrors: true })
    if (!invite || invite.accepted || relationId(invite.user) !== viewer.user.id) return { error: failed }
    if (accept) await viewer.payload.update({ collection: 'team-members', id, data: { accepted: true }, ...as(viewer) })
    else await viewer.payload.delete({ collection: 'team-members', id, ...as(viewer) })
  } catch {
    return { error: failed }
  }
  refreshAfterWrite({ page: safeRedirectPath(formData.get('back')) })
  return { done: true }
}
