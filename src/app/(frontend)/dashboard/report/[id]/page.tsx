import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { ReportView } from '@/components/reports/ReportView'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { reportDetail } from '@/lib/data/reports'

export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('Reports.detail')
  return { title: t('metaTitle', { id: (await params).id }), robots: { index: false } }
}

/** /dashboard/report/{id}: a report you filed, with the moderators' answers; 404 to anyone else. */
export default async function DashboardReportPage({ params }: Props) {
  await requireUser()
  const [{ id }, viewer, t] = await Promise.all([params, currentViewer(), getTranslations('Reports.detail')])
  const report = await reportDetail(viewer, decodeURIComponent(id))
  if (!report || report.reporter !== viewer.user?.username) notFound()
  return (
    <DashboardFrame active="reports" title={t('metaTitle', { id: report.id })}>
      <p>
        <Link href="/dashboard/reports">← {t('back')}</Link>
      </p>
      <ReportView report={report} back={`/dashboard/report/${encodeURIComponent(report.id)}`} staff={false} />
    </DashboardFrame>
  )
}
