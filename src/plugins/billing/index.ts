import type { Plugin, TaskConfig } from 'payload'

import { RELEASE_QUEUE } from '../../jobs/queues'
import { appendHooks, mapCollections } from '../../lib/config/appendHooks'
import { env } from '../../lib/env'
import { billingOnAccountDelete } from './accountDeletion'
import { BillingPrices, BillingProducts } from './collections/products'
import { BillingCustomers, BillingEvents, BillingStaffActs, Charges, PaymentMethods, Subscriptions } from './collections/records'
import { runRenewals } from './service/renewals'
import { webhookEndpoint } from './webhook'

/**
 * Billing (issue 29, DESIGN.md "Money"): products and prices as data, subscriptions and the charges
 * that drive them (our database is the truth), saved cards, the webhook that applies each payment
 * exactly once, and the renewal job. The payment provider is Stripe when a key is set, else test
 * mode (./providers). Pages live under src/app; their reads and actions call ./service.
 */
export const BILLING_COLLECTIONS = [BillingProducts, BillingPrices, BillingCustomers, PaymentMethods, Subscriptions, Charges, BillingEvents, BillingStaffActs]

const renewalsTask: TaskConfig<'billingRenewals'> = {
  slug: 'billingRenewals',
  label: 'Renew subscriptions, retry failed payments, end lapsed perks',
  retries: 0, // the next run finds what this one left
  schedule: [{ cron: env.billingCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    const done = await runRenewals(req.payload)
    if (done.charged || done.ended) req.payload.logger.info({ msg: 'Billing renewals', ...done })
    return { output: {} }
  },
}

export const billingPlugin =
  (): Plugin =>
  (config) => ({
    ...config,
    collections: [
      ...mapCollections(config.collections, (c) => appendHooks(c, { last: { beforeDelete: [billingOnAccountDelete] } }), ['users']),
      // Wrapped by the access guards like every collection (src/plugins/index.ts).
      ...BILLING_COLLECTIONS,
    ],
    endpoints: [...(config.endpoints ?? []), webhookEndpoint],
    jobs: { ...config.jobs, tasks: [...(config.jobs?.tasks ?? []), renewalsTask as unknown as TaskConfig] },
  })
