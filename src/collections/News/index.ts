import { BlocksFeature, lexicalEditor } from '@payloadcms/richtext-lexical'
import type { CollectionConfig } from 'payload'

import { editorAuthors, editorialRule, newsEditorsAccess, publicImage, publishedOrEditorAccess } from '../../access/editorial'
import { guarded } from '../../access/core/writeRules'
import { articleBlocks } from '../../blocks'
import { handleField } from '../../fields/handle'
import { idField } from '../../fields/id'
import { SLUG_PATTERN } from '../../lib/slugs'
import { draftStatusField, editorialVersions, stampPublishedAt } from '../editorial/drafts'
import { revalidateNews, revalidateNewsOnDelete } from '../editorial/revalidate'
import { newsLivePreview } from '../editorial/newsLivePreview'

export const News: CollectionConfig = {
  slug: 'news',
  labels: { singular: 'News article', plural: 'News articles' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', '_status', 'publishedAt'], group: 'Editorial', listSearchableFields: ['title', 'slug', 'summary'], livePreview: newsLivePreview },
  access: { read: publishedOrEditorAccess, readVersions: newsEditorsAccess, create: newsEditorsAccess, update: newsEditorsAccess, delete: newsEditorsAccess },
  versions: editorialVersions,
  defaultSort: '-publishedAt',
  hooks: { beforeChange: [stampPublishedAt], afterChange: [revalidateNews], afterDelete: [revalidateNewsOnDelete] },
  fields: [
    idField,
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    handleField({ name: 'slug', collection: 'news', pattern: SLUG_PATTERN, patternMessage: 'Slugs are 3–64 URL-safe characters.', takenMessage: 'This slug is already taken.' }),
    { name: 'summary', type: 'textarea', required: true, maxLength: 300 },
    guarded({ name: 'thumbnail', type: 'upload', relationTo: 'images' }, publicImage),
    draftStatusField,
    guarded({ name: 'publishedAt', type: 'date', index: true, admin: { position: 'sidebar', description: 'Set when the article is first published, unless given.' } }, editorialRule),
    // The editor who starts an article is its first author (the form shows it; they may change it).
    guarded({ name: 'authors', type: 'relationship', relationTo: 'users', hasMany: true, defaultValue: ({ user }) => (user ? [user.id] : []), admin: { position: 'sidebar' } }, editorAuthors),
    {
      name: 'content',
      type: 'richText',
      required: true,
      editor: lexicalEditor({ features: ({ defaultFeatures }) => [...defaultFeatures, BlocksFeature({ blocks: articleBlocks })] }),
    },
  ],
}
