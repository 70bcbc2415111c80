import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, PayloadRequest } from 'payload'

import { cacheTags, invalidateAfterCommit } from '../../lib/cache'
import { appendHooks } from '../../lib/config/appendHooks'
import { TAG_COLLECTIONS } from '../../lib/cache/tags'
import { relationId } from '../../lib/ids'

type Doc = Record<string, unknown> & { id?: unknown }

/**
 * Which cached public reads a write to each collection affects (tags: src/lib/cache/tags.ts). Both
 * the document before and after count: a project moved to another team or organization leaves the
 * old one's lists too. Collections not named here are never part of a cached read.
 */
const tagsOf: Record<string, (doc: Doc, req: PayloadRequest) => Promise<string[]> | string[]> = {
  // Its members' profiles list it: their memberships of a hidden project's team are not public, so
  // the profile cannot be labelled with that team before the project shows.
  projects: async (doc, req) => {
    const team = relationId(doc.team as never)
    const members = team
      ? (await req.payload.find({ collection: 'team-members', where: { team: { equals: team } }, depth: 0, pagination: false, select: { user: true }, overrideAccess: true, req })).docs
      : []
    return [cacheTags.project(String(doc.id)), ...ref(doc.team, cacheTags.team), ...ref(doc.organization, cacheTags.organization), ...members.flatMap((m) => ref(m.user, cacheTags.user))]
  },
  versions: (doc) => ref(doc.project, cacheTags.project),
  images: (doc) => ref(doc.project, cacheTags.project),
  follows: (doc) => ref(doc.project, cacheTags.project),
  'version-files': async (doc, req) => {
    const version = relationId(doc.version as never)
    if (!version) return []
    const found = await req.payload.find({ collection: 'versions', where: { id: { equals: version } }, limit: 1, depth: 0, pagination: false, select: { project: true }, overrideAccess: true, req })
    return ref(found.docs[0]?.project, cacheTags.project)
  },
  teams: (doc) => [cacheTags.team(String(doc.id))],
  'team-members': (doc) => [...ref(doc.team, cacheTags.team), ...ref(doc.user, cacheTags.user)],
  users: (doc) => [cacheTags.user(String(doc.id))],
  // A user's public collections are listed on their profile.
  'user-collections': (doc) => ref(doc.owner, cacheTags.user),
  organizations: (doc) => [cacheTags.organization(String(doc.id)), ...ref(doc.team, cacheTags.team)],
  ...Object.fromEntries(TAG_COLLECTIONS.map((slug) => [slug, () => [cacheTags.tags]])),
  // The home page lists the latest articles.
  news: () => [cacheTags.news],
}

function ref(value: unknown, tag: (id: string) => string): string[] {
  const id = relationId(value as never)
  return id ? [tag(String(id))] : []
}

/** The relationship fields each tagger reads: a write made with `select` hands hooks a trimmed doc. */
const needs: Record<string, string[]> = {
  projects: ['team', 'organization'],
  versions: ['project'],
  images: ['project'],
  follows: ['project'],
  'version-files': ['version'],
  'team-members': ['team', 'user'],
  'user-collections': ['owner'],
  organizations: ['team'],
}

async function complete(slug: string, req: PayloadRequest, doc: Doc): Promise<Doc> {
  if ((needs[slug] ?? []).every((field) => field in doc)) return doc
  const found = await req.payload.find({ collection: slug as 'projects', where: { id: { equals: doc.id } }, limit: 1, depth: 0, pagination: false, overrideAccess: true, req })
  return (found.docs[0] as unknown as Doc | undefined) ?? doc
}

async function announce(slug: string, req: PayloadRequest, docs: (Doc | undefined)[]) {
  const tagger = tagsOf[slug]
  if (!tagger) return
  const tags = new Set<string>()
  for (const doc of docs) {
    if (doc?.id === undefined) continue
    for (const tag of await tagger(await complete(slug, req, doc), req)) tags.add(tag)
  }
  await invalidateAfterCommit(req, [...tags])
}

/** Adds the after-commit invalidation to a collection that has cached reads. */
export function withCacheInvalidation(collection: CollectionConfig): CollectionConfig {
  if (!tagsOf[collection.slug]) return collection
  const changed: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
    await announce(collection.slug, req, [doc as Doc, previousDoc as Doc | undefined])
    return doc
  }
  // A deleted document cannot be read again: its doc is whole (deletes take no `select`) or nothing.
  const deleted: CollectionAfterDeleteHook = async ({ doc, req }) => {
    await announce(collection.slug, req, [doc as Doc])
  }
  return appendHooks(collection, { last: { afterChange: [changed], afterDelete: [deleted] } })
}
