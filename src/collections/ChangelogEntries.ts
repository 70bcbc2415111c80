import type { CollectionConfig } from 'payload'

import { newsEditorsAccess, publishedOrEditorAccess } from '../access/editorial'
import { idField } from '../fields/id'
import { PRODUCTS } from '../lib/news/products'
import { changelogLivePreview } from './editorial/changelogLivePreview'
import { draftStatusField, editorialVersions } from './editorial/drafts'
import { revalidateChangelog, revalidateChangelogOnDelete } from './editorial/revalidate'
import { labelled } from '../fields/options'

export const ChangelogEntries: CollectionConfig = {
  slug: 'changelog-entries',
  labels: { singular: 'Changelog entry', plural: 'Changelog entries' },
  admin: { useAsTitle: 'date', defaultColumns: ['date', 'product', 'version', '_status'], group: 'Editorial', livePreview: changelogLivePreview },
  access: { read: publishedOrEditorAccess, readVersions: newsEditorsAccess, create: newsEditorsAccess, update: newsEditorsAccess, delete: newsEditorsAccess },
  versions: editorialVersions,
  defaultSort: '-date',
  hooks: { afterChange: [revalidateChangelog], afterDelete: [revalidateChangelogOnDelete] },
  fields: [
    idField,
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'product', type: 'select', required: true, options: labelled(PRODUCTS, { web: 'Website' }), index: true },
    { name: 'version', type: 'text', maxLength: 32 },
    { name: 'body', type: 'textarea', required: true, admin: { description: 'Markdown' } },
    draftStatusField,
  ],
}
