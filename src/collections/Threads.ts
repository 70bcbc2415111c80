import type { CollectionConfig } from 'payload'

import { adminOnly, staffOnly } from '../access/common'
import { readThreads } from '../access/social'
import { cascadeThread } from './hooks/cascade'
import { idField } from '../fields/id'
import { staffOnly as staffRule } from '../access/rules/common'
import { guarded } from '../access/writeRules'

/** Conversation threads: a project's moderation thread, a report's thread, or direct messages. */
export const Threads: CollectionConfig = {
  slug: 'threads',
  admin: { useAsTitle: 'id', defaultColumns: ['type', 'project', 'report', 'createdAt'], group: 'Moderation' },
  access: { read: readThreads, create: staffOnly, update: staffOnly, delete: adminOnly },
  hooks: { beforeDelete: [cascadeThread] },
  fields: [
    idField,
    // Threads are made by the site (projects, reports) and by staff.
    guarded({ name: 'type', type: 'select', required: true, options: ['project', 'report', 'direct_message'] }, staffRule),
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', index: true }, staffRule),
    guarded({ name: 'report', type: 'relationship', relationTo: 'reports', index: true }, staffRule),
    guarded({ name: 'members', type: 'relationship', relationTo: 'users', hasMany: true }, staffRule),
    { name: 'messages', type: 'join', collection: 'thread-messages', on: 'thread', defaultSort: 'createdAt' },
  ],
}
