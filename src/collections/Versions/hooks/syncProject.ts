import { withContext } from '../../../lib/db/scopedContext'
import { relationId } from '../../../lib/ids'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'


/** A project's loaders and game versions are the union of its versions'; its `updated` follows new versions. */
export async function syncProjectFromVersions(req: PayloadRequest, projectId: string, touch: boolean) {
  const versions = await req.payload.find({
    collection: 'versions',
    where: { project: { equals: projectId } },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
    select: { loaders: true, gameVersions: true },
  })
  const loaders = new Set<string>()
  const gameVersions = new Set<string>()
  for (const v of versions.docs) {
    for (const l of v.loaders ?? []) loaders.add(relationId(l)!)
    for (const g of v.gameVersions ?? []) gameVersions.add(relationId(g)!)
  }
  await req.payload.update({
    collection: 'projects',
    id: projectId,
    data: { loaders: [...loaders].sort(), gameVersions: [...gameVersions], ...(touch ? { updated: new Date().toISOString() } : {}) },
    overrideAccess: true,
    req: withContext(req, { system: true }),
  })
}

export const syncProjectAfterChange: CollectionAfterChangeHook = async ({ doc, req, operation, context }) => {
  if (context?.skipProjectSync) return doc
  const projectId = relationId(doc.project)
  if (projectId) await syncProjectFromVersions(req, projectId, operation === 'create')
  return doc
}

export const syncProjectAfterDelete: CollectionAfterDeleteHook = async ({ doc, req, context }) => {
  const projectId = relationId(doc.project)
  // Deleted along with its project (hooks/cascade.ts): that project is going, there is nothing to
  // sync — and saving it from inside its own delete failed, so a project with versions and
  // donation links could not be deleted at all.
  if (!projectId || context?.deletingProject === projectId) return doc
  await syncProjectFromVersions(req, projectId, false)
  return doc
}
