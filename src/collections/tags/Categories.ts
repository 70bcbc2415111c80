import type { CollectionConfig } from 'payload'

import { idField } from '../../fields/id'
import { PROJECT_TYPES } from '../../lib/projectTypes'
import { tagAccess } from './tagAccess'

export const CATEGORY_HEADERS = ['categories', 'features', 'resolutions', 'performance impact'] as const

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'projectType', 'header'], group: 'Tags', listSearchableFields: ['name'] },
  access: tagAccess,
  indexes: [{ fields: ['name', 'projectType'], unique: true }],
  fields: [
    idField,
    { name: 'name', type: 'text', required: true, index: true },
    { name: 'projectType', type: 'select', required: true, options: [...PROJECT_TYPES] },
    { name: 'header', type: 'select', required: true, options: [...CATEGORY_HEADERS] },
    { name: 'icon', type: 'textarea', admin: { description: 'SVG markup' } },
  ],
}
