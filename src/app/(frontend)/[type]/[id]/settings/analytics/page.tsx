import type { Metadata } from 'next'

import { AnalyticsView } from '@/components/analytics/AnalyticsView'
import { ProjectSettingsFrame } from '@/components/project/settings/ProjectSettingsFrame'
import { resolveSettings, settingsMetadata } from '@/components/project/settings/route'
import type { ProjectRouteProps } from '@/components/project/route'
import { readAnalyticsQuery } from '@/lib/analytics/query'
import { analyticsProjects, readAnalytics } from '@/lib/data/analytics'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: ProjectRouteProps): Promise<Metadata> {
  return settingsMetadata(await params, 'analytics')
}

/** /{type}/{id}/settings/analytics: the project's downloads, views and new followers (members with VIEW_ANALYTICS). */
export default async function ProjectAnalyticsSettings({ params, searchParams }: ProjectRouteProps) {
  const sp = await searchParams
  const settings = await resolveSettings(await params, sp, 'analytics')
  const { project, path } = settings.data
  const query = readAnalyticsQuery(sp as Record<string, string | string[] | undefined>)
  const projects = await analyticsProjects(settings.viewer, { ids: [project.id] })
  const data = await readAnalytics(settings.viewer, projects, query.range, query.metric)
  return (
    <ProjectSettingsFrame settings={settings} active="analytics">
      <AnalyticsView base={`${path}/settings/analytics`} query={query} data={data} exportScope={{ project: project.id }} />
    </ProjectSettingsFrame>
  )
}
