/**
 * Collections' writes, as the signed-in user: the site's server actions and the /v3 routes call
 * these. Every call goes through the `user-collections` and `follows` access and write rules
 * (`overrideAccess: false`): a collection that is not the user's is refused there (not found or
 * forbidden), a project the user cannot see cannot be added (`readableRef('projects')`), an icon must
 * be an image they uploaded (`ownImage`). Nothing here decides access itself.
 */
import { NotFound } from 'payload'

import { relationId } from '../ids'
import { as, type Viewer } from '../data/viewer'
import type { UserCollection } from '../../payload-types'
import { withProject, type CollectionInput } from './rules'

export type UploadedFile = { data: Buffer; mimetype: string; name: string; size: number }

const emptyToNull = (s: string | undefined) => (s === undefined ? undefined : s.trim() || null)

function fieldsOf(input: Partial<CollectionInput>) {
  const data: Partial<Pick<UserCollection, 'name' | 'summary' | 'description' | 'visibility'>> = {}
  if (input.name !== undefined) data.name = input.name
  if (input.summary !== undefined) data.summary = emptyToNull(input.summary)
  if (input.description !== undefined) data.description = emptyToNull(input.description)
  if (input.visibility !== undefined) data.visibility = input.visibility
  return data
}

/** A collection as the viewer may read it, or a 404 (what they cannot see does not exist for them). */
export async function collectionFor(viewer: Viewer, id: string): Promise<UserCollection> {
  const doc = await viewer.payload.findByID({ collection: 'user-collections', id, depth: 0, disableErrors: true, ...as(viewer) })
  if (!doc) throw new NotFound()
  return doc
}

/** A new collection owned by the viewer (the collection fills in the owner), optionally with projects. */
export async function createCollection(viewer: Viewer, input: CollectionInput, projects: string[] = []): Promise<UserCollection> {
  return viewer.payload.create({ collection: 'user-collections', data: { ...fieldsOf(input), name: input.name, projects } as never, depth: 0, ...as(viewer) })
}

export async function updateCollection(viewer: Viewer, id: string, patch: Partial<CollectionInput>, extra: { projects?: string[] } = {}): Promise<UserCollection> {
  await collectionFor(viewer, id)
  return viewer.payload.update({ collection: 'user-collections', id, data: { ...fieldsOf(patch), ...extra }, depth: 0, ...as(viewer) })
}

export async function deleteCollection(viewer: Viewer, id: string): Promise<void> {
  await collectionFor(viewer, id)
  await viewer.payload.delete({ collection: 'user-collections', id, depth: 0, ...as(viewer) })
}

/** Stores `file` as an icon image of the viewer's and sets it on the collection (`null` removes the icon). */
export async function setCollectionIcon(viewer: Viewer, id: string, file: UploadedFile | null): Promise<UserCollection> {
  const collection = await collectionFor(viewer, id)
  if (!file) return viewer.payload.update({ collection: 'user-collections', id, data: { icon: null }, depth: 0, ...as(viewer) })
  // Refused before the upload when the collection is not the viewer's to edit (no stray image).
  await viewer.payload.update({ collection: 'user-collections', id, data: {}, depth: 0, ...as(viewer) })
  const image = await viewer.payload.create({ collection: 'images', data: { kind: 'icon', alt: collection.name }, file, depth: 0, ...as(viewer) })
  return viewer.payload.update({ collection: 'user-collections', id, data: { icon: image.id }, depth: 0, ...as(viewer) })
}

/** Adds (`include`) or removes a project; adding one the viewer cannot see is refused by the write rule. */
export async function setProjectInCollection(viewer: Viewer, collectionId: string, projectId: string, include: boolean): Promise<UserCollection> {
  const collection = await collectionFor(viewer, collectionId)
  const ids = (collection.projects ?? []).map(relationId).filter((x): x is string => !!x)
  if (ids.includes(projectId) === include) return collection
  return viewer.payload.update({ collection: 'user-collections', id: collectionId, data: { projects: withProject(ids, projectId, include) }, depth: 0, ...as(viewer) })
}

/** Whether the viewer follows the project. */
export async function followOf(viewer: Viewer, projectId: string) {
  if (!viewer.user) return null
  const { docs } = await viewer.payload.find({
    collection: 'follows',
    where: { and: [{ user: { equals: viewer.user.id } }, { project: { equals: projectId } }] },
    limit: 1,
    depth: 0,
    ...as(viewer),
  })
  return docs[0] ?? null
}

/** Stops following (the project's follower count goes down in the follows hook); a no-op if not followed. */
export async function unfollowProject(viewer: Viewer, projectId: string): Promise<void> {
  const follow = await followOf(viewer, projectId)
  if (follow) await viewer.payload.delete({ collection: 'follows', id: follow.id, depth: 0, ...as(viewer) })
}
