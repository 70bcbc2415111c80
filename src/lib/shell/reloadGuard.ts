/**
 * The reload guard of spec §9: a page may reload itself (a new build, a chunk that failed to load)
 * at most once per path every 10 s, so a broken deployment cannot send the tab into a reload loop.
 * The last reload time of each path lives in sessionStorage: it survives the reload itself but
 * not the tab. Pure: the storage and the clock are passed in.
 */

export const RELOAD_GUARD_MS = 10_000
export const RELOAD_GUARD_KEY = 'shell:reloads'

/** The part of `Storage` the guard uses (sessionStorage in the browser, a map in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>

type ReloadTimes = Record<string, number>

/** The recorded reload times; null when the storage cannot be read (then nothing may reload). */
function readTimes(store: KeyValueStore): ReloadTimes | null {
  let raw: string | null
  try {
    raw = store.getItem(RELOAD_GUARD_KEY)
  } catch {
    return null
  }
  if (!raw) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])))
  } catch {
    return {} // a damaged entry is forgotten, not fatal
  }
}

/** Whether `path` was reloaded less than 10 s before `now`. */
function recentlyReloaded(times: ReloadTimes, path: string, now: number): boolean {
  const last = times[path]
  if (last === undefined) return false
  const age = now - last
  return age >= 0 && age < RELOAD_GUARD_MS
}

/** True when a reload of `path` would be allowed at `now` (without recording one). */
export function mayReload(store: KeyValueStore, path: string, now: number): boolean {
  const times = readTimes(store)
  return times !== null && !recentlyReloaded(times, path, now)
}

/**
 * Records a reload of `path` at `now` and answers true, or answers false when the guard forbids it
 * (reloaded within 10 s) or the storage does not work: without a record the guard could not stop
 * a loop, so no reload is the safe answer.
 */
export function claimReload(store: KeyValueStore, path: string, now: number): boolean {
  const times = readTimes(store)
  if (times === null || recentlyReloaded(times, path, now)) return false
  const kept: ReloadTimes = Object.fromEntries(Object.entries(times).filter(([p]) => recentlyReloaded(times, p, now)))
  kept[path] = now
  try {
    store.setItem(RELOAD_GUARD_KEY, JSON.stringify(kept))
    return true
  } catch {
    return false
  }
}
