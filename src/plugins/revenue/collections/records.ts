import type { CollectionConfig, Field } from 'payload'

import { nobody } from '../../../access/core/access'
import { ownRevenueRecordsAccess, staffRevenueAccess } from '../../../access/revenue'
import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { TAX_ID_TYPES } from '../../../lib/revenue/taxForm'

/*
 * Records the revenue service keeps beside the ledger (src/plugins/revenue/service): written by its
 * own SQL only, in the same transaction as what they record — no door writes them
 * (src/access/operations.ts), and every collection's create, update and delete access is `nobody`.
 */

// Not required: a deleted account's records are kept (the user emptied).
const owner: Field = guarded({ name: 'user', type: 'relationship', relationTo: 'users', index: true }, systemOnly)

export const REVENUE_STAFF_ACTS = ['hold', 'release'] as const
export type RevenueStaffAct = (typeof REVENUE_STAFF_ACTS)[number]

/** Every staff act on a user's balance (hold, release), with who did it and why. */
export const RevenueStaffActs: CollectionConfig = {
  slug: 'revenue-staff-acts',
  graphQL: { singularName: 'RevenueStaffAct', pluralName: 'RevenueStaffActs' },
  labels: { singular: 'Staff revenue act', plural: 'Staff revenue acts' },
  admin: { group: 'Revenue', defaultColumns: ['act', 'user', 'staff', 'reason', 'createdAt'] },
  access: { read: staffRevenueAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    owner,
    guarded({ name: 'staff', type: 'relationship', relationTo: 'users' }, systemOnly),
    { name: 'act', type: 'select', required: true, options: [...REVENUE_STAFF_ACTS] },
    { name: 'reason', type: 'textarea', required: true },
  ],
}

/**
 * The tax form a creator gives when a year's withdrawals reach the threshold (REVENUE_TAX_FORM_THRESHOLD):
 * only what the form needs to be identified — the legal name, the country, the kind of taxpayer id
 * and its last four characters (never the whole id), and the date it was signed. One per user and
 * calendar year.
 */
export const RevenueTaxForms: CollectionConfig = {
  slug: 'revenue-tax-forms',
  graphQL: { singularName: 'RevenueTaxForm', pluralName: 'RevenueTaxForms' },
  labels: { singular: 'Tax form', plural: 'Tax forms' },
  admin: { group: 'Revenue', defaultColumns: ['user', 'year', 'legalName', 'country', 'taxIdType', 'signedOn'] },
  access: { read: ownRevenueRecordsAccess, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['user', 'year'], unique: true }],
  fields: [
    idField,
    owner,
    { name: 'year', type: 'number', required: true, admin: { description: 'The calendar year (UTC) of the withdrawals it covers.' } },
    { name: 'legalName', type: 'text', required: true },
    { name: 'country', type: 'text', required: true, admin: { description: 'ISO 3166 alpha-2.' } },
    { name: 'taxIdType', type: 'select', required: true, options: [...TAX_ID_TYPES] },
    { name: 'taxIdLast4', type: 'text', required: true, admin: { description: 'The last four characters of the taxpayer id; the rest is never stored.' } },
    { name: 'signedOn', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly' } } },
  ],
}
