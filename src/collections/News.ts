import { BlocksFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { CollectionConfig } from 'payload'

import { newsEditorsOnly, publishedOrEditor } from '../access/common'
import { articleBlocks } from '../blocks'
import { handleField } from '../fields/handle'
import { idField } from '../fields/id'
import { editorial } from '../access/rules/common'
import { guarded } from '../access/writeRules'
import { SLUG_PATTERN } from '../lib/slugs'

export const News: CollectionConfig = {
  slug: 'news',
  labels: { singular: 'News article', plural: 'News articles' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'publishedAt'], group: 'Editorial', listSearchableFields: ['title', 'slug', 'summary'] },
  access: { read: publishedOrEditor, create: newsEditorsOnly, update: newsEditorsOnly, delete: newsEditorsOnly },
  defaultSort: '-publishedAt',
  fields: [
    idField,
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    handleField({ name: 'slug', collection: 'news', pattern: SLUG_PATTERN, patternMessage: 'Slugs are 3–64 URL-safe characters.', takenMessage: 'This slug is already taken.' }),
    { name: 'summary', type: 'textarea', required: true, maxLength: 300 },
    guarded({ name: 'thumbnail', type: 'upload', relationTo: 'images' }, editorial),
    guarded({ name: 'status', type: 'select', defaultValue: 'draft', options: ['draft', 'published'], index: true, admin: { position: 'sidebar' } }, editorial),
    { name: 'publishedAt', type: 'date', index: true, admin: { position: 'sidebar' } },
    guarded({ name: 'authors', type: 'relationship', relationTo: 'users', hasMany: true, admin: { position: 'sidebar' } }, editorial),
    {
      name: 'content',
      type: 'richText',
      required: true,
      editor: lexicalEditor({ features: ({ defaultFeatures }) => [...defaultFeatures, BlocksFeature({ blocks: articleBlocks })] }),
    },
  ],
}
