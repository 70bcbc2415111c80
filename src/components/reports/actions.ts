'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { currentViewer } from '@/lib/data/currentViewer'
import { parseReport } from '@/lib/reports/rules'
import { fileReport, setReportClosed } from '@/lib/reports/service'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type ReportFormState = { form?: string; fields?: Record<string, string>; values?: Record<string, string> }

/** "Send report": the report as the signed-in user; then its page on the dashboard. */
export async function fileReportAction(_prev: ReportFormState, form: FormData): Promise<ReportFormState> {
  const t = await getTranslations('Reports')
  const values = Object.fromEntries(['itemType', 'item', 'reportType', 'body'].map((k) => [k, String(form.get(k) ?? '')]))
  const parsed = parseReport(values)
  if (!parsed.ok) return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, t(`errors.${v}`)])), values }
  const viewer = await currentViewer()
  const r = await fileReport(viewer, parsed.data)
  if (!r.ok) {
    if (r.reason === 'notFound') return { fields: { item: r.message ?? t('errors.failed') }, values }
    if (r.reason === 'tooMany') return { form: t('errors.tooMany'), values }
    return { form: r.message ?? t('errors.failed'), values }
  }
  refreshAfterWrite('myReports')
  redirect(`/dashboard/report/${encodeURIComponent(r.report.id)}`)
}

/** "Close report" / "Reopen report" (staff). */
export async function closeReportAction(form: FormData): Promise<void> {
  const id = z.string().min(1).max(64).safeParse(form.get('report'))
  if (!id.success) return
  await setReportClosed(await currentViewer(), id.data, form.get('closed') === 'true')
  refreshAfterWrite({ report: id.data }, 'reportQueue')
}
