import type { CollectionConfig } from 'payload'

import { adminOnly, anyone } from '../access/common'
import { cascadeTeam } from './hooks/cascade'
import { idField } from '../fields/id'

/** A team owns a project or an organization; its members carry the permission bits. */
export const Teams: CollectionConfig = {
  slug: 'teams',
  admin: { useAsTitle: 'id', group: 'People' },
  access: { read: anyone, create: adminOnly, update: adminOnly, delete: adminOnly }, // teams are made by project/organization hooks
  hooks: { beforeDelete: [cascadeTeam] },
  fields: [
    idField,
    { name: 'kind', type: 'select', defaultValue: 'project', options: ['project', 'organization'] },
    { name: 'members', type: 'join', collection: 'team-members', on: 'team', defaultSort: 'ordering' },
  ],
}
