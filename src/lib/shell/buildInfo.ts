/**
 * The build this server runs (server only). Next writes a new `BUILD_ID` into its dist dir on
 * every `next build`, so a redeploy changes the id; its modification time is the build time.
 */
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { env } from '../env'
import type { BuildInfo } from './buildCheck'

/** What `next dev` (no BUILD_ID file) answers: a constant, so a dev tab never thinks it is stale. */
export const DEVELOPMENT_BUILD: BuildInfo = { id: 'development', timestamp: 0 }

let cached: BuildInfo | null = null

export function currentBuild(): BuildInfo {
  if (cached) return cached
  const file = path.join(process.cwd(), env.distDir(), 'BUILD_ID')
  try {
    const id = readFileSync(file, 'utf8').trim()
    if (!id) return DEVELOPMENT_BUILD
    // The file cannot change under a running production server (a new build means a restart).
    cached = { id, timestamp: Math.floor(statSync(file).mtimeMs) }
    return cached
  } catch {
    return DEVELOPMENT_BUILD
  }
}
