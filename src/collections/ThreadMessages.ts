import type { CollectionConfig } from 'payload'

import { adminOnly, ownedByOrStaff, staffField } from '../access/common'
import { actorOf, isStaff } from '../access/roles'
import { createThreadMessages, readThreadMessages } from '../access/social'
import { idField } from '../fields/id'

export const MESSAGE_TYPES = ['text', 'status_change', 'thread_closure', 'thread_reopen', 'deleted'] as const

export const ThreadMessages: CollectionConfig = {
  slug: 'thread-messages',
  admin: { defaultColumns: ['thread', 'author', 'type', 'createdAt'], group: 'Moderation' },
  access: { read: readThreadMessages, create: createThreadMessages, update: ownedByOrStaff('author'), delete: adminOnly },
  hooks: {
    beforeChange: [
      async ({ data, req, operation }) => {
        const actor = actorOf(req)
        if (operation !== 'create' || !actor || isStaff(actor) || req.context?.system === true) return data
        // Non-staff write plain text, as themselves, only into threads they can read.
        data.author = actor.id
        data.type = 'text'
        const thread = typeof data.thread === 'string' ? data.thread : data.thread?.id
        await req.payload.findByID({ collection: 'threads', id: thread, req, user: req.user, overrideAccess: false, depth: 0 })
        return data
      },
    ],
  },
  fields: [
    idField,
    { name: 'thread', type: 'relationship', relationTo: 'threads', required: true, index: true },
    { name: 'author', type: 'relationship', relationTo: 'users' },
    { name: 'type', type: 'select', defaultValue: 'text', options: [...MESSAGE_TYPES] },
    { name: 'text', type: 'textarea', maxLength: 65536 },
    { name: 'private', type: 'checkbox', defaultValue: false, access: { create: staffField, update: staffField } },
    { name: 'replyingTo', type: 'relationship', relationTo: 'thread-messages' },
    { name: 'oldStatus', type: 'text' },
    { name: 'newStatus', type: 'text' },
  ],
}
