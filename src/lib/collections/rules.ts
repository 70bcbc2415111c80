/**
 * Collections (spec §3 Collection): what a collection's fields accept, and the list operations the
 * pages and the API share. Pure: no Payload, no Next. The limits are those of the collection's
 * fields (src/collections/UserCollections.ts); the collection enforces them again on every write.
 */
import { z } from 'zod'

import { COLLECTION_LIMITS, COLLECTION_VISIBILITIES, type CollectionVisibility } from './limits'

export { COLLECTION_LIMITS, COLLECTION_VISIBILITIES, type CollectionVisibility }

/** The automatic collection of the projects a user follows (Modrinth's id for it). */
export const FOLLOWING_ID = 'following'

/** Why a field was refused: a key of `Collections.errors` in the messages. */
export type CollectionFieldError = 'nameLength' | 'summaryLength' | 'descriptionLength' | 'visibility'

export type CollectionInput = { name: string; summary: string; description: string; visibility: CollectionVisibility }

const L = COLLECTION_LIMITS
const text = (max: number, error: CollectionFieldError) => z.string().trim().max(max, { message: error })
const schema = z.object({
  name: z.string().trim().min(L.nameMin, { message: 'nameLength' }).max(L.nameMax, { message: 'nameLength' }),
  summary: text(L.summaryMax, 'summaryLength'),
  description: text(L.descriptionMax, 'descriptionLength'),
  visibility: z.enum(COLLECTION_VISIBILITIES, { message: 'visibility' }),
})

export type Parsed<T> = { ok: true; data: T } | { ok: false; fields: Partial<Record<keyof CollectionInput, CollectionFieldError>> }

function parseWith<T>(s: z.ZodType<T>, raw: unknown): Parsed<T> {
  const result = s.safeParse(raw)
  if (result.success) return { ok: true, data: result.data }
  const fields: Partial<Record<keyof CollectionInput, CollectionFieldError>> = {}
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof CollectionInput
    fields[key] ??= (issue.message as CollectionFieldError) ?? 'nameLength'
  }
  return { ok: false, fields }
}

/** A new collection's fields (summary and description may be empty; visibility defaults to public). */
export function parseNewCollection(raw: { name?: unknown; summary?: unknown; description?: unknown; visibility?: unknown }): Parsed<CollectionInput> {
  return parseWith(schema, { name: raw.name ?? '', summary: raw.summary ?? '', description: raw.description ?? '', visibility: raw.visibility || 'public' })
}

/** A change: only the fields given (undefined = unchanged). */
export function parseCollectionPatch(raw: { name?: unknown; summary?: unknown; description?: unknown; visibility?: unknown }): Parsed<Partial<CollectionInput>> {
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))
  return parseWith(schema.partial(), given)
}

/** The ids after adding (`include`) or removing `projectId`; order kept, no duplicates. */
export function withProject(ids: readonly string[], projectId: string, include: boolean): string[] {
  const kept = [...new Set(ids)].filter((id) => id !== projectId)
  return include ? [...kept, projectId] : kept
}

/** A name search as the dashboard does it: case-insensitive, every word somewhere in the name. */
export function matchesName(name: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const lower = name.toLowerCase()
  return words.every((w) => lower.includes(w))
}

/** Modrinth v3's collection status for our visibility (public collections are `listed`). */
export const v3Status = (visibility: string | null | undefined) => (visibility === 'private' ? 'private' : visibility === 'unlisted' ? 'unlisted' : 'listed')
/** Our visibility for a v3 status (`listed` → public); unknown statuses are refused (undefined). */
export const visibilityOfV3 = (status: string): CollectionVisibility | undefined =>
  status === 'listed' ? 'public' : status === 'unlisted' || status === 'private' ? status : undefined
