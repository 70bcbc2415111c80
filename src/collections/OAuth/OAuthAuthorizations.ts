import type { CollectionConfig, Where } from 'payload'

import { nobody, ownedByOrAdmin } from '../../access/core/access'
import { systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { relationId } from '../../lib/ids'
import { deleteWhere } from '../hooks/cascade'

/**
 * A user's consent to an application, with the scopes granted. Written only by the authorize flow
 * (src/lib/oauth), on the user's Authorize; the user revokes it at /settings/authorizations, which
 * ends the tokens the app holds for them.
 */
export const OAuthAuthorizations: CollectionConfig = {
  slug: 'oauth-authorizations',
  labels: { singular: 'Authorized app', plural: 'Authorized apps' },
  admin: { useAsTitle: 'id', defaultColumns: ['user', 'app', 'createdAt'], group: 'People' },
  access: { read: ownedByOrAdmin('user'), create: nobody, update: nobody, delete: ownedByOrAdmin('user') },
  indexes: [{ fields: ['user', 'app'], unique: true }],
  hooks: {
    afterDelete: [
      async ({ req, doc }) => {
        const where: Where = { and: [{ user: { equals: relationId(doc.user) } }, { app: { equals: relationId(doc.app) } }] }
        await deleteWhere(req, 'oauth-tokens', where)
        await deleteWhere(req, 'oauth-codes', where)
      },
    ],
  },
  fields: [
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
    guarded({ name: 'app', type: 'relationship', relationTo: 'oauth-apps', required: true, index: true }, systemOnly),
    guarded({ name: 'scopes', type: 'text', required: true, admin: { description: 'Granted scope bits as a decimal number.' } }, systemOnly),
  ],
  timestamps: true,
}
