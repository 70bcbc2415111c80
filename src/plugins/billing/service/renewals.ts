import type { Payload } from 'payload'

import { GIVE_UP_AFTER_DAYS, GRACE_DAYS, RETRY_AFTER_DAYS } from '../../../lib/billing/intervals'
import { attemptCharge } from './attempt'
import { db, sql } from './db'
import { primaryMethod, type MethodRow } from './methods'
import { perksChanged } from './perks'
import type { ChargeRow } from './rows'

const BATCH = 25
/** A charge left `processing` this long (its runner died mid-payment) is picked up again, same attempt. */
const STUCK_MINUTES = 15

/**
 * One pass of the renewal job (src/plugins/billing, BILLING_CRON):
 * 1. claims due renewals — open ones that fell due, failed ones whose last try is 2 days old (for
 *    30 days), stuck ones — with `FOR UPDATE SKIP LOCKED`, so two runners never claim the same charge,
 *    and pays each with the owner's primary card;
 * 2. ends perks: a cancelled renewal that fell due, a failed one 2 days past due, a trial that
 *    expired; and gives up on a renewal failing for 30 days.
 */
export async function runRenewals(payload: Payload, now = new Date()): Promise<{ charged: number; ended: number }> {
  let charged = 0
  for (;;) {
    const claimed = await db(payload).rows<ChargeRow>(sql`
      UPDATE charges c SET
        status = 'processing',
        attempts = CASE WHEN c.status = 'processing' THEN c.attempts ELSE c.attempts + 1 END,
        last_attempt = ${now}, updated_at = ${now}
      WHERE c.id IN (
        SELECT id FROM charges WHERE type = 'renewal' AND (
          (status = 'open' AND due <= ${now})
          OR (status = 'failed' AND last_attempt <= ${now}::timestamptz - make_interval(days => ${RETRY_AFTER_DAYS}) AND due > ${now}::timestamptz - make_interval(days => ${GIVE_UP_AFTER_DAYS}))
          OR (status = 'processing' AND last_attempt <= ${now}::timestamptz - make_interval(mins => ${STUCK_MINUTES})))
        ORDER BY due LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING c.*`)
    for (const charge of claimed) {
      const method: MethodRow | null = await primaryMethod(payload, charge.user_id)
      await attemptCharge(payload, charge, method, now)
      charged++
    }
    if (claimed.length < BATCH) break
  }
  const ended = await db(payload).rows<{ id: string; user_id: string }>(sql`
    WITH lapsed AS (
      SELECT DISTINCT ON (subscription_id) subscription_id,
        CASE WHEN status = 'failed' THEN 'paymentFailed' ELSE 'cancelled' END AS reason
      FROM charges WHERE type = 'renewal' AND subscription_id IS NOT NULL AND (
        (status IN ('cancelled', 'expiring') AND due <= ${now})
        OR (status = 'failed' AND due <= ${now}::timestamptz - make_interval(days => ${GRACE_DAYS})))
    )
    UPDATE subscriptions s SET status = 'unprovisioned', ended_reason = lapsed.reason::enum_subscriptions_ended_reason, updated_at = ${now}
    FROM lapsed WHERE s.id = lapsed.subscription_id AND s.status = 'provisioned'
    RETURNING s.id, s.user_id`)
  await perksChanged(payload, ended.map((s) => s.user_id))
  await db(payload).rows(sql`
    UPDATE charges SET status = 'cancelled', updated_at = ${now}
    WHERE type = 'renewal' AND status = 'failed' AND due <= ${now}::timestamptz - make_interval(days => ${GIVE_UP_AFTER_DAYS})`)
  return { charged, ended: ended.length }
}
