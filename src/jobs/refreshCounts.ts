import type { Payload } from 'payload'

import { cacheTags, invalidateNow } from '../lib/cache'
import { sqlPool } from '../lib/db/sql'
import { enginesOf } from '../plugins/search/engines'

/** Trending (the last week's counted downloads) into the search index, and expired seen-keys out. */
export async function refreshCounts(payload: Payload): Promise<void> {
  await enginesOf(payload).postgres.refreshTrending()
  // The trending sort and the home page's featured projects follow.
  await invalidateNow(payload, [cacheTags.search])
  await sqlPool(payload).query('DELETE FROM analytics_seen WHERE expires_at < now()')
}
