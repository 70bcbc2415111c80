import type { Payload } from 'payload'

import { cacheKeys, cacheTags, publicRead } from '../cache'

/*
 * The tag vocabularies a search page filters by (src/components/search/load.ts). Icons are not read
 * here: the page links them as one stylesheet (src/app/tag-icons.css).
 */

export type CategoryTag = { name: string; header: string }
export type LoaderTag = { id: string; supportedProjectTypes: string[] }
export type GameVersionTag = { id: string; versionType: string }

export type SearchTags = { categories: CategoryTag[]; loaders: LoaderTag[]; gameVersions: GameVersionTag[] }

/** Tags are public: read as an anonymous visitor would, through access control, and kept until a tag changes. */
export async function searchTags(payload: Payload, projectType: string): Promise<SearchTags> {
  const tags = await publicRead(cacheKeys.searchTags(projectType), async () => ({ value: await readTags(payload, projectType), tags: [cacheTags.tags] }))
  return tags!
}

async function readTags(payload: Payload, projectType: string): Promise<SearchTags> {
  const read = { pagination: false, depth: 0, overrideAccess: false } as const
  const [categories, loaders, gameVersions] = await Promise.all([
    payload.find({ collection: 'categories', where: { projectType: { equals: projectType } }, select: { name: true, header: true }, ...read }),
    payload.find({ collection: 'loaders', select: { supportedProjectTypes: true }, ...read }),
    payload.find({ collection: 'game-versions', sort: '-date', select: { versionType: true }, ...read }),
  ])
  return {
    categories: categories.docs.map((c) => ({ name: c.name, header: c.header })),
    loaders: loaders.docs.map((l) => ({ id: l.id, supportedProjectTypes: l.supportedProjectTypes ?? [] })),
    gameVersions: gameVersions.docs.map((g) => ({ id: g.id, versionType: g.versionType })),
  }
}
