import { readdir, stat } from 'node:fs/promises'

import { type Dir, inServerFolder } from './confinedDir'
import { type FileProblem, isErrno, quotaExceeded } from './fileErrors'
import type { DataLayout } from './paths'

const MB = 1024 * 1024

/**
 * Bytes under `dir`: files and links by lstat, links never followed, folders opened without
 * following. `skip` leaves out paths (relative to `dir`, as a backup's ignore list names them).
 */
export async function folderBytes(dir: Dir, skip?: (path: string, isDirectory: boolean) => boolean, prefix = ''): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir.here, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (skip?.(rel, entry.isDirectory())) continue
    if (entry.isDirectory()) {
      // Gone or swapped for a link since the readdir: not counted.
      const child = await dir.child(entry.name).catch(() => null)
      if (!child) continue
      try {
        total += await folderBytes(child, skip, rel)
      } finally {
        await child.close()
      }
    } else {
      total += (await dir.lstat(entry.name))?.size ?? 0
    }
  }
  return total
}

/** The partial uploads' bytes (the agent's own folder: plain files, no links). */
async function uploadBytes(dir: string): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return 0
    throw err
  }
  let total = 0
  for (const name of names) total += await stat(`${dir}/${name}`).then((s) => s.size, () => 0)
  return total
}

/** One server's storage, as the file API checks it against the plan. */
export type Quota = {
  /** Bytes that may still be written (0 when already over). */
  room(): Promise<number>
  /** Takes `bytes` from the room, or refuses with 507 when they do not fit. */
  reserve(bytes: number): Promise<void>
  /** Keeps the measure right after writing `bytes` (negative: freeing them) without a new walk. */
  add(bytes: number): void
  exceeded(): FileProblem
}

/**
 * What each server's folder (and its partial uploads) takes, measured by walking it, and kept a
 * few seconds: a world has thousands of files, and an upload sends a chunk every moment.
 */
export class StorageMeter {
  private readonly cache = new Map<string, { bytes: number; at: number }>()

  constructor(
    private readonly layout: DataLayout,
    private readonly ttlMs = 5000,
  ) {}

  async used(id: string): Promise<number> {
    const hit = this.cache.get(id)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.bytes
    const bytes = (await inServerFolder(this.layout.serverDir(id), folderBytes)) + (await uploadBytes(this.layout.uploadsDir(id)))
    this.cache.set(id, { bytes, at: Date.now() })
    return bytes
  }

  /** Measure again next time (after a delete, say). */
  forget(id: string): void {
    this.cache.delete(id)
  }

  quota(id: string, storageMb: number): Quota {
    const limit = storageMb * MB
    const add = (bytes: number) => {
      const hit = this.cache.get(id)
      if (hit) hit.bytes += bytes
    }
    return {
      room: async () => Math.max(0, limit - (await this.used(id))),
      reserve: async (bytes) => {
        if (bytes <= 0) return
        if ((await this.used(id)) + bytes > limit) throw quotaExceeded(storageMb)
        add(bytes)
      },
      add,
      exceeded: () => quotaExceeded(storageMb),
    }
  }
}
