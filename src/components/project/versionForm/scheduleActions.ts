'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { currentViewer } from '@/lib/data/currentViewer'
import { cancelVersionSchedule, scheduleVersion, type CancelStatus } from '@/lib/publishing/schedule'

export type ScheduleResult = { error?: string; done?: boolean }

/** The rules' own reason when they gave one (a time in the past, a missing bit), else the fallback. */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ValidationError) return error.data?.errors?.[0]?.message ?? fallback
  if (error instanceof APIError && error.isPublic) return error.message
  return fallback
}

/**
 * Schedules a version's release as the signed-in member: the same domain function as
 * `POST /v2/version/{id}/schedule`, through the same write rules (EDIT_DETAILS, a future time).
 */
export async function scheduleReleaseAction(input: { versionId: string; time: string; requestedStatus: string }): Promise<ScheduleResult> {
  const t = await getTranslations('VersionForm.schedule')
  const viewer = await currentViewer()
  if (!viewer.user) return { error: t('errors.failed') }
  try {
    await scheduleVersion(viewer, String(input.versionId), { time: new Date(String(input.time)), requestedStatus: String(input.requestedStatus) })
  } catch (error) {
    return { error: reasonOf(error, t('errors.failed')) }
  }
  return { done: true }
}

/** Calls a scheduled release off: the version becomes a draft, or is listed now. */
export async function cancelReleaseAction(input: { versionId: string; status: CancelStatus }): Promise<ScheduleResult> {
  const t = await getTranslations('VersionForm.schedule')
  const viewer = await currentViewer()
  if (!viewer.user) return { error: t('errors.cancelFailed') }
  try {
    await cancelVersionSchedule(viewer, String(input.versionId), input.status)
  } catch (error) {
    return { error: reasonOf(error, t('errors.cancelFailed')) }
  }
  return { done: true }
}
