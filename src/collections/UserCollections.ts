import type { CollectionConfig } from 'payload'

import { ownedByOrAdmin, ownedByOrStaff, signedIn } from '../access/core/access'
import { actorOf } from '../access/core/roles'
import { listUserCollections, readUserCollections } from '../access/social'
import { idField } from '../fields/id'
import { labelled } from '../fields/options'
import { selfOnCreateOrAdmin } from '../access/core/rules'
import { ownImage, readableRef } from '../access/fields/references'
import { guarded } from '../access/core/writeRules'

/** Users' collections of projects ("collection" in the spec; the slug avoids Payload's own word). */
export const UserCollections: CollectionConfig = {
  slug: 'user-collections',
  labels: { singular: 'Collection', plural: 'Collections' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'owner', 'visibility', 'updatedAt'], group: 'Content', listSearchableFields: ['name', 'summary'] },
  access: { read: readUserCollections, create: signedIn, update: ownedByOrStaff('owner'), delete: ownedByOrAdmin('owner') },
  hooks: {
    beforeOperation: [listUserCollections],
    beforeValidate: [
      ({ data, req, operation }) => {
        if (operation === 'create' && data) data.owner ??= actorOf(req)?.id
        return data
      },
    ],
  },
  fields: [
    idField,
    { name: 'name', type: 'text', required: true, minLength: 3, maxLength: 64 },
    { name: 'summary', type: 'text', maxLength: 255 },
    { name: 'description', type: 'textarea', maxLength: 2048 },
    guarded({ name: 'owner', type: 'relationship', relationTo: 'users', required: true, index: true }, selfOnCreateOrAdmin),
    guarded({ name: 'icon', type: 'upload', relationTo: 'images' }, ownImage),
    { name: 'color', type: 'number', min: 0, max: 0xffffff },
    { name: 'visibility', type: 'select', defaultValue: 'public', options: labelled(['public', 'unlisted', 'private']), index: true },
    guarded({ name: 'projects', type: 'relationship', relationTo: 'projects', hasMany: true }, readableRef('projects')),
  ],
}
