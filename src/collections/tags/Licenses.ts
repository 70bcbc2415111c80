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
    // Longer than Payload's default text bound (40,000): the LGPL-3.0 text alone is 41,932 characters.
    { name: 'body', type: 'textarea', maxLength: 100_000, admin: { description: 'Full license text, served by /v2/tag/license/{id}.' } },
  ],
}
