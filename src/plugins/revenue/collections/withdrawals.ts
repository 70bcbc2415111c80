import type { CollectionConfig } from 'payload'

import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'

import { nobody } from '../../../access/core/access'
import { ownWithdrawalsAccess } from '../../../access/revenue'
import { idField } from '../../../fields/id'
import { RAIL_NAMES } from '../../../lib/revenue/fees'

export const WITHDRAWAL_STATUSES = ['inTransit', 'succeeded', 'failed', 'cancelled', 'returned'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

const micro = (name: string, description: string) => ({ name, type: 'number' as const, required: true, admin: { description: `${description} In micro-units of USD (1,000,000 = $1).` } })

/**
 * A creator's withdrawal (issue 30): its id is the rail's idempotency key. Written only by
 * src/plugins/revenue/service/withdraw.ts in the same transaction as its ledger entries; the user
 * reads their own, staff all of them.
 */
export const Withdrawals: CollectionConfig = {
  slug: 'withdrawals',
  admin: { group: 'Revenue', defaultColumns: ['user', 'rail', 'gross', 'status', 'createdAt'] },
  access: { read: ownWithdrawalsAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    // Not required: a deleted account's withdrawals are kept (the user emptied).
    guarded({ name: 'user', type: 'relationship', relationTo: 'users', index: true }, systemOnly),
    { name: 'rail', type: 'select', required: true, options: [...RAIL_NAMES] },
    { name: 'destination', type: 'text', required: true, admin: { description: 'Where the rail pays: an email address, or a gift card’s product.' } },
    micro('gross', 'Taken from the balance.'),
    micro('fee', 'The rail’s fee, out of the gross.'),
    micro('net', 'What the destination receives.'),
    guarded({ name: 'status', type: 'select', required: true, options: [...WITHDRAWAL_STATUSES], index: true }, systemOnly),
    { name: 'reason', type: 'text', admin: { description: 'Why it failed, was cancelled or came back.' } },
    { name: 'railPayoutId', type: 'text', index: true },
    { name: 'settledAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'testMode', type: 'checkbox', defaultValue: false, admin: { description: 'Sent through the test rail: no money moved.' } },
  ],
}
