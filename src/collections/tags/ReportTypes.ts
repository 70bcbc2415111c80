import type { CollectionConfig } from 'payload'

import { nameIdField } from '../../fields/id'
import { tagAccess } from './tagAccess'

export const ReportTypes: CollectionConfig = {
  slug: 'report-types',
  admin: { useAsTitle: 'id', defaultColumns: ['id', 'description'], group: 'Tags' },
  access: tagAccess,
  fields: [nameIdField('Name'), { name: 'description', type: 'text' }],
}
