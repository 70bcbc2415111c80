/**
 * Every feature flag the site reads (issue 16, `/flags`): per browser, kept in localStorage. Each
 * one names the storage key, its default and where it takes effect; `/flags` lists them all.
 */
export const FLAGS = [
  // src/lib/shell/developerMode.ts — extra options such as "copy ID" (also toggled from the logo).
  { key: 'developerMode', defaultOn: false },
  // src/components/shell/useBuildWatch.ts — after a redeploy, the next link click loads the new build.
  { key: 'newBuildReload', defaultOn: true },
  // src/components/shell/prefetcher.ts — pages of links near the view are fetched ahead of a click.
  { key: 'routePrefetch', defaultOn: true },
] as const

export type FlagKey = (typeof FLAGS)[number]['key']

export const flagDefault = (key: FlagKey): boolean => FLAGS.find((f) => f.key === key)!.defaultOn

/** A stored value as a flag: 'true' / 'false', anything else (or nothing) is the default. */
export function parseFlag(key: FlagKey, stored: string | null | undefined): boolean {
  if (stored === 'true') return true
  if (stored === 'false') return false
  return flagDefault(key)
}
