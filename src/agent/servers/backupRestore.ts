import { lstat, mkdir, open, rename, rm } from 'node:fs/promises'

import { Extraction, readTar } from './archiveExtract'
import { inServerFolder } from './confinedDir'
import { quotaExceeded } from './fileErrors'
import type { DataLayout } from './paths'
import type { Quota } from './storageQuota'

/**
 * A backup's restore, in two steps: the archive is extracted into a fresh folder beside the
 * server's (`.restore-<id>`), entry by entry with the file API's confinement (`..`, absolute paths,
 * links and devices skipped — a link the game had planted is not brought back); then that folder
 * is swapped in by two renames, the old one moved aside (`.replaced-<id>`) and removed. A failure
 * before the swap leaves the server's folder untouched.
 */

/** A restore puts back what the server had: the plan's storage is the file API's limit, not this one's. */
const unlimited: Quota = {
  room: async () => Number.POSITIVE_INFINITY,
  reserve: async () => undefined,
  add: () => undefined,
  exceeded: () => quotaExceeded(0),
}

const exists = (p: string) => lstat(p).then(() => true, () => false)

const PROGRESS_EVERY_MS = 250

/**
 * Extracts `archive` into `into` (emptied first). `onProgress` gets the files' bytes written so far,
 * every 250 ms; `signal` stops it midway.
 */
export async function extractBackup(archive: string, into: string, opts: { signal: AbortSignal; onProgress: (bytes: number) => void }): Promise<void> {
  await rm(into, { recursive: true, force: true })
  await mkdir(into)
  const handle = await open(archive, 'r')
  try {
    const { size } = await handle.stat()
    await inServerFolder(into, async (root) => {
      const extraction = new Extraction(root, [], Number.POSITIVE_INFINITY, unlimited)
      const timer = setInterval(() => opts.onProgress(extraction.growth), PROGRESS_EVERY_MS)
      try {
        await readTar(handle, size, extraction, opts.signal)
      } finally {
        clearInterval(timer)
      }
    })
  } finally {
    await handle.close()
  }
}

/** Puts the extracted folder in place of the server's (whose old contents are removed). */
export async function swapIn(layout: DataLayout, id: string): Promise<void> {
  const target = layout.serverDir(id)
  const fresh = layout.restoreDir(id)
  const aside = layout.replacedDir(id)
  await rm(aside, { recursive: true, force: true })
  const hadFolder = await exists(target)
  if (hadFolder) await rename(target, aside)
  try {
    await rename(fresh, target)
  } catch (err) {
    if (hadFolder) await rename(aside, target).catch(() => undefined)
    throw err
  }
  await rm(aside, { recursive: true, force: true })
}

/**
 * At the agent's start, what a restore cut short left: the extraction folder goes; a folder moved
 * aside comes back if the new one never took its place, and goes if it did.
 */
export async function recoverRestore(layout: DataLayout, id: string): Promise<void> {
  const target = layout.serverDir(id)
  const aside = layout.replacedDir(id)
  if (await exists(aside)) {
    if (await exists(target)) await rm(aside, { recursive: true, force: true })
    else await rename(aside, target)
  }
  await rm(layout.restoreDir(id), { recursive: true, force: true })
}

/** Removes whatever a restore of this server has in progress on disk (the server is being removed). */
export async function removeRestoreFolders(layout: DataLayout, id: string): Promise<void> {
  await rm(layout.restoreDir(id), { recursive: true, force: true })
  await rm(layout.replacedDir(id), { recursive: true, force: true })
}
