import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

function newestMtime(paths) {
  let newest = 0
  const walk = (p) => {
    if (!existsSync(p)) return
    const s = statSync(p)
    if (s.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e))
    else newest = Math.max(newest, s.mtimeMs)
  }
  paths.forEach(walk)
  return newest
}

/** True when there is no production build or a source file is newer than it. */
export function buildIsStale() {
  const id = path.resolve(process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID')
  if (!existsSync(id)) return true
  return newestMtime(['src', 'messages', 'payload.config.ts', 'next.config.mjs', 'package-lock.json']) > statSync(id).mtimeMs
}
