import { APIError, type CollectionConfig } from 'payload'

import { anyone, ownedByOrAdmin, signedIn } from '../../access/core/access'
import { actorOf } from '../../access/core/roles'
import { parseScopes, RESTRICTED_SCOPES } from '../../access/core/scopes'
import { documentEditors, selfOnCreate, systemOnly } from '../../access/core/rules'
import { ownImage } from '../../access/fields/references'
import { guarded } from '../../access/core/writeRules'
import { idField } from '../../fields/id'
import { checkRedirectUri } from '../../lib/oauth/redirectUri'
import { hashToken, newClientSecret } from '../../lib/tokens'
import { deleteWhere } from '../hooks/cascade'

/**
 * A third-party application that signs users in through our OAuth 2 provider (src/lib/oauth). Its
 * name, icon, creator and redirect URIs are public (the authorize page shows them to whoever is
 * asked); the client secret is returned once, on creation, and only its sha256 is stored.
 */
export const OAuthApps: CollectionConfig = {
  slug: 'oauth-apps',
  labels: { singular: 'OAuth application', plural: 'OAuth applications' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'createdBy', 'createdAt'], group: 'People', listSearchableFields: ['name'] },
  access: { read: anyone, create: signedIn, update: ownedByOrAdmin('createdBy'), delete: ownedByOrAdmin('createdBy') },
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        if (!data) return data
        const actor = actorOf(req)
        if (operation === 'create' && actor && !data.createdBy) data.createdBy = actor.id
        if (data.maxScopes != null) {
          const bits = parseScopes(data.maxScopes)
          if ((bits & RESTRICTED_SCOPES) !== 0n) throw new APIError('An application cannot ask for scopes that only a session may use.', 400, null, true)
          data.maxScopes = bits.toString()
        }
        return data
      },
    ],
    beforeChange: [
      ({ data, operation, context }) => {
        if (operation !== 'create') return data
        const secret = newClientSecret()
        context.newSecret = secret
        return { ...data, secretHash: hashToken(secret) }
      },
    ],
    afterChange: [({ doc, operation, context }) => (operation === 'create' && context.newSecret ? { ...doc, secret: context.newSecret } : doc)],
    // Removing an app ends every grant made to it: its users' authorizations, codes and tokens.
    beforeDelete: [
      async ({ req, id }) => {
        await deleteWhere(req, 'oauth-tokens', { app: { equals: id } })
        await deleteWhere(req, 'oauth-codes', { app: { equals: id } })
        await deleteWhere(req, 'oauth-authorizations', { app: { equals: id } })
      },
    ],
  },
  fields: [
    idField,
    guarded({ name: 'createdBy', type: 'relationship', relationTo: 'users', index: true, validate: (value: unknown) => (value ? true : 'An application belongs to a user.') }, selfOnCreate),
    { name: 'name', type: 'text', required: true, minLength: 3, maxLength: 255 },
    guarded({ name: 'icon', type: 'upload', relationTo: 'images' }, ownImage),
    { name: 'url', type: 'text', maxLength: 255, validate: (value: unknown) => (!value || /^https?:\/\/[^\s]+$/i.test(String(value)) ? true : 'Enter a web address starting with https://.') },
    { name: 'description', type: 'textarea', maxLength: 255 },
    {
      name: 'redirectUris',
      type: 'array',
      minRows: 1,
      maxRows: 10,
      required: true,
      admin: { description: 'Where users are sent back after deciding; a request must name one of these exactly.' },
      fields: [{ name: 'uri', type: 'text', required: true, maxLength: 2048, validate: (value: unknown) => checkRedirectUri(String(value ?? '')) ?? true }],
    },
    guarded({ name: 'maxScopes', type: 'text', required: true, defaultValue: '0', admin: { description: 'The scopes the app may ask for (bits as a decimal number).' } }, documentEditors),
    guarded({ name: 'secretHash', type: 'text', unique: true, index: true, admin: { hidden: true }, access: { read: () => false } }, systemOnly),
  ],
  timestamps: true,
}
