'use client'

import { useBuildWatch } from './useBuildWatch'
import { useChunkErrorReload } from './useChunkErrorReload'

/**
 * The client shell of spec §4, §7, §8: watches for a new build (the next navigation then loads it)
 * and reloads the page when a code chunk fails to load. Renders nothing; `buildId` is the build
 * that rendered this page (the server layout passes it).
 */
export function ClientShell({ buildId }: { buildId: string }) {
  useBuildWatch(buildId)
  useChunkErrorReload()
  return null
}
