import { APIError, type CollectionConfig } from 'payload'

import { ownedByOrAdmin } from '../../access/core/access'
import { actorOf } from '../../access/core/roles'
import { parseScopes, RESTRICTED_SCOPES } from '../../access/core/scopes'
import { idField } from '../../fields/id'
import { documentEditors, selfOnCreate, systemOnly } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { hashToken, newPersonalAccessToken } from '../../lib/tokens'

/**
 * Personal access tokens. The token itself is returned once, on creation (`token` in the response);
 * only its sha256 is stored.
 */
export const AccessTokens: CollectionConfig = {
  slug: 'access-tokens',
  labels: { singular: 'Personal access token', plural: 'Personal access tokens' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'user', 'expiresAt', 'lastUsed'], group: 'People', listSearchableFields: ['name'] },
  access: { read: ownedByOrAdmin('user'), create: ({ req }) => !!actorOf(req), update: ownedByOrAdmin('user'), delete: ownedByOrAdmin('user') },
  hooks: {
    beforeValidate: [
      ({ data, req, operation }) => {
        if (!data) return data
        const actor = actorOf(req)
        // A token is its owner's: made for the signed-in user (the `user` rule refuses anyone else).
        if (operation === 'create' && actor && !data.user) data.user = actor.id
        if (data.scopes != null && (parseScopes(data.scopes) & RESTRICTED_SCOPES) !== 0n)
          throw new APIError('These scopes can only be used by a session, not by a personal access token.', 400, null, true)
        if (data.scopes != null) data.scopes = parseScopes(data.scopes).toString()
        return data
      },
    ],
    beforeChange: [
      ({ data, operation, context }) => {
        if (operation !== 'create') return data
        const token = newPersonalAccessToken()
        context.newToken = token
        return { ...data, tokenHash: hashToken(token) }
      },
    ],
    afterChange: [({ doc, operation, context }) => (operation === 'create' && context.newToken ? { ...doc, token: context.newToken } : doc)],
  },
  fields: [
    idField,
    // Filled from the signed-in user; validated rather than `required` so API callers need not send it.
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', index: true, validate: (value: unknown) => (value ? true : 'A token belongs to a user.') }, selfOnCreate),
    { name: 'name', type: 'text', required: true, minLength: 3, maxLength: 255 },
    guarded({ name: 'scopes', type: 'text', required: true, defaultValue: '0', admin: { description: 'Scope bits as a decimal number.' } }, documentEditors),
    { name: 'expiresAt', type: 'date', required: true },
    guarded({ name: 'lastUsed', type: 'date', admin: { readOnly: true } }, systemOnly),
    guarded({ name: 'tokenHash', type: 'text', unique: true, index: true, admin: { hidden: true }, access: { read: () => false } }, systemOnly),
  ],
}
