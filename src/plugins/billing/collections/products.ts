import type { CollectionConfig } from 'payload'

import { priceEditorsAccess } from '../../../access/billing'
import { anyone } from '../../../access/core/access'
import { adminOnlyRule } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { CURRENCIES } from '../../../lib/billing/currency'
import { INTERVALS } from '../../../lib/billing/intervals'

/**
 * What can be bought (spec §3 "Product", §9): the premium plan, hosting plans (cpu, ram, swap,
 * storage) and the trial plan (tied to a region). Data, edited by administrators in /admin.
 */
export const BillingProducts: CollectionConfig = {
  slug: 'billing-products',
  graphQL: { singularName: 'BillingProduct', pluralName: 'BillingProducts' },
  labels: { singular: 'Product', plural: 'Products' },
  admin: { useAsTitle: 'name', group: 'Billing', defaultColumns: ['name', 'kind', 'key'] },
  access: { read: anyone, create: priceEditorsAccess, update: priceEditorsAccess, delete: priceEditorsAccess },
  fields: [
    idField,
    { name: 'key', type: 'text', required: true, unique: true, admin: { description: 'Stable name used by the site: plus, server-small, trial …' } },
    { name: 'name', type: 'text', required: true },
    guarded({ name: 'kind', type: 'select', required: true, options: ['plus', 'server', 'trial'] }, adminOnlyRule),
    { name: 'unitary', type: 'checkbox', defaultValue: true, admin: { description: 'One per user at a time.' } },
    { name: 'cpus', type: 'number', min: 0, admin: { condition: (d) => d?.kind !== 'plus' } },
    { name: 'ramMiB', type: 'number', min: 0, admin: { condition: (d) => d?.kind !== 'plus' } },
    { name: 'swapMiB', type: 'number', min: 0, admin: { condition: (d) => d?.kind !== 'plus' } },
    { name: 'storageMiB', type: 'number', min: 0, admin: { condition: (d) => d?.kind !== 'plus' } },
    { name: 'region', type: 'text', admin: { condition: (d) => d?.kind === 'trial', description: 'The region a trial runs in.' } },
  ],
}

/**
 * A product's prices in one currency: integer minor units per interval (Stripe's exponent per
 * currency, src/lib/billing/currency.ts). One row per product and currency.
 */
export const BillingPrices: CollectionConfig = {
  slug: 'billing-prices',
  graphQL: { singularName: 'BillingPrice', pluralName: 'BillingPrices' },
  labels: { singular: 'Price', plural: 'Prices' },
  admin: { useAsTitle: 'currency', group: 'Billing', defaultColumns: ['product', 'currency', 'monthly', 'yearly', 'demo'] },
  access: { read: anyone, create: priceEditorsAccess, update: priceEditorsAccess, delete: priceEditorsAccess },
  indexes: [{ fields: ['product', 'currency'], unique: true }],
  fields: [
    idField,
    guarded({ name: 'product', type: 'relationship', relationTo: 'billing-products', required: true, index: true }, adminOnlyRule),
    { name: 'currency', type: 'select', required: true, options: [...CURRENCIES] },
    ...INTERVALS.map((interval) => ({
      name: interval,
      type: 'number' as const,
      min: 0,
      admin: { step: 1, description: `In minor units (cents for USD). Empty: not sold ${interval}.` },
      validate: (v: number | null | undefined) => v == null || Number.isSafeInteger(v) || 'Amounts are whole minor units (e.g. cents).',
    })),
    { name: 'public', type: 'checkbox', defaultValue: true, admin: { description: 'Offered on the site (unticked: kept for existing subscriptions).' } },
    { name: 'demo', type: 'checkbox', defaultValue: false, admin: { description: 'A demo price converted from USD by a dated table, not a real list price.' } },
  ],
}
