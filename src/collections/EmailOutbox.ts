import type { CollectionConfig } from 'payload'

import { nobody, staffOnlyAccess } from '../access/core/access'
import { systemOnly } from '../access/core/rules'
import { guarded } from '../access/core/writeRules'
import { OUTBOX_SLUG } from '../lib/email/outboxAdapter'

/**
 * Mail the site would have sent, when no SMTP server is configured (src/lib/email/outboxAdapter.ts).
 * It holds sign-in links (verification, password reset): staff read it, nobody writes it but the
 * site itself, and staff may clear it.
 */
export const EmailOutbox: CollectionConfig = {
  slug: OUTBOX_SLUG,
  admin: { useAsTitle: 'subject', defaultColumns: ['subject', 'to', 'createdAt'], group: 'System', listSearchableFields: ['subject', 'to'], description: 'Mail kept here because no SMTP server is configured.' },
  access: { read: staffOnlyAccess, create: nobody, update: nobody, delete: staffOnlyAccess },
  fields: [
    guarded({ name: 'to', type: 'text', required: true }, systemOnly),
    guarded({ name: 'subject', type: 'text', required: true }, systemOnly),
    guarded({ name: 'html', type: 'textarea' }, systemOnly),
    guarded({ name: 'text', type: 'textarea' }, systemOnly),
  ],
  timestamps: true,
}
