import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeDeleteHook, type CollectionConfig } from 'payload'

import { systemOnly } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'

import { revenuePoolAccess } from '../../../access/revenue'
import { actorOf } from '../../../access/core/roles'
import { idField } from '../../../fields/id'
import { isDay, MONTH_PATTERN } from '../../../lib/revenue/days'
import { computedDaysIn } from '../service/days'

const isPeriod = (value: unknown): value is string => isDay(value) || (typeof value === 'string' && MONTH_PATTERN.test(value) && Number(value.slice(5)) >= 1 && Number(value.slice(5)) <= 12)

/**
 * A day that is already in the ledger is paid: changing its income afterwards would change nothing
 * (a rerun of the day is a no-op), so the change is refused with the reason instead.
 */
async function refuseComputed(payload: Parameters<typeof computedDaysIn>[0], periods: (string | null | undefined)[]): Promise<void> {
  for (const period of new Set(periods)) {
    if (!period || !isPeriod(period)) continue
    const days = await computedDaysIn(payload, period)
    if (days.length) throw new APIError(`Revenue for ${days[0]}${days.length > 1 ? ` and ${days.length - 1} more day(s)` : ''} of ${period} has been paid out already; its income can no longer change.`, 400, null, true)
  }
}

const refuseChangesToPaidDays: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  await refuseComputed(req.payload, [data.period, operation === 'update' ? originalDoc?.period : null])
  // Who entered it is recorded, and stays what it was.
  data.enteredBy = operation === 'create' ? (actorOf(req)?.id ?? null) : (originalDoc?.enteredBy ?? null)
  return data
}

const refuseDeletingPaidDays: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const doc = await req.payload.findByID({ collection: 'revenue-pools', id, depth: 0, overrideAccess: true, disableErrors: true, req })
  await refuseComputed(req.payload, [doc?.period])
}

/**
 * Income creators share (issue 30): ad or sponsorship income for a day or a whole month, entered by
 * staff in /admin. The daily job adds a day's entries and its share of its month's entries to the
 * day's pool (src/plugins/revenue/service/daily.ts), with the configured share of the day's Plus
 * income.
 */
export const RevenuePools: CollectionConfig = {
  slug: 'revenue-pools',
  graphQL: { singularName: 'RevenuePoolEntry', pluralName: 'RevenuePoolEntries' },
  labels: { singular: 'Pool entry', plural: 'Revenue pool' },
  admin: {
    group: 'Revenue',
    useAsTitle: 'period',
    defaultColumns: ['period', 'amount', 'source', 'enteredBy', 'createdAt'],
    description: 'Income that creators share, for a day or a month. A day is paid out once it has closed; its income cannot change after.',
  },
  access: { read: revenuePoolAccess, create: revenuePoolAccess, update: revenuePoolAccess, delete: revenuePoolAccess },
  hooks: { beforeChange: [refuseChangesToPaidDays], beforeDelete: [refuseDeletingPaidDays] },
  fields: [
    idField,
    {
      name: 'period',
      type: 'text',
      required: true,
      index: true,
      admin: { description: 'A day (2026-11-14) or a whole month (2026-11), in UTC. A month’s amount is spread evenly over its days.' },
      validate: (value: unknown) => isPeriod(value) || 'A day (YYYY-MM-DD) or a month (YYYY-MM).',
    },
    {
      name: 'amount',
      type: 'number',
      required: true,
      min: 0,
      admin: { step: 1, description: 'In US cents: what creators share (after any cut the site keeps).' },
      validate: (value: number | null | undefined) => (value != null && Number.isSafeInteger(value) && value >= 0) || 'A whole number of cents, zero or more.',
    },
    { name: 'source', type: 'select', required: true, defaultValue: 'ads', options: ['ads', 'sponsorship', 'other'] },
    { name: 'note', type: 'textarea' },
    // Set by the hook above from the signed-in staff member; nobody writes it.
    guarded({ name: 'enteredBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true, position: 'sidebar' } }, systemOnly),
  ],
}
