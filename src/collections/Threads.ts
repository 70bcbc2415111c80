import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, staffOnlyAccess } from '../access/core/access'
import { readThreads } from '../access/social'
import { cascadeThread } from './hooks/cascade'
import { idField } from '../fields/id'
import { staffOnlyRule } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'

/** Conversation threads: a project's moderation thread, a report's thread, or direct messages. */
export const Threads: CollectionConfig = {
  slug: 'threads',
  admin: { useAsTitle: 'id', defaultColumns: ['type', 'project', 'report', 'createdAt'], group: 'Moderation' },
  access: { read: readThreads, create: staffOnlyAccess, update: staffOnlyAccess, delete: adminOnlyAccess },
  hooks: { beforeDelete: [cascadeThread] },
  fields: [
    idField,
    // Threads are made by the site (projects, reports) and by staff.
    guarded({ name: 'type', type: 'select', required: true, options: ['project', 'report', 'direct_message'] }, staffOnlyRule),
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', index: true }, staffOnlyRule),
    guarded({ name: 'report', type: 'relationship', relationTo: 'reports', index: true }, staffOnlyRule),
    guarded({ name: 'members', type: 'relationship', relationTo: 'users', hasMany: true }, staffOnlyRule),
    { name: 'messages', type: 'join', collection: 'thread-messages', on: 'thread', defaultSort: 'createdAt' },
  ],
}
