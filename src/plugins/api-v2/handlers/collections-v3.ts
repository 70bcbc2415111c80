import type { Where } from 'payload'
import { z } from 'zod'

import { COLLECTION_LIMITS as L, parseCollectionPatch, parseNewCollection, v3Status, visibilityOfV3, type CollectionFieldError } from '../../../lib/collections/rules'
import { collectionFor, createCollection, deleteCollection, setCollectionIcon, updateCollection } from '../../../lib/collections/service'
import { getProjectByIdOrSlug, getUserByIdOrUsername } from '../../../lib/data'
import { imagesByIds } from '../../../lib/data/images'
import { imageUrl } from '../../../lib/data/profile-pages'
import { as, isViewerStaff, type Viewer } from '../../../lib/data/viewer'
import { relationId } from '../../../lib/ids'
import type { UserCollection } from '../../../payload-types'
import { invalidInput, itemNotFound } from '../http/errors'
import { IMAGE_BODY, imageType, rawBody } from '../http/images'
import { defineRoute } from '../http/route'
import { jsonArrayParam, key, MAX_IDS } from '../schemas/common'

/*
 * Modrinth's v3 collections (labrinth `routes/v3/collections.rs`, "UNSTABLE"), on the same domain
 * functions as the site's forms (src/lib/collections/service.ts). v3's `description` is our short
 * `summary`; `status` is our visibility (`listed` = public).
 */
const TAG = 'collections'
const idParam = { id: 'The collection id' }
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such collection, or the caller may not see it (empty body)', empty: true } }

export const Collection = z.object({
  id: z.string(),
  user: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon_url: z.string().nullable(),
  color: z.number().int().nullable(),
  status: z.enum(['listed', 'unlisted', 'private']),
  created: z.string(),
  updated: z.string(),
  projects: z.array(z.string()),
})

const ERRORS: Record<CollectionFieldError, string> = {
  nameLength: `name: must be ${L.nameMin} to ${L.nameMax} characters`,
  summaryLength: `description: at most ${L.summaryMax} characters`,
  descriptionLength: `body: at most ${L.descriptionMax} characters`,
  visibility: 'status: must be listed, unlisted or private',
}
const refused = (fields: Partial<Record<string, CollectionFieldError>>) => invalidInput(Object.values(fields).map((e) => ERRORS[e!]).join('; '))

async function serialize(viewer: Viewer, docs: UserCollection[]) {
  const icons = await imagesByIds(viewer, docs.map((d) => relationId(d.icon)).filter((x): x is string => !!x))
  return docs.map((d) => ({
    id: d.id,
    user: relationId(d.owner) ?? '',
    name: d.name,
    description: d.summary ?? null,
    icon_url: imageUrl(icons.get(relationId(d.icon) ?? ''), 'full'),
    color: d.color ?? null,
    status: v3Status(d.visibility),
    created: d.createdAt,
    updated: d.updatedAt,
    projects: (d.projects ?? []).map(relationId).filter((x): x is string => !!x),
  }))
}

/** Project ids or slugs as ids; an unknown key stays as given so the write rule answers "Could not find project". */
const projectIds = async (viewer: Viewer, keys: string[]) => Promise.all([...new Set(keys)].map(async (k) => (await getProjectByIdOrSlug(viewer, k))?.id ?? k))

const NewCollection = z.object({ name: z.string(), description: z.string().nullable().optional(), projects: z.array(z.string().max(64)).max(MAX_IDS).optional() })
const CollectionPatch = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  status: z.string().optional(),
  new_projects: z.array(z.string().max(64)).max(MAX_IDS).optional(),
})

export const createCollectionV3 = defineRoute({
  method: 'POST', path: '/collection', operationId: 'createCollection', tag: TAG, summary: 'Create a collection',
  scopes: ['COLLECTION_CREATE'], requiresAuth: true, body: NewCollection, response: Collection,
  handler: async ({ viewer, body }) => {
    const parsed = parseNewCollection({ name: body.name, summary: body.description ?? '' })
    if (!parsed.ok) throw refused(parsed.fields)
    const created = await createCollection(viewer, parsed.data, await projectIds(viewer, body.projects ?? []))
    return (await serialize(viewer, [created]))[0]
  },
})

export const getCollectionsV3 = defineRoute({
  method: 'GET', path: '/collections', operationId: 'getCollections', tag: TAG, summary: 'Several collections',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD"]', max: MAX_IDS }) }), scopes: ['COLLECTION_READ'], response: z.array(Collection),
  handler: async ({ viewer, query }) => {
    const { docs } = await viewer.payload.find({ collection: 'user-collections', where: { id: { in: query.ids } }, pagination: false, depth: 0, ...as(viewer) })
    return serialize(viewer, docs)
  },
})

export const getCollectionV3 = defineRoute({
  method: 'GET', path: '/collection/{id}', operationId: 'getCollection', tag: TAG, summary: 'A collection',
  params: idParam, scopes: ['COLLECTION_READ'], response: Collection, responses: notFound,
  handler: async ({ viewer, params }) => (await serialize(viewer, [await collectionFor(viewer, params.id)]))[0],
})

export const editCollectionV3 = defineRoute({
  method: 'PATCH', path: '/collection/{id}', operationId: 'modifyCollection', tag: TAG, summary: 'Change a collection',
  description: '`new_projects` replaces the list of projects; a project the caller cannot see is refused.',
  params: idParam, scopes: ['COLLECTION_WRITE'], requiresAuth: true, body: CollectionPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const visibility = body.status === undefined ? undefined : visibilityOfV3(body.status)
    if (body.status !== undefined && !visibility) throw refused({ visibility: 'visibility' })
    const parsed = parseCollectionPatch({ name: body.name, summary: body.description === undefined ? undefined : (body.description ?? ''), visibility })
    if (!parsed.ok) throw refused(parsed.fields)
    await updateCollection(viewer, params.id, parsed.data, body.new_projects ? { projects: await projectIds(viewer, body.new_projects) } : {})
    return noContent()
  },
})

export const deleteCollectionV3 = defineRoute({
  method: 'DELETE', path: '/collection/{id}', operationId: 'deleteCollection', tag: TAG, summary: 'Delete a collection',
  params: idParam, scopes: ['COLLECTION_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await deleteCollection(viewer, params.id)
    return noContent()
  },
})

export const changeCollectionIconV3 = defineRoute({
  method: 'PATCH', path: '/collection/{id}/icon', operationId: 'changeCollectionIcon', tag: TAG, summary: 'Change the collection’s icon',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type.',
  params: idParam, query: z.object({ ext: z.string().max(8) }), scopes: ['COLLECTION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const mimetype = imageType(query.ext)
    const data = await rawBody(request)
    await setCollectionIcon(viewer, params.id, { data, mimetype, name: `icon.${query.ext}`, size: data.length })
    return noContent()
  },
})

export const deleteCollectionIconV3 = defineRoute({
  method: 'DELETE', path: '/collection/{id}/icon', operationId: 'deleteCollectionIcon', tag: TAG, summary: 'Remove the collection’s icon',
  params: idParam, scopes: ['COLLECTION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await setCollectionIcon(viewer, params.id, null)
    return noContent()
  },
})

export const userCollectionsV3 = defineRoute({
  method: 'GET', path: '/user/{id}/collections', operationId: 'getUserCollections', tag: TAG, summary: 'A user’s collections',
  description: 'Public ones; the user themselves (and staff) also get their unlisted and private ones.',
  params: { id: 'The user id or username' }, scopes: ['COLLECTION_READ'], response: z.array(Collection), responses: notFound,
  handler: async ({ viewer, params }) => {
    const user = await getUserByIdOrUsername(viewer, params.id)
    if (!user) throw itemNotFound()
    const everything = viewer.user?.id === user.id || isViewerStaff(viewer)
    const where: Where = everything ? { owner: { equals: user.id } } : { and: [{ owner: { equals: user.id } }, { visibility: { equals: 'public' } }] }
    const { docs } = await viewer.payload.find({ collection: 'user-collections', where, sort: '-updatedAt', pagination: false, depth: 0, ...as(viewer) })
    return serialize(viewer, docs)
  },
})

export const collectionV3Routes = [createCollectionV3, getCollectionsV3, getCollectionV3, editCollectionV3, deleteCollectionV3, changeCollectionIconV3, deleteCollectionIconV3, userCollectionsV3]
