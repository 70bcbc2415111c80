import type { CollectionConfig } from 'payload'

import { nobody, ownedByOrAdmin, ownedByOrStaff, signedIn } from '../access/common'
import { actorOf, isAdmin } from '../access/roles'
import { idField } from '../fields/id'
import { followAdded, followRemoved } from './hooks/followerCount'

/** A user following a project. Private to the follower (and staff); the project shows a count. */
export const Follows: CollectionConfig = {
  slug: 'follows',
  admin: { defaultColumns: ['user', 'project', 'createdAt'], group: 'People' },
  access: { read: ownedByOrStaff('user'), create: signedIn, update: nobody, delete: ownedByOrAdmin('user') },
  indexes: [{ fields: ['user', 'project'], unique: true }],
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        const actor = actorOf(req)
        // One follows as oneself; only admins may record a follow for someone else.
        if (operation === 'create' && data && actor && (!isAdmin(actor) || !data.user)) data.user = actor.id
        return data
      },
    ],
    afterChange: [followAdded],
    afterDelete: [followRemoved],
  },
  fields: [
    idField,
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'project', type: 'relationship', relationTo: 'projects', required: true, index: true },
  ],
}
