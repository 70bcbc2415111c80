import type { CollectionConfig } from 'payload'

import { nameIdField } from '../../fields/id'
import { tagAccess } from './tagAccess'

export const DonationPlatforms: CollectionConfig = {
  slug: 'donation-platforms',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'id'], group: 'Tags' },
  access: tagAccess,
  fields: [nameIdField('Short name'), { name: 'name', type: 'text', required: true }],
}
