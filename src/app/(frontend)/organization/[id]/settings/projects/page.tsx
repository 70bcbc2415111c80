import type { Metadata } from 'next'

import { OrganizationSettingsFrame } from '@/components/organization/OrganizationSettingsFrame'
import { ProjectsManager } from '@/components/organization/ProjectsManager'
import { organizationSettingsMetadata, resolveOrganizationSettings, type OrganizationSettingsProps } from '@/components/organization/route'
import { getMovableProjects, getOrganizationMemberRows, getOrganizationProjects } from '@/lib/data/organizations'

export const dynamic = 'force-dynamic'

export const generateMetadata = (props: OrganizationSettingsProps): Promise<Metadata> => organizationSettingsMetadata(props, 'projects')

/** /organization/{slug}/settings/projects: move one of your projects in, or one out to a member. */
export default async function OrganizationProjectsSettings(props: OrganizationSettingsProps) {
  const settings = await resolveOrganizationSettings(props, 'projects')
  const { viewer, organization: org, can } = settings
  const [projects, movable, members] = await Promise.all([
    getOrganizationProjects(viewer, org.id),
    can.addProject ? getMovableProjects(viewer) : Promise.resolve([]),
    can.removeProject ? getOrganizationMemberRows(viewer, settings.teamId) : Promise.resolve([]),
  ])
  return (
    <OrganizationSettingsFrame name={org.name} path={settings.path} active="projects">
      <ProjectsManager organizationId={org.id} projects={projects} movable={movable} members={members} can={{ addProject: can.addProject, removeProject: can.removeProject }} viewerId={viewer.user?.id ?? ''} />
    </OrganizationSettingsFrame>
  )
}
