import type { CollectionConfig } from 'payload'

import { adminOnly, anyone, signedIn } from '../access/common'
import { idField } from '../fields/id'

/** A team owns a project or an organization; its members carry the permission bits. */
export const Teams: CollectionConfig = {
  slug: 'teams',
  admin: { useAsTitle: 'id', group: 'People' },
  access: { read: anyone, create: signedIn, update: adminOnly, delete: adminOnly },
  fields: [
    idField,
    { name: 'kind', type: 'select', defaultValue: 'project', options: ['project', 'organization'] },
    { name: 'members', type: 'join', collection: 'team-members', on: 'team', defaultSort: 'ordering' },
  ],
}
