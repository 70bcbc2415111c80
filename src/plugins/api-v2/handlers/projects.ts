import { z } from 'zod'

import { getProjectByIdOrSlug, getProjectDependencies, getProjectsByIdsOrSlugs, getRandomProjects } from '../../../lib/data'
import { cacheTags, readAs } from '../../../lib/cache'
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
    const shown = await readAs(viewer, `v2:project:${params.id}`, async () => {
      const project = await getProjectByIdOrSlug(viewer, params.id)
      return project ? (await legacyProjects(viewer, [project]))[0] : null
    }, (p) => [cacheTags.project(p.id), cacheTags.tags])
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
  handler: async ({ viewer, query }) => legacyProjects(viewer, await getProjectsByIdsOrSlugs(viewer, query.ids)),
})

export const getRandomProjectsRoute = defineRoute({
  method: 'GET', path: '/projects_random', operationId: 'randomProjects', tag: TAG, summary: 'Get random listed projects',
  query: z.object({ count: intParam(1, 100) }),
  queryDocs: { count: 'How many projects (1–100)' },
  scopes: ['PROJECT_READ'], response: z.array(Project),
  handler: async ({ viewer, query }) => legacyProjects(viewer, await getRandomProjects(viewer, query.count)),
})

export const checkProject = defineRoute({
  method: 'GET', path: '/project/{id}/check', operationId: 'checkProjectValidity', tag: TAG, summary: 'Check a project id or slug',
  description: 'Answers the project id when the id or slug belongs to a project the caller may see.',
  params: idParam, scopes: ['PROJECT_READ'], response: ProjectCheck, responses: notFound,
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
