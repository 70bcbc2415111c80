import type { CollectionConfig } from 'payload'

import { newsEditorsOnly, publishedOrEditor } from '../access/common'
import { idField } from '../fields/id'
import { editorial } from '../access/rules/common'
import { guarded } from '../access/writeRules'
import { PRODUCTS } from '../lib/news/products'

export const ChangelogEntries: CollectionConfig = {
  slug: 'changelog-entries',
  labels: { singular: 'Changelog entry', plural: 'Changelog entries' },
  admin: { useAsTitle: 'date', defaultColumns: ['date', 'product', 'version', 'status'], group: 'Editorial' },
  access: { read: publishedOrEditor, create: newsEditorsOnly, update: newsEditorsOnly, delete: newsEditorsOnly },
  defaultSort: '-date',
  fields: [
    idField,
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'product', type: 'select', required: true, options: [...PRODUCTS], index: true },
    { name: 'version', type: 'text', maxLength: 32 },
    { name: 'body', type: 'textarea', required: true, admin: { description: 'Markdown' } },
    guarded({ name: 'status', type: 'select', defaultValue: 'published', options: ['draft', 'published'], admin: { position: 'sidebar' } }, editorial),
  ],
}
