import type { CollectionConfig } from 'payload'

import { staffOnlyAccess } from '../../access/core/access'
import { actorOf } from '../../access/core/roles'
import { systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { idField } from '../../fields/id'
import { normalHash, NOT_A_HASH } from '../../lib/moderation/technicalReview'

/**
 * Known-malicious files, by hash (hex sha1 or sha512), kept by staff: the scanner flags any upload —
 * or any class or nested archive inside one — whose bytes are listed. A malicious verdict adds the
 * file's own hash here.
 */
export const MaliciousHashes: CollectionConfig = {
  slug: 'malicious-hashes',
  labels: { singular: 'Malicious hash', plural: 'Malicious hashes' },
  admin: { useAsTitle: 'hash', defaultColumns: ['hash', 'reason', 'addedBy', 'createdAt'], group: 'Moderation', listSearchableFields: ['hash', 'reason'] },
  access: { read: staffOnlyAccess, create: staffOnlyAccess, update: staffOnlyAccess, delete: staffOnlyAccess },
  hooks: {
    beforeChange: [
      ({ data, req, operation }) => {
        const actor = actorOf(req)
        if (operation === 'create' && actor && !data.addedBy) data.addedBy = actor.id
        return data
      },
    ],
  },
  fields: [
    idField,
    {
      name: 'hash',
      type: 'text',
      required: true,
      unique: true,
      // Stored lower-case, so a lookup is one equality.
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalHash(value) ?? value : value)] },
      validate: (value: unknown) => (typeof value === 'string' && normalHash(value) ? true : NOT_A_HASH),
      admin: { description: 'The hex sha1 (40 characters) or sha512 (128 characters) of the file.' },
    },
    { name: 'reason', type: 'textarea', maxLength: 2000 },
    guarded({ name: 'addedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true } }, systemOnly),
  ],
}
