import type { Payload } from 'payload'

import { sqlPool } from '../lib/db/sql'
import { refreshTrending } from '../plugins/search/indexer'

/** Trending (the last week's counted downloads) into the search index, and expired seen-keys out. */
export async function refreshCounts(payload: Payload): Promise<void> {
  await refreshTrending(payload)
  await sqlPool(payload).query('DELETE FROM analytics_seen WHERE expires_at < now()')
}
