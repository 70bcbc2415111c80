import type { Access } from 'payload'

import { actorOf, isAdmin, isStaff } from './core/roles'

/*
 * Billing (issue 29): a user sees only their own subscriptions, charges and cards; staff see
 * everyone's. Nobody writes these documents through Payload — amounts, statuses, owners and
 * provider ids are the site's (src/plugins/billing/service), changed only by its own code after a
 * payment, a webhook, the user's billing actions or a staff act, each checked there.
 */

/** Own documents (the `user` field) for the user, all for staff. */
export const ownBillingAccess: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  return isStaff(actor) ? true : { user: { equals: actor.id } }
}

/** Staff only: the staff acts and the processed webhook events. */
export const staffBillingAccess: Access = ({ req }) => isStaff(actorOf(req))

/** Products and prices: public to read (the pricing pages show them); administrators set them. */
export const priceEditorsAccess: Access = ({ req }) => isAdmin(actorOf(req))
