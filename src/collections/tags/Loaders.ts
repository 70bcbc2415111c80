import type { CollectionConfig } from 'payload'

import { nameIdField } from '../../fields/id'
import { PROJECT_TYPES } from '../../lib/projectTypes'
import { tagAccess } from './tagAccess'

export const Loaders: CollectionConfig = {
  slug: 'loaders',
  admin: { useAsTitle: 'id', defaultColumns: ['id', 'supportedProjectTypes'], group: 'Tags' },
  access: tagAccess,
  fields: [
    nameIdField('Name'),
    { name: 'icon', type: 'textarea', admin: { description: 'SVG markup' } },
    { name: 'supportedProjectTypes', type: 'select', hasMany: true, required: true, options: [...PROJECT_TYPES] },
  ],
}
