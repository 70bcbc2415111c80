import type { Plugin, TaskConfig } from 'payload'

import { RELEASE_QUEUE } from '../../jobs/queues'
import { env } from '../../lib/env'
import { RevenuePools } from './collections/pools'
import { RevenueStaffActs, RevenueTaxForms } from './collections/records'
import { Withdrawals } from './collections/withdrawals'
import { onBalanceRefund } from '../billing/service/balance'
import { runDaily } from './service/daily'
import { refundPurchase } from './service/purchase'
import { pollInTransit } from './service/withdraw'
import { railWebhookEndpoint } from './webhook'

/**
 * Creator revenue (issue 30, DESIGN.md "Money"): a double-entry ledger in Postgres (migration
 * `revenue_ledger`), fed each closed day from the counted views and downloads of monetized projects
 * (./service/daily.ts), and withdrawals through payout rails (./rails: the test rail without
 * credentials) whose webhook moves the money exactly once; staff holds and their acts, the yearly
 * tax forms, and "Pay Blockforge" (a renewal paid from the balance). Pages live under src/app
 * (/dashboard/revenue…, /admin/revenue…); their reads and actions call ./service.
 */
export const REVENUE_COLLECTIONS = [RevenuePools, Withdrawals, RevenueStaffActs, RevenueTaxForms]

const revenueTask: TaskConfig<'revenueDaily'> = {
  slug: 'revenueDaily',
  label: 'Pay closed days’ revenue into the ledger; ask rails about payouts in transit',
  retries: 0, // the next run finds what this one left
  schedule: [{ cron: env.revenueCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    const days = await runDaily(req.payload)
    const computed = days.filter((d) => d.status === 'computed')
    if (computed.length) req.payload.logger.info({ msg: 'Revenue days paid', days: computed.map((d) => d.day) })
    const settled = await pollInTransit(req.payload)
    if (settled) req.payload.logger.info({ msg: 'Payouts settled by status check', settled })
    return { output: {} }
  },
}

export const revenuePlugin =
  (): Plugin =>
  (config) => {
    // A staff refund of a charge paid with Pay Blockforge goes back to the balance (billing asks; the ledger is ours).
    onBalanceRefund(refundPurchase)
    return {
      ...config,
      // Wrapped by the access guards like every collection (src/plugins/index.ts).
      collections: [...(config.collections ?? []), ...REVENUE_COLLECTIONS],
      endpoints: [...(config.endpoints ?? []), railWebhookEndpoint],
      jobs: { ...config.jobs, tasks: [...(config.jobs?.tasks ?? []), revenueTask as unknown as TaskConfig] },
    }
  }
