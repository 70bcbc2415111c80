import type { CollectionConfig } from 'payload'

import { nobody, ownedByOrAdmin } from '../access/core/access'
import { systemOnly } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'
import { PROVIDER_IDS } from '../lib/auth/providers/catalogue'

/**
 * An account at an external provider (GitHub, GitLab, …) linked to a user: signing in there signs
 * them in here. Written only by the site's sign-in and link flows (src/lib/auth/providers), which
 * check who is linking; one provider account belongs to one user.
 */
export const AuthIdentities: CollectionConfig = {
  slug: 'auth-identities',
  labels: { singular: 'Linked sign-in', plural: 'Linked sign-ins' },
  admin: { useAsTitle: 'email', defaultColumns: ['user', 'provider', 'email', 'createdAt'], group: 'People' },
  access: { read: ownedByOrAdmin('user'), create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['provider', 'subject'], unique: true }],
  fields: [
    guarded({ name: 'provider', type: 'select', required: true, options: [...PROVIDER_IDS] }, systemOnly),
    guarded({ name: 'subject', type: 'text', required: true, admin: { description: 'The account id at the provider.' } }, systemOnly),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
    guarded({ name: 'email', type: 'text' }, systemOnly),
  ],
  timestamps: true,
}
