import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, anyone } from '../access/core/access'
import { idField } from '../fields/id'
import { LEGAL_SLUGS } from '../lib/legal'

/**
 * The texts behind /legal/{slug}: one document per page of a fixed list (the routes are fixed, so
 * the slug is a select, not free text). Everyone reads them; only administrators edit them, so the
 * collection's access is the write rule for every field.
 */
export const LegalPages: CollectionConfig = {
  slug: 'legal-pages',
  labels: { singular: 'Legal page', plural: 'Legal pages' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', 'updatedAt'], group: 'Editorial' },
  access: { read: anyone, create: adminOnlyAccess, update: adminOnlyAccess, delete: adminOnlyAccess },
  defaultSort: 'slug',
  fields: [
    idField,
    { name: 'slug', type: 'select', required: true, unique: true, index: true, options: [...LEGAL_SLUGS], admin: { position: 'sidebar' } },
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    { name: 'content', type: 'richText', required: true },
  ],
}
