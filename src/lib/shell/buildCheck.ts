/**
 * New-build detection (spec §4, §7): the page knows the build it was served by and asks
 * `/builds/latest.json` which build the server runs now. Pure: fetch and clock are passed in.
 */
import { fetchWithRetry, type FetchFunction } from './fetchWithRetry'

export const LATEST_BUILD_PATH = '/builds/latest.json'
/** `/builds/meta/{id}.json`: the same answer, for one named build. */
export const buildMetaPath = (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`

/**
 * How often an open tab asks. A deploy is rare and a stale tab still works (the server also
 * refuses to mix builds on navigation), so minutes are enough; it costs one tiny request.
 */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000
/** Coming back to the tab asks at once, unless the last question is younger than this. */
export const VISIBLE_RECHECK_MS = 60_000

export type BuildInfo = { id: string; timestamp: number }

export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (!value || typeof value !== 'object') return null
  const { id, timestamp } = value as Record<string, unknown>
  if (typeof id !== 'string' || id === '' || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null
  return { id, timestamp }
}

/** The poll URL; the `timestamp` query keeps any cache in between from answering an old copy. */
export const latestBuildUrl = (now: number) => `${LATEST_BUILD_PATH}?timestamp=${Math.floor(now)}`

/** `new`: the server runs another build; `unknown`: no usable answer (offline, error), ask later. */
export type BuildCheck = 'current' | 'new' | 'unknown'

export async function checkBuild(fetchFn: FetchFunction, currentId: string, now: number): Promise<BuildCheck> {
  try {
    const res = await fetchWithRetry(fetchFn, latestBuildUrl(now), { cache: 'no-store', headers: { accept: 'application/json' } })
    if (!res.ok) return 'unknown'
    const info = parseBuildInfo(await res.json())
    if (!info) return 'unknown'
    return info.id === currentId ? 'current' : 'new'
  } catch {
    return 'unknown'
  }
}

/** Whether a tab that became visible should ask now (never asked, or asked long enough ago). */
export const shouldCheckOnVisible = (lastCheck: number | null, now: number) => lastCheck === null || now - lastCheck >= VISIBLE_RECHECK_MS
