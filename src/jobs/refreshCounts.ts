import type { Payload } from 'payload'

import { sqlPool } from '../lib/db/sql'
import { enginesOf } from '../plugins/search/engines'

/** Trending (the last week's counted downloads) into the search index, and expired seen-keys out. */
export async function refreshCounts(payload: Payload): Promise<void> {
  await enginesOf(payload).postgres.refreshTrending()
  await sqlPool(payload).query('DELETE FROM analytics_seen WHERE expires_at < now()')
}
