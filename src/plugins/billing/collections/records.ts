import type { CollectionConfig, Field } from 'payload'

import { nobody } from '../../../access/core/access'
import { ownBillingAccess, staffBillingAccess } from '../../../access/billing'
import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'
import { CURRENCIES } from '../../../lib/billing/currency'
import { INTERVALS } from '../../../lib/billing/intervals'
import { CARD_BRANDS } from '../providers/types'

/*
 * The records of billing: written only by the site's own code (src/plugins/billing/service), read by
 * their owner and by staff. No door writes them (src/access/operations.ts), and every collection's
 * create, update and delete access is `nobody` besides.
 */
const readOnly = { read: ownBillingAccess, create: nobody, update: nobody, delete: nobody }
// Not required: an account's charges, subscriptions and staff acts are kept (the user emptied) when
// the account is deleted; its cards and customer record go with it (../accountDeletion.ts).
const owner: Field = guarded({ name: 'user', type: 'relationship', relationTo: 'users', index: true }, systemOnly)
/** A value only the site's billing code writes (the collections' write access is `nobody` besides). */
const site = <F extends Field>(field: F): F => guarded(field, systemOnly)
const provider: Field = { name: 'provider', type: 'select', required: true, options: ['stripe', 'test'] }
const currency: Field = { name: 'currency', type: 'select', required: true, options: [...CURRENCIES] }
const interval: Field = { name: 'interval', type: 'select', options: [...INTERVALS] }

/** A user's customer record at the payment provider (one per user and provider). */
export const BillingCustomers: CollectionConfig = {
  slug: 'billing-customers',
  graphQL: { singularName: 'BillingCustomer', pluralName: 'BillingCustomers' },
  labels: { singular: 'Billing customer', plural: 'Billing customers' },
  admin: { group: 'Billing', defaultColumns: ['user', 'provider', 'customerId'] },
  access: readOnly,
  indexes: [{ fields: ['user', 'provider'], unique: true }],
  fields: [idField, owner, provider, { name: 'customerId', type: 'text', required: true, unique: true }],
}

/** A saved card (spec §3 "Payment method"): brand, last four, expiry and the primary flag. */
export const PaymentMethods: CollectionConfig = {
  slug: 'payment-methods',
  labels: { singular: 'Payment method', plural: 'Payment methods' },
  admin: { group: 'Billing', useAsTitle: 'last4', defaultColumns: ['user', 'brand', 'last4', 'primary'] },
  access: readOnly,
  fields: [
    idField,
    owner,
    provider,
    { name: 'providerId', type: 'text', required: true, unique: true },
    { name: 'brand', type: 'select', required: true, options: [...CARD_BRANDS] },
    { name: 'last4', type: 'text', required: true },
    { name: 'expMonth', type: 'number', required: true },
    { name: 'expYear', type: 'number', required: true },
    { name: 'primary', type: 'checkbox', defaultValue: false },
  ],
}

/** A subscription to a product at a price (spec §4): its perks are on while it is provisioned. */
export const Subscriptions: CollectionConfig = {
  slug: 'subscriptions',
  admin: { group: 'Billing', defaultColumns: ['user', 'product', 'interval', 'status'] },
  access: readOnly,
  fields: [
    idField,
    owner,
    site({ name: 'product', type: 'relationship', relationTo: 'billing-products', required: true, index: true }),
    site({ name: 'price', type: 'relationship', relationTo: 'billing-prices', required: true }),
    currency,
    { ...interval, required: true },
    site({
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'unprovisioned',
      options: ['provisioned', 'unprovisioned'],
      admin: { description: 'Provisioned: the perks are on (paid, or within the grace after a failed renewal).' },
    }),
    { name: 'endedReason', type: 'select', options: ['cancelled', 'paymentFailed', 'refunded', 'staff'] },
  ],
}

export const CHARGE_STATUSES = ['open', 'processing', 'succeeded', 'failed', 'cancelled', 'expiring'] as const
export const CHARGE_TYPES = ['subscription', 'renewal', 'proration', 'refund', 'oneTime'] as const

/**
 * A charge (Modrinth's model): the next period's is `open` until due; the renewal job moves it to
 * `processing`, the payment to `succeeded` or `failed`. A refund is its own row with a negative
 * amount pointing at the charge it refunds.
 */
export const Charges: CollectionConfig = {
  slug: 'charges',
  admin: { group: 'Billing', defaultColumns: ['user', 'type', 'status', 'amount', 'currency', 'due'] },
  access: readOnly,
  indexes: [{ fields: ['status', 'due'] }],
  fields: [
    idField,
    owner,
    site({ name: 'subscription', type: 'relationship', relationTo: 'subscriptions', index: true }),
    site({ name: 'price', type: 'relationship', relationTo: 'billing-prices' }),
    site({ name: 'type', type: 'select', required: true, options: [...CHARGE_TYPES] }),
    site({ name: 'status', type: 'select', required: true, options: [...CHARGE_STATUSES], index: true }),
    { name: 'amount', type: 'number', required: true, admin: { description: 'Minor units; negative for a refund.' } },
    currency,
    interval,
    { name: 'due', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'periodEnd', type: 'date', admin: { description: 'The end of the period this charge pays for.' } },
    { name: 'lastAttempt', type: 'date' },
    { name: 'attempts', type: 'number', defaultValue: 0 },
    { name: 'provider', type: 'select', options: ['stripe', 'test'] },
    { name: 'paymentId', type: 'text', index: true },
    site({ name: 'method', type: 'relationship', relationTo: 'payment-methods' }),
    { name: 'methodLabel', type: 'text', admin: { description: 'The card as it was when paid (it may be removed later).' } },
    { name: 'failureMessage', type: 'text' },
    site({ name: 'parent', type: 'relationship', relationTo: 'charges', index: true }),
    { name: 'reason', type: 'textarea' },
  ],
}

/** Webhook events already applied: a replay finds its id here and changes nothing. */
export const BillingEvents: CollectionConfig = {
  slug: 'billing-events',
  graphQL: { singularName: 'BillingEvent', pluralName: 'BillingEvents' },
  labels: { singular: 'Webhook event', plural: 'Webhook events' },
  admin: { group: 'Billing', defaultColumns: ['eventId', 'type', 'createdAt'] },
  access: { read: staffBillingAccess, create: nobody, update: nobody, delete: nobody },
  fields: [idField, provider, { name: 'eventId', type: 'text', required: true, unique: true }, site({ name: 'type', type: 'text', required: true })],
}

/** Every staff act on a user's billing, with who did it and why. */
export const BillingStaffActs: CollectionConfig = {
  slug: 'billing-staff-acts',
  graphQL: { singularName: 'BillingStaffAct', pluralName: 'BillingStaffActs' },
  labels: { singular: 'Staff billing act', plural: 'Staff billing acts' },
  admin: { group: 'Billing', defaultColumns: ['act', 'user', 'staff', 'amount', 'createdAt'] },
  access: { read: staffBillingAccess, create: nobody, update: nobody, delete: nobody },
  fields: [
    idField,
    owner,
    site({ name: 'staff', type: 'relationship', relationTo: 'users', required: true }),
    { name: 'act', type: 'select', required: true, options: ['refund', 'cancelNow', 'cancelAtPeriodEnd', 'credit'] },
    site({ name: 'subscription', type: 'relationship', relationTo: 'subscriptions' }),
    site({ name: 'charge', type: 'relationship', relationTo: 'charges' }),
    { name: 'amount', type: 'number' },
    { name: 'days', type: 'number' },
    { name: 'reason', type: 'textarea', required: true },
  ],
}
