import type { Payload } from 'payload'

import { cacheTags, invalidateNow } from '../cache'
import { throttledAnnouncer } from '../cache/throttle'
import { sqlPool } from '../db/sql'
import { countDay, countWindowMs, seenKey, type CountKind } from './window'

export type CountInput = { projectId: string; versionId?: string; address: string; at?: Date; windowMs?: number }

/*
 * One statement per count, so nothing is lost or doubled under concurrency: the seen-key insert decides
 * (a key still in its window conflicts and inserts nothing), and every other write runs only when it
 * did — the day's row (an upsert adding one) and, for downloads, the version's, the project's and the
 * search entry's figures (each `+ 1` under its row lock), with the search change logged for the
 * in-memory indexes (src/plugins/search/memory).
 */
/** The seen-key: inserted (or renewed once its window is over) only by the first request of a window. */
const FRESH = `WITH fresh AS (
  INSERT INTO analytics_seen AS s (key, expires_at) VALUES ($1, $2::timestamptz + $3 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE s.expires_at <= $2::timestamptz
  RETURNING 1
)`

const DOWNLOAD_SQL = `
${FRESH}, daily AS (
  INSERT INTO analytics_daily AS d (kind, project_id, version_id, day, count)
  SELECT 'download', $4, $5, $6::date, 1 FROM fresh
  ON CONFLICT (kind, project_id, version_id, day) DO UPDATE SET count = d.count + 1
  RETURNING 1
), version AS (
  UPDATE versions SET downloads = COALESCE(downloads, 0) + 1 WHERE id = $5 AND EXISTS (SELECT 1 FROM fresh) RETURNING 1
), project AS (
  UPDATE projects SET downloads = COALESCE(downloads, 0) + 1 WHERE id = $4 AND EXISTS (SELECT 1 FROM fresh) RETURNING 1
), search AS (
  UPDATE search_projects SET downloads = downloads + 1 WHERE project_id = $4 AND EXISTS (SELECT 1 FROM fresh) RETURNING project_id
), logged AS (
  INSERT INTO search_changes (project_id) SELECT project_id FROM search
)
SELECT EXISTS (SELECT 1 FROM fresh) AS counted`

const VIEW_SQL = `
${FRESH}, daily AS (
  INSERT INTO analytics_daily AS d (kind, project_id, version_id, day, count)
  SELECT 'view', $4, '', $5::date, 1 FROM fresh
  ON CONFLICT (kind, project_id, version_id, day) DO UPDATE SET count = d.count + 1
  RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM fresh) AS counted`

async function count(payload: Payload, kind: CountKind, input: CountInput): Promise<boolean> {
  const at = input.at ?? new Date()
  const windowMs = input.windowMs ?? countWindowMs()
  const subject = kind === 'download' ? (input.versionId ?? '') : input.projectId
  const key = seenKey(payload.secret, kind, subject, input.address)
  const params = kind === 'download'
    ? [key, at.toISOString(), windowMs, input.projectId, input.versionId ?? '', countDay(at)]
    : [key, at.toISOString(), windowMs, input.projectId, countDay(at)]
  const { rows } = await sqlPool(payload).query<{ counted: boolean }>(kind === 'download' ? DOWNLOAD_SQL : VIEW_SQL, params)
  pruneSeen(payload, at)
  return rows[0]?.counted === true
}

/**
 * Cached project pages, `/v2` reads and search pages show the new count within a few seconds
 * (src/lib/cache/throttle.ts): a busy site's downloads would otherwise drop every kept search page
 * many times a second.
 */
let announceDownloads: ((tag: string) => void) | null = null

/** Counts a download of a version's file by an address; true when it counted (first in its window). */
export async function countDownload(payload: Payload, input: CountInput & { versionId: string }): Promise<boolean> {
  const counted = await count(payload, 'download', input)
  if (counted) {
    announceDownloads ??= throttledAnnouncer((tag) => invalidateNow(payload, [tag]), 5_000)
    announceDownloads(cacheTags.project(input.projectId))
    announceDownloads(cacheTags.search)
  }
  return counted
}

/** Counts a view of a project's page by an address; true when it counted. */
export const countView = (payload: Payload, input: CountInput) => count(payload, 'view', input)

const PRUNE_EVERY_MS = 10 * 60_000
let lastPrune = 0

/** Seen-keys past their window are dropped now and then (a key past it is reusable anyway). */
function pruneSeen(payload: Payload, at: Date): void {
  if (at.getTime() - lastPrune < PRUNE_EVERY_MS) return
  lastPrune = at.getTime()
  void sqlPool(payload)
    .query('DELETE FROM analytics_seen WHERE expires_at < $1', [at.toISOString()])
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not prune analytics seen-keys' }))
}
