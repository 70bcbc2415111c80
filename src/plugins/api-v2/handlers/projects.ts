import { z } from 'zod'

import { findProjectsByKeys, getProjectByIdOrSlug, getProjectDependencies, getRandomProjects, type Viewer } from '../../../lib/data'
import { cachedReadByName, cachedReadManyByName, cacheKeys, cacheTags } from '../../../lib/cache'
import type { LegacyProject } from '../serializers/project'
import { itemNotFound } from '../http/errors'
import { defineRoute } from '../http/route'
import { intParam, jsonArrayParam, key, MAX_IDS } from '../schemas/common'
import { Project, ProjectCheck } from '../schemas/project'
import { ProjectDependencies } from '../schemas/version'
import { legacyProjects, legacyVersions } from './assemble'

const TAG = 'projects'
const idParam = { id: 'The project id or slug' }
const notFound = { 404: { description: 'No such project, or the caller may not see it (empty body)', empty: true } }

export const getProject = defineRoute({
  method: 'GET', path: '/project/{id}', operationId: 'getProject', tag: TAG, summary: 'Get a project',
  params: idParam, scopes: ['PROJECT_READ'], response: Project, responses: notFound,
  handler: async ({ viewer, params }) => {
    const shown = await cachedReadByName(viewer, projectCache, params.id, async (name) => {
      const project = await getProjectByIdOrSlug(viewer, name)
      return project ? (await legacyProjects(viewer, [project]))[0] : null
    })
    if (!shown) throw itemNotFound()
    return shown
  },
})

export const getProjects = defineRoute({
  method: 'GET', path: '/projects', operationId: 'getProjects', tag: TAG, summary: 'Get several projects',
  description: 'Unknown projects and projects the caller may not see are left out.',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","sodium"]', max: MAX_IDS }) }),
  queryDocs: { ids: 'Project ids and/or slugs, as a JSON array' },
  scopes: ['PROJECT_READ'], response: z.array(Project),
  handler: async ({ viewer, query }) => projectsByKeys(viewer, query.ids),
})

// The single read's entries: a batch read fills them and the other way round; one per project.
const projectCache = { key: cacheKeys.v2Project, alias: cacheKeys.v2ProjectName, idOf: (p: LegacyProject) => p.id, tags: (p: LegacyProject) => [cacheTags.project(p.id), cacheTags.tags] }

/**
 * Projects by id or slug in the order asked, each once (labrinth's order and de-duplication): the
 * cached ones in one look-up, the rest read together (a fixed number of statements for any count).
 */
async function projectsByKeys(viewer: Viewer, keys: string[]): Promise<LegacyProject[]> {
  const wanted = [...new Set(keys.map((k) => k.trim()))]
  const found = await cachedReadManyByName(viewer, projectCache, wanted, async (missing) => {
    const byKey = await findProjectsByKeys(viewer, missing)
    const shown = new Map((await legacyProjects(viewer, [...new Map([...byKey.values()].map((p) => [p.id, p])).values()])).map((p) => [p.id, p]))
    return new Map([...byKey].flatMap(([key, doc]) => (shown.has(doc.id) ? [[key, shown.get(doc.id)!] as const] : [])))
  })
  const seen = new Set<string>()
  return wanted.flatMap((key) => {
    const project = found.get(key)
    if (!project || seen.has(project.id)) return []
    seen.add(project.id)
    return [project]
  })
}

export const getRandomProjectsRoute = defineRoute({
  method: 'GET', path: '/projects_random', operationId: 'randomProjects', tag: TAG, summary: 'Get random listed projects',
  query: z.object({ count: intParam(1, 100) }),
  queryDocs: { count: 'How many projects (1–100)' },
  scopes: [], response: z.array(Project), // labrinth reads no credential here
  handler: async ({ viewer, query }) => legacyProjects(viewer, await getRandomProjects(viewer, query.count)),
})

export const checkProject = defineRoute({
  method: 'GET', path: '/project/{id}/check', operationId: 'checkProjectValidity', tag: TAG, summary: 'Check a project id or slug',
  description: 'Answers the project id when the id or slug belongs to a project the caller may see.',
  params: idParam, scopes: [], response: ProjectCheck, responses: notFound,
  handler: async ({ viewer, params }) => {
    const project = await getProjectByIdOrSlug(viewer, params.id)
    if (!project) throw itemNotFound()
    return { id: project.id }
  },
})

export const getDependencies = defineRoute({
  method: 'GET', path: '/project/{id}/dependencies', operationId: 'getDependencies', tag: TAG, summary: "Get a project's dependencies",
  description: "The projects and the specific versions that the project's listed versions depend on.",
  params: idParam, scopes: ['PROJECT_READ'], response: ProjectDependencies, responses: notFound,
  handler: async ({ viewer, params }) => {
    const project = await getProjectByIdOrSlug(viewer, params.id)
    if (!project) throw itemNotFound()
    const deps = await getProjectDependencies(viewer, project)
    const [projects, versions] = await Promise.all([legacyProjects(viewer, deps.projects), legacyVersions(viewer, deps.versions.map((v) => v.id))])
    return { projects, versions }
  },
})

export const projectRoutes = [getProject, getProjects, getRandomProjectsRoute, checkProject, getDependencies]
