import type { CollectionConfig } from 'payload'

import { adminOnly, ownedByOrAdmin, ownedByOrStaff } from '../access/common'
import { idField } from '../fields/id'
import { adminOnly as adminRule, documentEditors } from '../access/rules/common'
import { isSafeLink } from '../access/rules/social'
import { guarded } from '../access/writeRules'

/** Notifications for one user; written by the system (hooks), read and dismissed by their user. */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'user', 'type', 'read', 'createdAt'], group: 'People', listSearchableFields: ['title', 'text'] },
  access: { read: ownedByOrStaff('user'), create: adminOnly, update: ownedByOrAdmin('user'), delete: ownedByOrAdmin('user') },
  fields: [
    idField,
    // Written by the site; their user may only mark them read.
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, adminRule),
    guarded({ name: 'type', type: 'text', index: true }, adminRule),
    guarded({ name: 'title', type: 'text', required: true }, adminRule),
    guarded({ name: 'text', type: 'textarea' }, adminRule),
    guarded({ name: 'link', type: 'text', validate: (v: unknown) => isSafeLink(v) || 'Links are site paths or http(s) addresses.' }, adminRule),
    guarded({ name: 'read', type: 'checkbox', defaultValue: false, index: true }, documentEditors),
    guarded({ name: 'body', type: 'json' }, adminRule),
    guarded({ name: 'actions', type: 'json' }, adminRule),
  ],
}
