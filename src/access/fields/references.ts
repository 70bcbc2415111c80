import type { CollectionSlug } from 'payload'

import { relationId } from '../../lib/ids'
import { isAdmin, isStaff } from '../core/roles'
import { rule, type Verdict, type WriteCheck } from '../core/writeRules'

const LABELS: Partial<Record<CollectionSlug, string>> = {
  projects: 'project', versions: 'version', users: 'user', threads: 'thread', images: 'image', 'thread-messages': 'message',
}

/** Whether the actor may read document `id` of `collection` (what they cannot read does not exist for them). */
export async function canRead(check: Pick<WriteCheck, 'req'>, collection: CollectionSlug, id: string): Promise<boolean> {
  const { req } = check
  try {
    const doc = await req.payload.findByID({ collection, id, depth: 0, req, user: req.user, overrideAccess: false, disableErrors: true })
    return !!doc
  } catch {
    return false
  }
}

const idsOf = (value: unknown) => (Array.isArray(value) ? value : [value]).map(relationId).filter((x): x is string => !!x)

/** Every newly linked id must be readable (links made earlier stay, even if their target is hidden since). */
async function allReadable(check: WriteCheck, collection: CollectionSlug, value: unknown): Promise<Verdict> {
  const before = new Set(idsOf(check.previous))
  for (const id of idsOf(value).filter((x) => !before.has(x))) {
    if (!(await canRead(check, collection, id))) return { notFound: `Could not find ${LABELS[collection] ?? 'item'} ${id}` }
  }
  return true
}

/** A link to documents the actor can see (a dependency, a followed project, a collection's projects). */
export const readableRef = (collection: CollectionSlug) =>
  rule(`readableRef:${collection}`, (check) => allReadable(check, collection, check.value))

/**
 * An image chosen as an icon, avatar or thumbnail: one the actor uploaded (or already on the
 * document). Anyone else's image is not theirs to place.
 */
export const ownImage = rule('ownImage', async (check) => {
  const id = relationId(check.value)
  if (!id || isStaff(check.actor)) return true
  const image = await check.req.payload.findByID({ collection: 'images', id, depth: 0, overrideAccess: true, disableErrors: true, req: check.req, select: { uploader: true } })
  if (!image) return { notFound: `Could not find image ${id}` }
  return relationId(image.uploader) === check.actor?.id || isAdmin(check.actor) || 'You can only use images you uploaded.'
})
