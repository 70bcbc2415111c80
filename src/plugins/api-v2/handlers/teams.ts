import { z } from 'zod'

import { getExistingTeamIds, getProjectByIdOrSlug, getTeamMembers, type Viewer } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { cachedRead, cachedReadMany, cacheKeys, cacheTags } from '../../../lib/cache'
import { itemNotFound } from '../http/errors'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key, MAX_IDS } from '../schemas/common'
import { TeamMember } from '../schemas/user'
import { toLegacyTeamMember, type LegacyTeamMember } from '../serializers/user'

const TAG = 'teams'

/**
 * The members of each known team, by team id (unknown teams left out): kept under the key and tags
 * of `/team/{id}/members`, looked up together and the misses read together, so `/teams?ids=`, the
 * single read and a project's members fill one another's entries.
 */
async function membersOfTeams(viewer: Viewer, teamIds: string[]): Promise<Map<string, LegacyTeamMember[]>> {
  return cachedReadMany(viewer, { key: cacheKeys.v2TeamMembers, tags: (list, team) => [cacheTags.team(team), ...list.map((m) => cacheTags.user(m.user.id))] }, teamIds, async (missing) => {
    const known = await getExistingTeamIds(viewer, missing)
    const members = await getTeamMembers(viewer, missing.filter((id) => known.has(id)))
    return new Map([...known].map((id) => [id, (members.get(id) ?? []).map(toLegacyTeamMember)]))
  })
}

export const projectMembers = defineRoute({
  method: 'GET', path: '/project/{id}/members', operationId: 'getProjectTeamMembers', tag: 'teams', summary: "Get a project's team members",
  description: 'Accepted members for everyone; pending invitations too for the team and staff. `permissions` is null where the caller may not see it.',
  params: { id: 'The project id or slug' }, scopes: ['PROJECT_READ'], response: z.array(TeamMember),
  responses: { 404: { description: 'No such project, or the caller may not see it (empty body)', empty: true } },
  handler: async ({ viewer, params }) => {
    const found = await cachedRead(viewer, { key: cacheKeys.v2ProjectMembers(params.id), tags: (f) => [cacheTags.project(f.project), ...(f.team ? [cacheTags.team(f.team)] : []), ...f.members.map((m) => cacheTags.user(m.user.id))] }, async () => {
      const project = await getProjectByIdOrSlug(viewer, params.id)
      if (!project) return null
      const team = relationId(project.team)
      return { project: project.id, team, members: team ? ((await membersOfTeams(viewer, [team])).get(team) ?? []) : [] }
    })
    if (!found) throw itemNotFound()
    return found.members
  },
})

export const teamMembers = defineRoute({
  method: 'GET', path: '/team/{id}/members', operationId: 'getTeamMembers', tag: TAG, summary: "Get a team's members",
  params: { id: 'The team id' }, scopes: ['PROJECT_READ'], response: z.array(TeamMember),
  responses: { 404: { description: 'No such team (empty body)', empty: true } },
  handler: async ({ viewer, params }) => {
    const members = (await membersOfTeams(viewer, [params.id])).get(params.id)
    if (!members) throw itemNotFound()
    return members
  },
})

export const teams = defineRoute({
  method: 'GET', path: '/teams', operationId: 'getTeams', tag: TAG, summary: 'Get the members of several teams',
  description: 'One list of members per known team, in the order asked.',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","EEFFGGHH"]', max: MAX_IDS }) }),
  queryDocs: { ids: 'Team ids, as a JSON array' },
  scopes: ['PROJECT_READ'], response: z.array(z.array(TeamMember)),
  handler: async ({ viewer, query }) => {
    const ids = [...new Set(query.ids)]
    const members = await membersOfTeams(viewer, ids)
    return ids.flatMap((id) => (members.has(id) ? [members.get(id)!] : []))
  },
})

export const teamRoutes = [projectMembers, teamMembers, teams]
