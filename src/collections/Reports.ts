import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, ownedByOrStaff, signedIn } from '../access/core/access'
import { actorOf } from '../access/core/roles'
import { idField } from '../fields/id'
import { documentEditors, selfOnCreateOrAdmin, staffOnlyRule, systemOnly } from '../access/core/rules'
import { reportedItem, reportedItemType } from '../access/social'
import { guarded } from '../access/core/writeRules'
import { notifyReportClosed } from './hooks/notifications'

/** Reports to moderators about a project, version or user. Seen by the reporter and staff. */
export const Reports: CollectionConfig = {
  slug: 'reports',
  admin: { useAsTitle: 'id', defaultColumns: ['reportType', 'itemType', 'itemId', 'reporter', 'closed', 'createdAt'], group: 'Moderation', listSearchableFields: ['body', 'itemId'] },
  access: { read: ownedByOrStaff('reporter'), create: signedIn, update: ownedByOrStaff('reporter'), delete: adminOnlyAccess },
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        const actor = actorOf(req)
        if (operation === 'create' && data && actor && !data.reporter) data.reporter = actor.id
        return data
      },
    ],
    afterChange: [
      async ({ doc, req, operation }) => {
        if (operation !== 'create' || doc.thread) return doc
        const reporter = typeof doc.reporter === 'string' ? doc.reporter : doc.reporter?.id
        const thread = await req.payload.create({ collection: 'threads', data: { type: 'report', report: doc.id, members: reporter ? [reporter] : [] }, req, overrideAccess: true })
        return req.payload.update({ collection: 'reports', id: doc.id, data: { thread: thread.id }, req, overrideAccess: true })
      },
      notifyReportClosed,
    ],
  },
  fields: [
    idField,
    guarded({ name: 'reportType', type: 'relationship', relationTo: 'report-types', required: true }, documentEditors),
    guarded({ name: 'itemType', type: 'select', required: true, options: ['project', 'version', 'user'] }, reportedItemType),
    guarded({ name: 'itemId', type: 'text', required: true, index: true }, reportedItem),
    // Kept when the reporter's account is deleted (then empty).
    guarded({ name: 'reporter', type: 'relationship', relationTo: 'users', index: true }, selfOnCreateOrAdmin),
    { name: 'body', type: 'textarea', required: true, maxLength: 65536 },
    guarded({ name: 'closed', type: 'checkbox', defaultValue: false, index: true }, staffOnlyRule),
    guarded({ name: 'thread', type: 'relationship', relationTo: 'threads', admin: { readOnly: true } }, systemOnly),
  ],
}
