import { relationId } from '../ids'
import type { Image } from '../../payload-types'
import { as, type Viewer } from './viewer'

/** Images by id (icons, avatars). */
export async function imagesByIds(viewer: Viewer, ids: string[]): Promise<Map<string, Image>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const { docs } = await viewer.payload.find({ collection: 'images', where: { id: { in: unique } }, pagination: false, depth: 0, ...as(viewer) })
  return new Map(docs.map((d) => [d.id, d]))
}

/** Each project's gallery, in gallery order. */
export async function galleriesOf(viewer: Viewer, projectIds: string[]): Promise<Map<string, Image[]>> {
  const out = new Map<string, Image[]>(projectIds.map((id) => [id, []]))
  if (projectIds.length === 0) return out
  const { docs } = await viewer.payload.find({
    collection: 'images',
    where: { and: [{ project: { in: [...new Set(projectIds)] } }, { kind: { equals: 'gallery' } }] },
    sort: ['ordering', 'createdAt'],
    pagination: false,
    depth: 0,
    ...as(viewer),
  })
  for (const image of docs) out.get(relationId(image.project) ?? '')?.push(image)
  return out
}
