import type { Metadata } from 'next'

import { AnalyticsView } from '@/components/analytics/AnalyticsView'
import { OrganizationSettingsFrame } from '@/components/organization/OrganizationSettingsFrame'
import { organizationSettingsMetadata, resolveOrganizationSettings, type OrganizationSettingsProps } from '@/components/organization/route'
import { readAnalyticsQuery } from '@/lib/analytics/query'
import { analyticsProjects, readAnalytics } from '@/lib/data/analytics'

export const dynamic = 'force-dynamic'

export const generateMetadata = (props: OrganizationSettingsProps): Promise<Metadata> => organizationSettingsMetadata(props, 'analytics')

/**
 * /organization/{slug}/settings/analytics: the organization's projects whose analytics the member may
 * read (VIEW_ANALYTICS on the project, through the team or the organization); others are left out.
 */
export default async function OrganizationAnalyticsSettings(props: OrganizationSettingsProps) {
  const settings = await resolveOrganizationSettings(props, 'analytics')
  const { viewer, organization: org } = settings
  const query = readAnalyticsQuery(await props.searchParams)
  const projects = await analyticsProjects(viewer, { organization: org.id })
  const data = await readAnalytics(viewer, projects, query.range, query.metric)
  return (
    <OrganizationSettingsFrame name={org.name} path={settings.path} active="analytics">
      <AnalyticsView base={`${settings.path}/settings/analytics`} query={query} data={data} exportScope={{ organization: org.id }} />
    </OrganizationSettingsFrame>
  )
}
