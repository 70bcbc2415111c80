import type { CollectionConfig } from 'payload'

import { nobody } from '../../access/core/access'
import { systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'

/**
 * Authorization codes between Authorize and the app's token request: single use, ten minutes, kept
 * as a sha256 with the PKCE challenge. Nobody reads or writes them but the OAuth server.
 */
export const OAuthCodes: CollectionConfig = {
  slug: 'oauth-codes',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    guarded({ name: 'codeHash', type: 'text', required: true, unique: true, index: true }, systemOnly),
    guarded({ name: 'app', type: 'relationship', relationTo: 'oauth-apps', required: true, index: true }, systemOnly),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
    guarded({ name: 'scopes', type: 'text', required: true }, systemOnly),
    guarded({ name: 'redirectUri', type: 'text', required: true }, systemOnly),
    guarded({ name: 'codeChallenge', type: 'text' }, systemOnly),
    guarded({ name: 'codeChallengeMethod', type: 'text' }, systemOnly),
    guarded({ name: 'expiresAt', type: 'date', required: true }, systemOnly),
  ],
  timestamps: true,
}
