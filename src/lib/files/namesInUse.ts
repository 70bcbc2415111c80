import type { CollectionSlug, Payload, PayloadRequest, SelectType, Where } from 'payload'

/** The part of an upload document that names its stored files. */
export type StoredFileDoc = {
  id?: string | number | null
  filename?: string | null
  sizes?: Record<string, { filename?: string | null } | null | undefined> | null
}

/** The names a document's files are stored under: its file and its image sizes. */
export function storedNames(doc: StoredFileDoc | null | undefined): string[] {
  if (!doc) return []
  const names = [doc.filename, ...Object.values(doc.sizes ?? {}).map((s) => s?.filename)]
  return [...new Set(names.filter((n): n is string => typeof n === 'string' && n !== ''))]
}

/** The image sizes of an upload collection (their names are where a size's file name is stored). */
const sizesOf = (payload: Payload, collection: string): string[] => {
  const upload = payload.collections[collection as 'images']?.config.upload
  return typeof upload === 'object' && upload ? (upload.imageSizes ?? []).map((s) => s.name) : []
}

/**
 * Which of `names` another document of the collection (any but `exceptId`) stores a file under,
 * as its file or one of its sizes. Such a file is not this document's to remove or overwrite. Read
 * inside the request's transaction when `req` is given.
 */
export async function namesUsedElsewhere(payload: Payload, collection: string, exceptId: string | number | null | undefined, names: string[], req?: PayloadRequest): Promise<Set<string>> {
  const wanted = [...new Set(names)]
  if (!wanted.length) return new Set()
  const sizes = sizesOf(payload, collection)
  const or: Where[] = [{ filename: { in: wanted } }, ...sizes.map((s): Where => ({ [`sizes.${s}.filename`]: { in: wanted } }))]
  const where: Where = exceptId == null ? { or } : { and: [{ id: { not_equals: exceptId } }, { or }] }
  const select: SelectType = sizes.length ? { filename: true, sizes: true } : { filename: true }
  const { docs } = await payload.db.find<StoredFileDoc>({ collection: collection as CollectionSlug, where, select, limit: 0, pagination: false, req })
  const used = new Set<string>()
  for (const doc of docs) for (const name of storedNames(doc)) if (wanted.includes(name)) used.add(name)
  return used
}
