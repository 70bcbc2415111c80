/**
 * Health of the site's generated data: the tag lists (categories, loaders, game versions) that the
 * seed writes and that every search filter, tag label and tag icon is built from. When they cannot
 * be read, or are empty, the site is running without them: that is our "build failure" (spec §2,
 * §8: the banner "shows error codes and the API URL"). Pure: the checks are passed in.
 */

/** One tag list that could not be used, and why (`EMPTY`, `TIMEOUT`, a database or HTTP code). */
export type SiteDataProblem = { source: string; code: string }

/** A check answers how many entries a list has; it throws when the list cannot be read. */
export type SiteDataChecks = Record<string, () => Promise<number>>

export const SITE_DATA_CHECK_TIMEOUT_MS = 3_000
/** A good answer is trusted for minutes; a bad one is asked again soon, so the banner goes once fixed. */
export const SITE_DATA_OK_TTL_MS = 5 * 60_000
export const SITE_DATA_FAILED_TTL_MS = 30_000

class CheckTimeout extends Error {
  code = 'TIMEOUT'
}

/** A short code for an error: a Postgres SQLSTATE or Node errno code, an HTTP status, else its name. */
export function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, status, name, cause } = error as { code?: unknown; status?: unknown; name?: unknown; cause?: unknown }
    if (typeof code === 'string' && code) return code
    if (typeof status === 'number') return String(status)
    if (cause) {
      const inner = errorCode(cause)
      if (inner !== 'UNKNOWN') return inner
    }
    if (typeof name === 'string' && name && name !== 'Error') return name
  }
  return 'UNKNOWN'
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout('check timed out')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Runs every check side by side; the problems found, in the checks' order. */
export async function runSiteDataChecks(checks: SiteDataChecks, timeoutMs = SITE_DATA_CHECK_TIMEOUT_MS): Promise<SiteDataProblem[]> {
  const entries = Object.entries(checks)
  const results = await Promise.allSettled(entries.map(([, check]) => withTimeout(Promise.resolve().then(check), timeoutMs)))
  return results.flatMap((result, i): SiteDataProblem[] => {
    const source = entries[i]![0]
    if (result.status === 'rejected') return [{ source, code: errorCode(result.reason) }]
    return result.value > 0 ? [] : [{ source, code: 'EMPTY' }]
  })
}

/**
 * Remembers the last answer for a while (a good one longer than a bad one) and shares one run
 * between concurrent callers, so rendering a page costs no query most of the time.
 */
export function createSiteDataMonitor(checks: SiteDataChecks, now: () => number = Date.now, timeoutMs = SITE_DATA_CHECK_TIMEOUT_MS) {
  let last: { problems: SiteDataProblem[]; at: number } | null = null
  let running: Promise<SiteDataProblem[]> | null = null
  return {
    async problems(): Promise<SiteDataProblem[]> {
      if (last) {
        const ttl = last.problems.length ? SITE_DATA_FAILED_TTL_MS : SITE_DATA_OK_TTL_MS
        if (now() - last.at < ttl) return last.problems
      }
      running ??= runSiteDataChecks(checks, timeoutMs)
        .then((problems) => {
          last = { problems, at: now() }
          return problems
        })
        .finally(() => {
          running = null
        })
      return running
    },
  }
}
