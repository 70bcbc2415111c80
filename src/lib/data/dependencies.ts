import { relationId } from '../ids'
import type { Project, Version } from '../../payload-types'
import { getProjectsByIds } from './projects'
import { getVersionsByIds, listProjectVersions } from './versions'
import type { Viewer } from './viewer'

const time = (s: string | null | undefined) => (s ? Date.parse(s) : 0)

/**
 * What a project's listed versions depend on: the specific versions they name, and the projects
 * (named directly, or the projects of those versions), each as the viewer may see them, newest first.
 */
export async function getProjectDependencies(viewer: Viewer, project: Project): Promise<{ projects: Project[]; versions: Version[] }> {
  const own = await listProjectVersions(viewer, project)
  const versionIds = new Set<string>()
  const projectIds = new Set<string>()
  for (const v of own) {
    for (const d of v.dependencies ?? []) {
      const version = relationId(d.version)
      const dependsOn = relationId(d.project)
      if (version) versionIds.add(version)
      else if (dependsOn) projectIds.add(dependsOn)
    }
  }
  const versions = await getVersionsByIds(viewer, [...versionIds])
  for (const v of versions) projectIds.add(relationId(v.project)!)
  const projects = await getProjectsByIds(viewer, [...projectIds])
  projects.sort((a, b) => time(b.published ?? b.createdAt) - time(a.published ?? a.createdAt))
  versions.sort((a, b) => time(b.datePublished ?? b.createdAt) - time(a.datePublished ?? a.createdAt))
  return { projects, versions }
}
