import type { CollectionConfig } from 'payload'

import { nobody, ownedByOrAdmin } from '../access/core/access'
import { systemOnly } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'

/**
 * What the sessions page shows about each sign-in (spec §3 Session: OS, platform, created, last
 * accessed). The session itself is Payload's (`users.sessions`, checked on every request); this row
 * is keyed by its id and written only by the site at sign-in and on use (src/lib/auth/sessions.ts).
 */
export const SessionDetails: CollectionConfig = {
  slug: 'session-details',
  labels: { singular: 'Session', plural: 'Sessions' },
  admin: { useAsTitle: 'sid', defaultColumns: ['user', 'os', 'platform', 'lastAccessed', 'createdAt'], group: 'People' },
  access: { read: ownedByOrAdmin('user'), create: nobody, update: nobody, delete: nobody },
  fields: [
    guarded({ name: 'sid', type: 'text', required: true, unique: true, index: true }, systemOnly),
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true }, systemOnly),
    guarded({ name: 'os', type: 'text' }, systemOnly),
    guarded({ name: 'platform', type: 'text' }, systemOnly),
    guarded({ name: 'userAgent', type: 'text' }, systemOnly),
    guarded({ name: 'lastAccessed', type: 'date' }, systemOnly),
  ],
  timestamps: true,
}
