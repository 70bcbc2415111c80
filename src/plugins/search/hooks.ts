import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, PayloadRequest } from 'payload'

import { relationId } from '../../lib/ids'
import { reindexProject, removeProject } from './indexer'
import { appendHooks } from '../../lib/config/appendHooks'

// Bulk writers (the seed, the reindex command) set this and index once at the end.
const skip = (req: PayloadRequest) => req.context?.skipSearchIndex === true

const projectsOfTeam = async (req: PayloadRequest, team: string) =>
  (await req.payload.find({ collection: 'projects', where: { team: { equals: team } }, depth: 0, pagination: false, overrideAccess: true, req, select: {} })).docs.map((p) => p.id)

const projectsOfOrganization = async (req: PayloadRequest, org: string) =>
  (await req.payload.find({ collection: 'projects', where: { organization: { equals: org } }, depth: 0, pagination: false, overrideAccess: true, req, select: {} })).docs.map((p) => p.id)

const each = async (req: PayloadRequest, ids: (string | null)[]) => {
  for (const id of new Set(ids)) if (id) await reindexProject(req, id)
}

const projectChanged: CollectionAfterChangeHook = async ({ doc, req }) => {
  if (!skip(req)) await reindexProject(req, doc.id)
  return doc
}
const projectDeleted: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await removeProject(req, doc.id)
}
/** Versions and gallery images belong to one project. */
const childChanged: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (!skip(req)) await each(req, [relationId(doc.project), relationId(previousDoc?.project)])
  return doc
}
const childDeleted: CollectionAfterDeleteHook = async ({ doc, req }) => {
  if (!skip(req)) await each(req, [relationId(doc.project)])
}
/** The owner of a team is the projects' author. */
const memberChanged: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (skip(req) || (!doc.isOwner && !previousDoc?.isOwner)) return doc
  await each(req, await projectsOfTeam(req, relationId(doc.team)!))
  return doc
}
/** Renaming a user or an organization renames the author of their projects. */
const userChanged: CollectionAfterChangeHook = async ({ doc, previousDoc, req, operation }) => {
  if (skip(req) || operation !== 'update' || doc.username === previousDoc?.username) return doc
  const owned = await req.payload.find({ collection: 'team-members', where: { and: [{ user: { equals: doc.id } }, { isOwner: { equals: true } }] }, depth: 0, pagination: false, overrideAccess: true, req })
  for (const m of owned.docs) await each(req, await projectsOfTeam(req, relationId(m.team)!))
  return doc
}
const organizationChanged: CollectionAfterChangeHook = async ({ doc, previousDoc, req, operation }) => {
  if (skip(req) || operation !== 'update' || doc.name === previousDoc?.name) return doc
  await each(req, await projectsOfOrganization(req, doc.id))
  return doc
}

const HOOKS: Record<string, { afterChange: CollectionAfterChangeHook; afterDelete?: CollectionAfterDeleteHook }> = {
  projects: { afterChange: projectChanged, afterDelete: projectDeleted },
  versions: { afterChange: childChanged, afterDelete: childDeleted },
  images: { afterChange: childChanged, afterDelete: childDeleted },
  'team-members': { afterChange: memberChanged },
  users: { afterChange: userChanged },
  organizations: { afterChange: organizationChanged },
}

/** Adds the index hooks after a collection's own hooks. */
export function withSearchHooks(collection: CollectionConfig): CollectionConfig {
  const h = HOOKS[collection.slug]
  if (!h) return collection
  return appendHooks(collection, { last: { afterChange: [h.afterChange], afterDelete: h.afterDelete ? [h.afterDelete] : [] } })
}
