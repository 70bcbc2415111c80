import type { CollectionConfig, Field } from 'payload'

import { nobody } from '../../../access/core/access'
import { ownServerAccess, serverActsAccess } from '../../../access/hosting'
import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { POWER_STATES, SERVER_STATUSES, SUSPENSION_REASONS } from '../../../lib/hosting/status'

/*
 * A hosted game server (spec §3, §4) and the record of every act on one. Written only by the site's
 * hosting code (../service): the purchase, the reconciler that follows the subscription, and the
 * owner's or staff's acts, each checked there. No door writes them (src/access/operations.ts).
 */
const site = <F extends Field>(field: F): F => guarded(field, systemOnly)

export const Servers: CollectionConfig = {
  slug: 'servers',
  graphQL: { singularName: 'Server', pluralName: 'Servers' },
  admin: { group: 'Servers', useAsTitle: 'name', defaultColumns: ['name', 'owner', 'status', 'node', 'port'] },
  access: { read: ownServerAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    site({ name: 'name', type: 'text', required: true }),
    site({ name: 'owner', type: 'relationship', relationTo: 'users', index: true }),
    site({ name: 'subscription', type: 'relationship', relationTo: 'subscriptions', index: true }),
    site({ name: 'nextSubscription', type: 'relationship', relationTo: 'subscriptions', admin: { description: 'A trial’s paid plan, waiting for its first payment: it takes over from the trial once paid.' } }),
    site({ name: 'product', type: 'relationship', relationTo: 'billing-products', required: true }),
    site({ name: 'region', type: 'relationship', relationTo: 'hosting-regions', required: true }),
    site({ name: 'node', type: 'relationship', relationTo: 'hosting-nodes', index: true }),
    site({ name: 'port', type: 'number' }),
    // Reserved by the owner on the network page (unique across the site); DNS for it is the operator's (README).
    site({ name: 'subdomain', type: 'text', unique: true }),
    site({ name: 'gameVersion', type: 'text', required: true, defaultValue: '1.21.4' }),
    site({ name: 'loader', type: 'text', required: true, defaultValue: 'flying-squid' }),
    site({ name: 'properties', type: 'json' }),
    // The game's heap cap and extra Node flags, `{ heap_mb?, flags? }` (src/lib/hosting/startup.ts); sent to the node, applied at the next start.
    site({ name: 'startup', type: 'json' }),
    // The owner's preferences for this server (src/lib/hosting/preferences.ts).
    site({ name: 'preferences', type: 'json' }),
    // Automated backups every this many hours (3, 6, 12 or 24; empty: off), counted from the last one or from when it was turned on.
    site({ name: 'autoBackupHours', type: 'number' }),
    site({ name: 'autoBackupSince', type: 'date' }),
    site({ name: 'status', type: 'select', required: true, defaultValue: 'unprovisioned', options: [...SERVER_STATUSES], index: true }),
    site({ name: 'suspensionReason', type: 'select', options: [...SUSPENSION_REASONS] }),
    site({ name: 'powerState', type: 'select', defaultValue: 'stopped', options: [...POWER_STATES] }),
    site({ name: 'lastError', type: 'textarea' }),
    site({ name: 'staffReason', type: 'textarea', admin: { description: 'Why staff suspended it, as its owner reads it.' } }),
    site({ name: 'statusChangedAt', type: 'date' }),
  ],
}

export const ServerActs: CollectionConfig = {
  slug: 'server-acts',
  graphQL: { singularName: 'ServerAct', pluralName: 'ServerActs' },
  labels: { singular: 'Server act', plural: 'Server acts' },
  admin: { group: 'Servers', defaultColumns: ['server', 'actor', 'act', 'createdAt'] },
  access: { read: serverActsAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    site({ name: 'server', type: 'relationship', relationTo: 'servers', required: true, index: true }),
    site({ name: 'actor', type: 'relationship', relationTo: 'users', admin: { description: 'Empty: the site itself (billing, the reconciler).' } }),
    site({ name: 'act', type: 'text', required: true }),
    site({ name: 'detail', type: 'json' }),
  ],
}
