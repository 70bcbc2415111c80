import { withContext } from '../../lib/db/scopedContext'
import { relationId } from '../../lib/ids'
import { APIError, type CollectionAfterDeleteHook, type CollectionBeforeDeleteHook, type CollectionSlug, type PayloadRequest, type Where } from 'payload'

/**
 * Deletes the documents that cannot outlive their parent (required relations), inside the same
 * transaction. A bulk delete reports a document it could not delete instead of throwing: that is
 * an error here, or the parent's own delete fails later on a foreign key with no word of why.
 */
export async function deleteWhere(req: PayloadRequest, collection: CollectionSlug, where: Where, context: Record<string, unknown> = {}) {
  // `cascading` (and the caller's flags) for this delete and its own cascades, not the request's next write.
  const { errors } = await req.payload.delete({ collection, where, req: withContext(req, { ...context, cascading: true }), overrideAccess: true })
  if (errors.length) {
    req.payload.logger.error({ collection, errors }, 'cascading delete failed')
    throw new APIError(`Could not delete the ${collection} that belong to it: ${errors.map((e) => e.message).join('; ')}`, 500)
  }
}

export const cascadeProject: CollectionBeforeDeleteHook = async ({ req, id }) => {
  // `deletingProject`: its versions leave the project's loaders and game versions alone (syncProject).
  await deleteWhere(req, 'versions', { project: { equals: id } }, { deletingProject: String(id) })
  await deleteWhere(req, 'follows', { project: { equals: id } })
  await deleteWhere(req, 'images', { project: { equals: id } })
}

/** The team and thread go after the project: the delete's access filter still matches on its team. */
export const cleanupAfterProject: CollectionAfterDeleteHook = async ({ req, doc }) => {
  const thread = relationId(doc.thread)
  const team = relationId(doc.team)
  if (thread) await deleteWhere(req, 'threads', { id: { equals: thread } })
  if (team) await deleteWhere(req, 'teams', { id: { equals: team } })
}

export const cascadeVersion: CollectionBeforeDeleteHook = ({ req, id }) => deleteWhere(req, 'version-files', { version: { equals: id } })
export const cascadeThread: CollectionBeforeDeleteHook = ({ req, id }) => deleteWhere(req, 'thread-messages', { thread: { equals: id } })
export const cascadeTeam: CollectionBeforeDeleteHook = ({ req, id }) => deleteWhere(req, 'team-members', { team: { equals: id } })

export const cleanupAfterOrganization: CollectionAfterDeleteHook = async ({ req, doc }) => {
  const team = relationId(doc.team)
  if (team) await deleteWhere(req, 'teams', { id: { equals: team } })
}

/** A user who still owns a project or organization must hand it over (or delete it) first. */
export const cascadeUser: CollectionBeforeDeleteHook = async ({ req, id }) => {
  const owned = await req.payload.count({ collection: 'team-members', where: { and: [{ user: { equals: id } }, { isOwner: { equals: true } }] }, overrideAccess: true, req })
  if (owned.totalDocs > 0) throw new APIError('This account still owns projects or organizations: transfer or delete them first.', 400, null, true)
  await deleteWhere(req, 'team-members', { user: { equals: id } })
  await deleteWhere(req, 'follows', { user: { equals: id } })
  await deleteWhere(req, 'notifications', { user: { equals: id } })
  await deleteWhere(req, 'user-collections', { owner: { equals: id } })
  await deleteWhere(req, 'access-tokens', { user: { equals: id } })
  await deleteWhere(req, 'session-details', { user: { equals: id } })
  await deleteWhere(req, 'auth-identities', { user: { equals: id } })
  // An app outlives nobody: its grants go with it (the app's own delete hook), then the user's own grants.
  await deleteWhere(req, 'oauth-apps', { createdBy: { equals: id } })
  await deleteWhere(req, 'oauth-authorizations', { user: { equals: id } })
}
