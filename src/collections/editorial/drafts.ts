import type { CollectionConfig, CollectionBeforeChangeHook, SelectField } from 'payload'

import { editorialRule } from '../../access/editorial'
import { guarded } from '../../access/core/writeRules'

/*
 * News articles and changelog entries are written as drafts and published, now or at a set time,
 * through Payload's versions: `_status` is Payload's own field (draft | published); the collection
 * row is the published version, the versions table keeps the drafts. Scheduled publishing is a
 * `schedulePublish` job on Payload's jobs queue (src/jobs runs its queue), which publishes as the
 * editor who scheduled it.
 */
export const editorialVersions: CollectionConfig['versions'] = {
  drafts: { schedulePublish: { timeIntervals: 1 } },
  maxPerDoc: 50,
}

/**
 * Who may publish or unpublish: news editors (and admins). Payload adds `_status` itself; declaring
 * it here only attaches our write rule (Payload merges its own definition — label, options, index,
 * default — into this one, so the options are left to it).
 */
export const draftStatusField = guarded({ name: '_status', type: 'select', options: [] as SelectField['options'], admin: { position: 'sidebar' } } satisfies SelectField, editorialRule)

/** An article's publication date: the moment it is first published, unless the editor set one. */
export const stampPublishedAt: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  // `data` holds only what this write sends (the scheduled job sends `_status` alone).
  const publishedAt = data?.publishedAt === undefined ? originalDoc?.publishedAt : data.publishedAt
  if (data?._status === 'published' && !publishedAt) return { ...data, publishedAt: new Date().toISOString() }
  return data
}
