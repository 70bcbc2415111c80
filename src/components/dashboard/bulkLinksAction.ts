'use server'

import { getTranslations } from 'next-intl/server'

import { currentViewer } from '@/lib/data/currentViewer'
import { parseBulkLinks, type BulkLink } from '@/lib/projectSettings/bulkLinks'
import { applyBulkLinks } from '@/lib/projectSettings/bulkLinksWrite'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type BulkLinksState = { done?: string; form?: string; fields?: Partial<Record<BulkLink, string>> }

/** "Save links" on /dashboard/projects: the same link changes on every ticked project, all or nothing. */
export async function saveBulkLinks(_prev: BulkLinksState, form: FormData): Promise<BulkLinksState> {
  const t = await getTranslations('BulkLinks')
  const viewer = await currentViewer()
  if (!viewer.user) return { form: t('errors.notFound') }
  const parsed = parseBulkLinks(form)
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, t(`errors.${v}` as never)]))
    return { fields, form: parsed.form ? t(`errors.${parsed.form}`) : undefined }
  }
  const result = await applyBulkLinks(viewer, parsed.projects, parsed.changes)
  if (!result.ok) {
    const generic = t('errors.notFound')
    if (result.reason === 'notFound') return { form: generic }
    if (result.reason === 'notAllowed') return { form: t('errors.notAllowed', { project: result.project ?? '' }) }
    return { form: t('errors.failed', { project: result.project ?? '', message: result.message ?? '' }) }
  }
  refreshAfterWrite('site')
  return { done: t('saved', { count: result.updated.length }) }
}
