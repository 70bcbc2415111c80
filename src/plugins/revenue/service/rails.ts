import type { Payload } from 'payload'

import { isRailName, type RailName } from '../../../lib/revenue/fees'
import { railsFor } from '../rails'
import type { PayoutRail } from '../rails/types'
import { receiveRailWebhook } from './webhook'

/** This instance's rails; the test rail's events go through the same webhook handler as real ones. */
export const rails = (payload: Payload): Map<RailName, PayoutRail> =>
  railsFor(payload, async (p, name, raw, headers) => {
    const rail = rails(p).get(name)
    if (rail) await receiveRailWebhook(p, rail, raw, headers)
  })

/** A rail by name, or null when this instance does not offer it. */
export const railFor = (payload: Payload, name: unknown): PayoutRail | null => (isRailName(name) ? (rails(payload).get(name) ?? null) : null)

/** Whether payouts are in test mode (no real rail configured). */
export const payoutTestMode = (payload: Payload): boolean => [...rails(payload).values()].every((r) => r.testMode)
