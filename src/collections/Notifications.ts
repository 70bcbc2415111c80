import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, ownedByOrAdmin, ownedByOrStaff } from '../access/core/access'
import { idField } from '../fields/id'
import { adminOnlyRule, documentEditors } from '../access/core/rules'
import { isSafeLink } from '../access/social'
import { guarded } from '../access/core/writeRules'

/** Notifications for one user; written by the system (hooks), read and dismissed by their user. */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'user', 'type', 'read', 'createdAt'], group: 'People', listSearchableFields: ['title', 'text'] },
  access: { read: ownedByOrStaff('user'), create: adminOnlyAccess, update: ownedByOrAdmin('user'), delete: ownedByOrAdmin('user') },
  fields: [
    idField,
    // Written by the site; their user may only mark them read.
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, adminOnlyRule),
    guarded({ name: 'type', type: 'text', index: true }, adminOnlyRule),
    guarded({ name: 'title', type: 'text', required: true }, adminOnlyRule),
    guarded({ name: 'text', type: 'textarea' }, adminOnlyRule),
    guarded({ name: 'link', type: 'text', validate: (v: unknown) => isSafeLink(v) || 'Links are site paths or http(s) addresses.' }, adminOnlyRule),
    guarded({ name: 'read', type: 'checkbox', defaultValue: false, index: true }, documentEditors),
    guarded({ name: 'body', type: 'json' }, adminOnlyRule),
    guarded({ name: 'actions', type: 'json' }, adminOnlyRule),
    // Its email (src/lib/notifications/deliver.ts): `pending` until the sender has sent it or skipped it.
    guarded({ name: 'emailStatus', type: 'select', options: ['pending', 'sent', 'skipped', 'failed'], index: true, admin: { readOnly: true } }, adminOnlyRule),
  ],
}
