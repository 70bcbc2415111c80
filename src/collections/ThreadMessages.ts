import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, ownedByOrStaff } from '../access/core/access'
import { actorOf } from '../access/core/roles'
import { createThreadMessages, messageReply, messageThread, messageType, readThreadMessages } from '../access/social'
import { idField } from '../fields/id'
import { selfOnCreate, staffOnlyRule, systemOnly } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'
import { notifyReportReply } from './hooks/notifications'

export const MESSAGE_TYPES = ['text', 'status_change', 'thread_closure', 'thread_reopen', 'deleted'] as const

export const ThreadMessages: CollectionConfig = {
  slug: 'thread-messages',
  admin: { useAsTitle: 'text', defaultColumns: ['text', 'thread', 'author', 'type', 'createdAt'], group: 'Records', listSearchableFields: ['text'] },
  access: { read: readThreadMessages, create: createThreadMessages, update: ownedByOrStaff('author'), delete: adminOnlyAccess },
  hooks: {
    beforeChange: [
      ({ data, req, operation }) => {
        // One writes as oneself (the field rules refuse another author, thread or kind of message).
        if (operation === 'create' && !data.author && req.context?.system !== true) data.author = actorOf(req)?.id
        return data
      },
    ],
    afterChange: [notifyReportReply],
  },
  fields: [
    idField,
    guarded({ name: 'thread', type: 'relationship', relationTo: 'threads', required: true, index: true }, messageThread),
    guarded({ name: 'author', type: 'relationship', relationTo: 'users' }, selfOnCreate),
    guarded({ name: 'type', type: 'select', defaultValue: 'text', options: [...MESSAGE_TYPES] }, messageType),
    { name: 'text', type: 'textarea', maxLength: 65536 },
    guarded({ name: 'private', type: 'checkbox', defaultValue: false }, staffOnlyRule),
    guarded({ name: 'replyingTo', type: 'relationship', relationTo: 'thread-messages' }, messageReply),
    // The record of a status change is written by the site.
    guarded({ name: 'oldStatus', type: 'text' }, systemOnly),
    guarded({ name: 'newStatus', type: 'text' }, systemOnly),
  ],
}
