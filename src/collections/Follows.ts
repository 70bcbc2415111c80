import type { CollectionConfig } from 'payload'

import { nobody, ownedByOrAdmin, ownedByOrStaff, signedIn } from '../access/core/access'
import { actorOf } from '../access/core/roles'
import { idField } from '../fields/id'
import { selfOnCreateOrAdmin } from '../access/core/rules'
import { readableRef } from '../access/fields/references'
import { guarded } from '../access/core/writeRules'
import { followAdded, followRemoved } from './hooks/followerCount'

/** A user following a project. Private to the follower (and staff); the project shows a count. */
export const Follows: CollectionConfig = {
  slug: 'follows',
  admin: { defaultColumns: ['user', 'project', 'createdAt'], group: 'Records' },
  access: { read: ownedByOrStaff('user'), create: signedIn, update: nobody, delete: ownedByOrAdmin('user') },
  indexes: [{ fields: ['user', 'project'], unique: true }],
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        const actor = actorOf(req)
        // One follows as oneself (the `user` rule refuses anyone else, but for admins).
        if (operation === 'create' && data && actor && !data.user) data.user = actor.id
        return data
      },
    ],
    afterChange: [followAdded],
    afterDelete: [followRemoved],
  },
  fields: [
    idField,
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, selfOnCreateOrAdmin),
    // A hidden project cannot be followed by those who cannot see it (it does not exist for them).
    guarded({ name: 'project', type: 'relationship', relationTo: 'projects', required: true, index: true }, readableRef('projects')),
  ],
}
