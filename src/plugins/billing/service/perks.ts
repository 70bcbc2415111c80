import type { Payload } from 'payload'

import { cacheTags, invalidateNow } from '../../../lib/cache'

/**
 * Perks changed (a subscription provisioned or ended): the user's cached public pages (the profile
 * with its Plus badge) are read again. Billing writes in plain SQL, past the collections' hooks that
 * drop cached reads, so it says so itself — after its transaction committed.
 */
export async function perksChanged(payload: Payload, userIds: Iterable<string>): Promise<void> {
  const tags = [...new Set(userIds)].map((id) => cacheTags.user(id))
  if (tags.length) await invalidateNow(payload, tags)
}
