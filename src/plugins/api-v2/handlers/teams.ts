import { z } from 'zod'

import { getExistingTeamIds, getProjectByIdOrSlug, getTeamMembers } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { cacheTags, readAs } from '../../../lib/cache'
import { itemNotFound } from '../http/errors'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key, MAX_IDS } from '../schemas/common'
import { TeamMember } from '../schemas/user'
import { toLegacyTeamMember } from '../serializers/user'

const TAG = 'teams'

export const projectMembers = defineRoute({
  method: 'GET', path: '/project/{id}/members', operationId: 'getProjectTeamMembers', tag: 'teams', summary: "Get a project's team members",
  description: 'Accepted members for everyone; pending invitations too for the team and staff. `permissions` is null where the caller may not see it.',
  params: { id: 'The project id or slug' }, scopes: ['PROJECT_READ'], response: z.array(TeamMember),
  responses: { 404: { description: 'No such project, or the caller may not see it (empty body)', empty: true } },
  handler: async ({ viewer, params }) => {
    const found = await readAs(viewer, `v2:project-members:${params.id}`, async () => {
      const project = await getProjectByIdOrSlug(viewer, params.id)
      if (!project) return null
      const team = relationId(project.team)
      return { project: project.id, team, members: team ? ((await getTeamMembers(viewer, [team])).get(team) ?? []).map(toLegacyTeamMember) : [] }
    }, (f) => [cacheTags.project(f.project), ...(f.team ? [cacheTags.team(f.team)] : []), ...f.members.map((m) => cacheTags.user(m.user.id))])
    if (!found) throw itemNotFound()
    return found.members
  },
})

export const teamMembers = defineRoute({
  method: 'GET', path: '/team/{id}/members', operationId: 'getTeamMembers', tag: TAG, summary: "Get a team's members",
  params: { id: 'The team id' }, scopes: ['PROJECT_READ'], response: z.array(TeamMember),
  responses: { 404: { description: 'No such team (empty body)', empty: true } },
  handler: async ({ viewer, params }) => {
    const members = await readAs(viewer, `v2:team-members:${params.id}`, async () => {
      if (!(await getExistingTeamIds(viewer, [params.id])).has(params.id)) return null
      return ((await getTeamMembers(viewer, [params.id])).get(params.id) ?? []).map(toLegacyTeamMember)
    }, (list) => [cacheTags.team(params.id), ...list.map((m) => cacheTags.user(m.user.id))])
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
    const known = await getExistingTeamIds(viewer, ids)
    const members = await getTeamMembers(viewer, ids.filter((id) => known.has(id)))
    return ids.filter((id) => known.has(id)).map((id) => (members.get(id) ?? []).map(toLegacyTeamMember))
  },
})

export const teamRoutes = [projectMembers, teamMembers, teams]
