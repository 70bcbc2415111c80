import type { CollectionConfig } from 'payload'

import { adminOnly, staffOnly } from '../access/common'
import { readThreads } from '../access/social'
import { cascadeThread } from './hooks/cascade'
import { idField } from '../fields/id'

/** Conversation threads: a project's moderation thread, a report's thread, or direct messages. */
export const Threads: CollectionConfig = {
  slug: 'threads',
  admin: { useAsTitle: 'id', defaultColumns: ['type', 'project', 'report', 'createdAt'], group: 'Moderation' },
  access: { read: readThreads, create: staffOnly, update: staffOnly, delete: adminOnly },
  hooks: { beforeDelete: [cascadeThread] },
  fields: [
    idField,
    { name: 'type', type: 'select', required: true, options: ['project', 'report', 'direct_message'] },
    { name: 'project', type: 'relationship', relationTo: 'projects', index: true },
    { name: 'report', type: 'relationship', relationTo: 'reports', index: true },
    { name: 'members', type: 'relationship', relationTo: 'users', hasMany: true },
    { name: 'messages', type: 'join', collection: 'thread-messages', on: 'thread', defaultSort: 'createdAt' },
  ],
}
