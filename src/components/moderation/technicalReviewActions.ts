'use server'

import { getTranslations } from 'next-intl/server'
import { APIError } from 'payload'
import { z } from 'zod'

import { actorOf, isStaff } from '@/access/core/roles'
import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { VERDICTS } from '@/lib/moderation/technicalReview'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

import type { ModerationState } from './actions'

/**
 * A verdict on a scanner finding. Thin: the finding's own access (staff) and hooks do the rest — a
 * malicious verdict quarantines the file and withholds the project in the same write.
 */
export async function verdictAction(_prev: ModerationState, form: FormData): Promise<ModerationState> {
  const t = await getTranslations('Moderation')
  const viewer = await currentViewer()
  const finding = z.string().min(1).max(64).safeParse(form.get('finding'))
  const verdict = z.enum(VERDICTS).safeParse(form.get('verdict'))
  if (!isStaff(actorOf(viewer.req)) || !finding.success || !verdict.success) return { error: t('errors.notFound') }
  try {
    await viewer.payload.update({ collection: 'file-findings', id: finding.data, data: { verdict: verdict.data }, depth: 0, select: { id: true }, ...as(viewer) })
  } catch (error) {
    if (error instanceof APIError && error.isPublic) return { error: error.message }
    if ((error as { status?: number }).status === 404) return { error: t('errors.notFound') }
    throw error
  }
  refreshAfterWrite('site')
  return { done: t('technical.done') }
}
