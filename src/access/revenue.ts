import type { Access } from 'payload'

import { actorOf, isStaff } from './core/roles'

/*
 * Creator revenue (issue 30). Staff enter the income creators share (the revenue pool, per day or
 * month) in /admin, see everyone's withdrawals, hold or release a balance (each act recorded); a
 * user reads their own withdrawals and tax forms. Nobody writes an amount, a status, a form or an
 * act through Payload: the ledger and its records are the site's (src/plugins/revenue/service),
 * changed only by the daily job, a withdrawal, the rail's webhook and the staff acts of
 * /admin/revenue/{id}.
 */

/** The revenue pool's entries: staff keep them. */
export const revenuePoolAccess: Access = ({ req }) => isStaff(actorOf(req))

/** A user's own revenue records (the `user` field: withdrawals, tax forms); all of them for staff. */
export const ownRevenueRecordsAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  return isStaff(actor) ? true : { user: { equals: actor.id } }
}

/** Withdrawals: the user's own, all for staff. */
export const ownWithdrawalsAccess: Access = ownRevenueRecordsAccess

/** Staff only: the staff acts on balances (hold, release). */
export const staffRevenueAccess: Access = ({ req }) => isStaff(actorOf(req))
