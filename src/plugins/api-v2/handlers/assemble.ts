import { getProjectDetails, loadVisibleVersionBundles, type Viewer } from '../../../lib/data'
import type { Project } from '../../../payload-types'
import { toLegacyProject, type LegacyProject } from '../serializers/project'
import { toLegacyVersion, type LegacyVersion } from '../serializers/version'

/** Projects in the v2 shape, with their related documents loaded in a handful of queries. */
export async function legacyProjects(viewer: Viewer, projects: Project[]): Promise<LegacyProject[]> {
  return (await getProjectDetails(viewer, projects)).map(toLegacyProject)
}

/**
 * Versions in the v2 shape, in the order given. The ids must come from an access-checked read
 * (`getVersionsByIds`, `listProjectVersions`, `getFilesByHashes`…): the versions, their files and
 * their projects' side types are then loaded in one statement (`loadVisibleVersionBundles`).
 */
export async function legacyVersions(viewer: Viewer, visibleVersionIds: string[], opts: { includeChangelog?: boolean } = {}): Promise<LegacyVersion[]> {
  const bundles = await loadVisibleVersionBundles(viewer, visibleVersionIds)
  return visibleVersionIds.flatMap((id) => {
    const bundle = bundles.get(id)
    return bundle ? [toLegacyVersion(bundle, opts)] : []
  })
}
