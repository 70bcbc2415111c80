import type { CollectionConfig } from 'payload'

import { nobody, staffOnlyAccess } from '../../../access/core/access'
import { activeNoticeAccess, ownDismissalAccess } from '../../../access/hosting'
import { staffOnlyRule, systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { NOTICE_LEVELS, NOTICE_TARGETS } from '../../../lib/hosting/notices'

/*
 * Staff notices on server pages (spec §3 "Server notice": id, level, begins, expires, dismissable;
 * issue 32): written by staff in /admin, shown on the pages of the servers they are assigned to —
 * every server, a node's, or chosen ones — while they run; a dismissable one goes away for good
 * for the owner who dismisses it (a dismissal row, written by the site's action only).
 */
export const ServerNotices: CollectionConfig = {
  slug: 'server-notices',
  graphQL: { singularName: 'ServerNotice', pluralName: 'ServerNotices' },
  labels: { singular: 'Server notice', plural: 'Server notices' },
  admin: { group: 'Servers', useAsTitle: 'title', defaultColumns: ['title', 'level', 'assignedTo', 'begins', 'expires'] },
  // Signed-in users read the ones running now (they carry nothing private); staff all of them.
  access: { read: activeNoticeAccess, create: staffOnlyAccess, update: staffOnlyAccess, delete: staffOnlyAccess },
  fields: [
    idField,
    { name: 'level', type: 'select', required: true, defaultValue: 'info', options: [...NOTICE_LEVELS] },
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    { name: 'message', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'begins', type: 'date', required: true, defaultValue: () => new Date().toISOString(), admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'expires', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'Empty: until it is deleted.' } },
    { name: 'dismissable', type: 'checkbox', defaultValue: true },
    { name: 'assignedTo', type: 'select', required: true, defaultValue: 'all', options: [...NOTICE_TARGETS] },
    // Whom it reaches: staff's to choose (the collection's writes are staff-only; the rule says so per field too).
    guarded({ name: 'node', type: 'relationship', relationTo: 'hosting-nodes', admin: { condition: (data) => data?.assignedTo === 'node' } }, staffOnlyRule),
    guarded({ name: 'servers', type: 'relationship', relationTo: 'servers', hasMany: true, admin: { condition: (data) => data?.assignedTo === 'servers' } }, staffOnlyRule),
  ],
}

export const ServerNoticeDismissals: CollectionConfig = {
  slug: 'server-notice-dismissals',
  graphQL: { singularName: 'ServerNoticeDismissal', pluralName: 'ServerNoticeDismissals' },
  labels: { singular: 'Dismissed notice', plural: 'Dismissed notices' },
  admin: { group: 'Records', defaultColumns: ['notice', 'server', 'user', 'createdAt'] },
  access: { read: ownDismissalAccess, create: nobody, update: nobody, delete: nobody },
  // One per notice, server and user: a second dismiss changes nothing.
  indexes: [{ fields: ['notice', 'server', 'user'], unique: true }],
  fields: [
    idField,
    guarded({ name: 'notice', type: 'relationship', relationTo: 'server-notices', required: true, index: true }, systemOnly),
    guarded({ name: 'server', type: 'relationship', relationTo: 'servers', required: true, index: true }, systemOnly),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
  ],
}
