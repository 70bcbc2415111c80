import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { AnalyticsView } from '@/components/analytics/AnalyticsView'
import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { requireUser } from '@/lib/auth/guard'
import { readAnalyticsQuery } from '@/lib/analytics/query'
import { analyticsProjects, readAnalytics } from '@/lib/data/analytics'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Dashboard.analytics')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** /dashboard/analytics: every project whose analytics the viewer may read (the VIEW_ANALYTICS bit). */
export default async function DashboardAnalyticsPage({ searchParams }: Props) {
  await requireUser()
  const [t, viewer, params] = await Promise.all([getTranslations('Dashboard.analytics'), currentViewer(), searchParams])
  const query = readAnalyticsQuery(params)
  const projects = await analyticsProjects(viewer)
  const data = await readAnalytics(viewer, projects, query.range, query.metric)
  return (
    <DashboardFrame active="analytics" title={t('heading')} lead={t('lead')}>
      <AnalyticsView base="/dashboard/analytics" query={query} data={data} />
    </DashboardFrame>
  )
}
