import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { ReportView } from '@/components/reports/ReportView'
import { reportDetail } from '@/lib/data/reports'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('Reports.detail')
  return { title: t('metaTitle', { id: (await params).id }), robots: { index: false, follow: false } }
}

/** /moderation/reports/{id}: a report with its thread; answer, close, reopen. Staff only. */
export default async function ModerationReportPage({ params }: Props) {
  const viewer = await requireModerator()
  const [{ id }, t] = await Promise.all([params, getTranslations('Reports.detail')])
  const report = await reportDetail(viewer, decodeURIComponent(id))
  if (!report) notFound()
  return (
    <ModerationFrame active="reports" title={t('metaTitle', { id: report.id })}>
      <p>
        <Link href="/moderation/reports">← {t('back')}</Link>
      </p>
      <ReportView report={report} back={`/moderation/reports/${encodeURIComponent(report.id)}`} staff />
    </ModerationFrame>
  )
}
