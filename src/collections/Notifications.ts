import type { CollectionConfig } from 'payload'

import { adminOnly, ownedByOrAdmin, ownedByOrStaff } from '../access/common'
import { idField } from '../fields/id'

/** Notifications for one user; written by the system (hooks), read and dismissed by their user. */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  admin: { useAsTitle: 'title', defaultColumns: ['user', 'type', 'title', 'read', 'createdAt'], group: 'People' },
  access: { read: ownedByOrStaff('user'), create: adminOnly, update: ownedByOrAdmin('user'), delete: ownedByOrAdmin('user') },
  fields: [
    idField,
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'type', type: 'text', index: true },
    { name: 'title', type: 'text', required: true },
    { name: 'text', type: 'textarea' },
    { name: 'link', type: 'text' },
    { name: 'read', type: 'checkbox', defaultValue: false, index: true },
    { name: 'body', type: 'json' },
    { name: 'actions', type: 'json' },
  ],
}
