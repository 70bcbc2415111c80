import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, nobody } from '../../access/core/access'
import { systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'

/**
 * Access tokens (`mro_…`) issued to applications: the user narrowed to the granted scopes, until
 * they expire or the user revokes the app. Only the sha256 is kept; only the OAuth server writes.
 */
export const OAuthTokens: CollectionConfig = {
  slug: 'oauth-tokens',
  labels: { singular: 'OAuth access token', plural: 'OAuth access tokens' },
  admin: { useAsTitle: 'id', defaultColumns: ['user', 'app', 'expiresAt', 'lastUsed'], group: 'People' },
  access: { read: adminOnlyAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    guarded({ name: 'tokenHash', type: 'text', required: true, unique: true, index: true, admin: { hidden: true }, access: { read: () => false } }, systemOnly),
    guarded({ name: 'app', type: 'relationship', relationTo: 'oauth-apps', required: true, index: true }, systemOnly),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
    guarded({ name: 'scopes', type: 'text', required: true }, systemOnly),
    guarded({ name: 'expiresAt', type: 'date', required: true }, systemOnly),
    guarded({ name: 'lastUsed', type: 'date' }, systemOnly),
  ],
  timestamps: true,
}
