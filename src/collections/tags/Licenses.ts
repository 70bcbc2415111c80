import type { CollectionConfig } from 'payload'

import { nameIdField } from '../../fields/id'
import { tagAccess } from './tagAccess'

export const Licenses: CollectionConfig = {
  slug: 'licenses',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'id'], group: 'Tags', listSearchableFields: ['name', 'id'] },
  access: tagAccess,
  fields: [
    nameIdField('SPDX identifier'),
    { name: 'name', type: 'text', required: true },
    { name: 'body', type: 'textarea', admin: { description: 'Full license text, served by /v2/tag/license/{id}.' } },
  ],
}
