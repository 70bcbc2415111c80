/**
 * Reads of the viewer's own collections (dashboard, the project page's "add to collection" menu) and
 * of their followed projects (the automatic "Followed projects" collection). Through the Local API
 * as the viewer: another user's collections are not theirs to list here.
 */
import type { Where } from 'payload'

import { FOLLOWING_ID } from '../collections/rules'
import { relationId } from '../ids'
import type { UserCollection } from '../../payload-types'
import { imagesByIds } from './images'
import { imageUrl } from './profile-pages'
import { as, type Viewer } from './viewer'

export type OwnCollection = {
  id: string
  name: string
  summary: string | null
  visibility: 'public' | 'unlisted' | 'private'
  projectIds: string[]
  iconUrl: string | null
  updatedAt: string
  /** The automatic "Followed projects" collection (its name is the page's to translate). */
  virtual?: 'following'
}

const idsOf = (values: readonly unknown[] | null | undefined) => [...new Set((values ?? []).map(relationId).filter((x): x is string => !!x))]

/** The ids of the projects the viewer follows, newest first. */
export async function followedProjectIds(viewer: Viewer): Promise<string[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'follows', where: { user: { equals: viewer.user.id } }, sort: '-createdAt', pagination: false, depth: 0, ...as(viewer) })
  return idsOf(docs.map((d) => d.project))
}

/** The viewer's collections, newest change first, optionally those whose name contains `query`. */
export async function ownCollections(viewer: Viewer, query = ''): Promise<OwnCollection[]> {
  if (!viewer.user) return []
  const and: Where[] = [{ owner: { equals: viewer.user.id } }]
  for (const word of query.trim().split(/\s+/).filter(Boolean).slice(0, 8)) and.push({ name: { like: word } })
  const { docs } = await viewer.payload.find({ collection: 'user-collections', where: { and }, sort: '-updatedAt', pagination: false, depth: 0, ...as(viewer) })
  const icons = await imagesByIds(viewer, docs.map((d) => relationId(d.icon)).filter((x): x is string => !!x))
  return docs.map((d: UserCollection) => ({
    id: d.id,
    name: d.name,
    summary: d.summary ?? null,
    visibility: d.visibility ?? 'public',
    projectIds: idsOf(d.projects),
    iconUrl: imageUrl(icons.get(relationId(d.icon) ?? '')),
    updatedAt: d.updatedAt,
  }))
}

/** The automatic collection of followed projects, as a list entry. */
export async function followingCollection(viewer: Viewer): Promise<OwnCollection | null> {
  if (!viewer.user) return null
  const projectIds = await followedProjectIds(viewer)
  return { id: FOLLOWING_ID, name: '', summary: null, visibility: 'private', projectIds, iconUrl: null, updatedAt: new Date().toISOString(), virtual: 'following' }
}
