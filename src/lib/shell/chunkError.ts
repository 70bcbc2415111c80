/**
 * Recognises a failed code-chunk load (spec §8: "Chunk load errors reload the page"). After a
 * redeploy the old build's chunks are gone, so a tab still running the old build fails to load the
 * next one it needs; a fresh page load fetches the new build.
 */

const MESSAGES = [
  /Loading (CSS )?chunk \S+ failed/i, // webpack
  /Failed to load chunk/i, // Turbopack
  /Failed to fetch dynamically imported module/i, // Chromium, native import()
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
]

export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === 'string') return MESSAGES.some((m) => m.test(reason))
  if (!reason || typeof reason !== 'object') return false
  const { name, message } = reason as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message))
}
