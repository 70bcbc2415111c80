import type { CollectionConfig } from 'payload'

import { nameIdField } from '../../fields/id'
import { tagAccess } from './tagAccess'
import { labelled } from '../../fields/options'

export const GameVersions: CollectionConfig = {
  slug: 'game-versions',
  admin: { useAsTitle: 'id', defaultColumns: ['id', 'versionType', 'date', 'major'], group: 'Tags' },
  access: tagAccess,
  defaultSort: '-date',
  fields: [
    nameIdField('Version'),
    { name: 'versionType', type: 'select', required: true, label: 'Version type', options: labelled(['release', 'snapshot', 'beta', 'alpha']), index: true },
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'major', type: 'checkbox', defaultValue: false },
  ],
}
