import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { changelogPaths, newsPaths, refreshPaths } from '../../lib/news/revalidate'

type Status = { _status?: string | null }
/**
 * Only what visitors can see matters: a published (or unpublished) document. A draft saved beside a
 * published version looks the same to this hook as an unpublish, and refreshes too (harmless).
 */
const touchesPublic = (doc: Status, previous: Status | undefined) => doc._status === 'published' || previous?._status === 'published'

export const revalidateNews: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
  if (touchesPublic(doc, previousDoc)) refreshPaths(req.payload, newsPaths([doc.slug, previousDoc?.slug]))
  return doc
}

export const revalidateNewsOnDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  if (doc._status === 'published') refreshPaths(req.payload, newsPaths([doc.slug]))
}

export const revalidateChangelog: CollectionAfterChangeHook = ({ doc, previousDoc, req }) => {
  if (touchesPublic(doc, previousDoc)) refreshPaths(req.payload, changelogPaths([doc, previousDoc ?? {}]))
  return doc
}

export const revalidateChangelogOnDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  if (doc._status === 'published') refreshPaths(req.payload, changelogPaths([doc]))
}
