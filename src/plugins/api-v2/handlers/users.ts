import { z } from 'zod'

import { avatarsOf, getUserByIdOrUsername, getUserProjects, getUsersByIdsOrUsernames, isViewerAdmin, viewerHasScope, type Viewer } from '../../../lib/data'
import type { User as UserDoc } from '../../../payload-types'
import { as } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { cacheTags, readAs } from '../../../lib/cache'
import { itemNotFound, unauthorized } from '../http/errors'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key, MAX_IDS } from '../schemas/common'
import { Project } from '../schemas/project'
import { User } from '../schemas/user'
import { toLegacyUser, type PrivateView } from '../serializers/user'
import { legacyProjects } from './assemble'

const TAG = 'users'
const notFound = { 404: { description: 'No such user (empty body)', empty: true } }

/** Private fields for the user themself or an admin; through a token only with the matching scope. */
function privateViewOf(viewer: Viewer, user: UserDoc): PrivateView {
  const self = !!viewer.user && (viewer.user.id === user.id || isViewerAdmin(viewer))
  return { self, email: self && viewerHasScope(viewer, 'USER_READ_EMAIL'), payouts: self && viewerHasScope(viewer, 'PAYOUTS_READ') }
}

async function legacyUsers(viewer: Viewer, users: UserDoc[]) {
  const avatars = await avatarsOf(viewer, users)
  return users.map((u) => toLegacyUser(u, avatars.get(u.id) ?? null, privateViewOf(viewer, u)))
}

export const getCurrentUser = defineRoute({
  method: 'GET', path: '/user', operationId: 'getUserFromAuth', tag: TAG, summary: 'Get the signed-in user',
  scopes: ['USER_READ'], requiresAuth: true, response: User,
  responses: { 401: { description: 'No valid token or session (or a token without USER_READ)', schema: undefined } },
  handler: async ({ viewer }) => {
    const user = await getUserByIdOrUsername(viewer, viewer.user!.id)
    if (!user) throw itemNotFound()
    return (await legacyUsers(viewer, [user]))[0]
  },
})

export const getUser = defineRoute({
  method: 'GET', path: '/user/{id}', operationId: 'getUser', tag: TAG, summary: 'Get a user',
  params: { id: 'The user id or username' }, scopes: ['USER_READ'], response: User, responses: notFound,
  handler: async ({ viewer, params }) => {
    const shown = await readAs(viewer, `v2:user:${params.id}`, async () => {
      const user = await getUserByIdOrUsername(viewer, params.id)
      return user ? ((await legacyUsers(viewer, [user]))[0] ?? null) : null
    }, (u) => [cacheTags.user(u.id)])
    if (!shown) throw itemNotFound()
    return shown
  },
})

export const getUsers = defineRoute({
  method: 'GET', path: '/users', operationId: 'getUsers', tag: TAG, summary: 'Get several users',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","jane"]', max: MAX_IDS }) }),
  queryDocs: { ids: 'User ids and/or usernames, as a JSON array' },
  scopes: ['USER_READ'], response: z.array(User),
  handler: async ({ viewer, query }) => legacyUsers(viewer, await getUsersByIdsOrUsernames(viewer, query.ids)),
})

export const getUserProjectsRoute = defineRoute({
  method: 'GET', path: '/user/{id}/projects', operationId: 'getUserProjects', tag: TAG, summary: "Get a user's projects",
  description: 'Projects the user is an accepted team member of, as far as the caller may see them.',
  params: { id: 'The user id or username' }, scopes: ['PROJECT_READ'], response: z.array(Project), responses: notFound,
  handler: async ({ viewer, params }) => {
    const user = await getUserByIdOrUsername(viewer, params.id)
    if (!user) throw itemNotFound()
    return legacyProjects(viewer, await getUserProjects(viewer, user.id))
  },
})

export const getUserFollows = defineRoute({
  method: 'GET', path: '/user/{id}/follows', operationId: 'getFollowedProjects', tag: TAG, summary: 'Projects a user follows',
  description: 'Your own (admins: anyone’s), as far as the caller may see the projects.',
  params: { id: 'The user id or username' }, scopes: ['USER_READ'], requiresAuth: true, response: z.array(Project), responses: notFound,
  handler: async ({ viewer, params }) => {
    const user = await getUserByIdOrUsername(viewer, params.id)
    if (!user) throw itemNotFound()
    if (user.id !== viewer.user!.id && !isViewerAdmin(viewer)) throw unauthorized('You do not have permission to see the projects this user follows!')
    const follows = await viewer.payload.find({ collection: 'follows', where: { user: { equals: user.id } }, sort: '-createdAt', pagination: false, depth: 0, ...as(viewer) })
    const ids = follows.docs.map((f) => relationId(f.project)).filter((id): id is string => !!id)
    if (ids.length === 0) return []
    const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { in: ids } }, pagination: false, depth: 0, joins: false, ...as(viewer) })
    return legacyProjects(viewer, docs)
  },
})

export const userRoutes = [getCurrentUser, getUser, getUsers, getUserProjectsRoute, getUserFollows]
