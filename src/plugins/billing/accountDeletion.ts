import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { hasRunningSubscription } from './service/methods'

/**
 * Deleting an account: refused while a subscription still renews (it would charge a card nobody can
 * manage); otherwise the saved cards and the customer record go, and the charges stay for the books
 * with their user emptied by the database.
 */
export const billingOnAccountDelete: CollectionBeforeDeleteHook = async ({ req, id }) => {
  const userId = String(id)
  if (await hasRunningSubscription(req.payload, userId)) {
    throw new APIError('This account has a subscription that still renews: cancel it in Billing settings first.', 400, null, true)
  }
  await req.payload.delete({ collection: 'payment-methods', where: { user: { equals: userId } }, overrideAccess: true, req })
  await req.payload.delete({ collection: 'billing-customers', where: { user: { equals: userId } }, overrideAccess: true, req })
}
