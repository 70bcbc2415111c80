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

export type DependencyDescription = { project: string; projectTitle: string; version: string | null; dependencyType: 'required' | 'optional' | 'incompatible' | 'embedded' }

/**
 * A version's dependencies for its edit form, each with its project's title. A dependency on a
 * version names that version's project; one the viewer can no longer see is left out (it cannot be
 * shown, and saving without it is what they see).
 */
export async function describeDependencies(viewer: Viewer, version: Version): Promise<DependencyDescription[]> {
  const deps = version.dependencies ?? []
  const versions = await getVersionsByIds(viewer, deps.map((d) => relationId(d.version)).filter((x): x is string => !!x))
  const projectOfVersion = new Map(versions.map((v) => [v.id, relationId(v.project)!]))
  const projectIds = deps.map((d) => relationId(d.project) ?? projectOfVersion.get(relationId(d.version) ?? '')).filter((x): x is string => !!x)
  const titles = new Map((await getProjectsByIds(viewer, [...new Set(projectIds)])).map((p) => [p.id, p.title]))
  return deps.flatMap((d) => {
    const versionId = relationId(d.version) ?? null
    const project = relationId(d.project) ?? (versionId ? projectOfVersion.get(versionId) : undefined)
    const projectTitle = project ? titles.get(project) : undefined
    return project && projectTitle ? [{ project, projectTitle, version: versionId, dependencyType: d.dependencyType }] : []
  })
}
