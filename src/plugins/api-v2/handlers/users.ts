import { z } from 'zod'

import { avatarsOf, findUsersByKeys, getUserByIdOrUsername, getUserProjects, isViewerAdmin, viewerHasScope, type Viewer } from '../../../lib/data'
import type { User as UserDoc } from '../../../payload-types'
import { as } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { cachedReadByName, cachedReadManyByName, cacheKeys, cacheTags } from '../../../lib/cache'
import { itemNotFound, unauthorized } from '../http/errors'
import { IMAGE_BODY, rawBody, storeIcon } from '../http/images'
import { UserPatch } from '../schemas/userWrite'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key, MAX_IDS } from '../schemas/common'
import { Project } from '../schemas/project'
import { User } from '../schemas/user'
import { toLegacyUser, type LegacyUser, type PrivateView } from '../serializers/user'
import { legacyProjects } from './assemble'

const TAG = 'users'
const userCache = { key: cacheKeys.v2User, alias: cacheKeys.v2UserName, idOf: (u: LegacyUser) => u.id, tags: (u: LegacyUser) => [cacheTags.user(u.id)] }
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
    const shown = await cachedReadByName(viewer, userCache, params.id, async (name) => {
      const user = await getUserByIdOrUsername(viewer, name)
      return user ? ((await legacyUsers(viewer, [user]))[0] ?? null) : null
    })
    if (!shown) throw itemNotFound()
    return shown
  },
})

export const getUsers = defineRoute({
  method: 'GET', path: '/users', operationId: 'getUsers', tag: TAG, summary: 'Get several users',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","jane"]', max: MAX_IDS }) }),
  queryDocs: { ids: 'User ids and/or usernames, as a JSON array' },
  scopes: ['USER_READ'], response: z.array(User),
  handler: async ({ viewer, query }) => {
    // The single read's key and tags (a batch fills the single reads' entries); order asked, each user once.
    const wanted = [...new Set(query.ids.map((k) => k.trim()))]
    const found = await cachedReadManyByName(viewer, userCache, wanted, async (missing) => {
      const byKey = await findUsersByKeys(viewer, missing)
      const users = [...new Map([...byKey.values()].map((u) => [u.id, u])).values()]
      const shown = new Map((await legacyUsers(viewer, users)).map((u) => [u.id, u]))
      return new Map([...byKey].flatMap(([key, user]) => (shown.has(user.id) ? [[key, shown.get(user.id)!] as const] : [])))
    })
    const seen = new Set<string>()
    return wanted.flatMap((key) => {
      const user = found.get(key)
      if (!user || seen.has(user.id)) return []
      seen.add(user.id)
      return [user]
    })
  },
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

/*
 * The user write side (labrinth `routes/v3/users.rs` `user_edit`, `user_icon_edit`): the user themself
 * or an admin (the users collection's own rule; labrinth lets moderators too), through the same
 * collection and field rules as the account settings page — `role` and `badges` stay admins' only.
 */
const done = { 204: { description: 'Done (no body)', empty: true } }
async function editableUser(viewer: Viewer, idOrUsername: string, refusal: string) {
  const user = await getUserByIdOrUsername(viewer, idOrUsername)
  if (!user) throw itemNotFound()
  if (user.id !== viewer.user!.id && !isViewerAdmin(viewer)) throw unauthorized(refusal)
  return user
}

export const editUser = defineRoute({
  method: 'PATCH', path: '/user/{id}', operationId: 'modifyUser', tag: TAG, summary: 'Change a user',
  description: '`username`, `bio` (null clears it); `role` and `badges` for admins. `name` is accepted and not kept (v2 shows it as null).',
  params: { id: 'The user id or username' }, scopes: ['USER_WRITE'], requiresAuth: true, body: UserPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const user = await editableUser(viewer, params.id, 'You do not have permission to edit this user!')
    const data = {
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.bio !== undefined ? { bio: body.bio ?? '' } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.badges !== undefined ? { badges: body.badges } : {}),
    }
    if (Object.keys(data).length) await viewer.payload.update({ collection: 'users', id: user.id, data, depth: 0, ...as(viewer) })
    return new Response(null, { status: 204 })
  },
})

export const changeUserIcon = defineRoute({
  method: 'PATCH', path: '/user/{id}/icon', operationId: 'changeUserIcon', tag: TAG, summary: 'Change a user’s avatar',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type.',
  params: { id: 'The user id or username' }, query: z.object({ ext: z.string().max(8) }), scopes: ['USER_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const user = await editableUser(viewer, params.id, "You don't have permission to edit this user's icon.")
    // The project icon's path: stored as the caller's image, then set through the avatar field's own-image rule.
    const image = await storeIcon(viewer, await rawBody(request), query.ext, user.username)
    await viewer.payload.update({ collection: 'users', id: user.id, data: { avatar: image.id }, depth: 0, ...as(viewer) })
    return new Response(null, { status: 204 })
  },
})

export const deleteUserIcon = defineRoute({
  method: 'DELETE', path: '/user/{id}/icon', operationId: 'deleteUserIcon', tag: TAG, summary: 'Remove a user’s avatar',
  params: { id: 'The user id or username' }, scopes: ['USER_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const user = await editableUser(viewer, params.id, "You don't have permission to edit this user's icon.")
    await viewer.payload.update({ collection: 'users', id: user.id, data: { avatar: null }, depth: 0, ...as(viewer) })
    return new Response(null, { status: 204 })
  },
})

export const userRoutes = [getCurrentUser, getUser, getUsers, getUserProjectsRoute, getUserFollows, editUser, changeUserIcon, deleteUserIcon]
