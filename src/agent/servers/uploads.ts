import { createHash } from 'node:crypto'
import { constants, createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

import { type Dir, inspect, splitLast, withFolder } from './confinedDir'
import { FileProblem, isErrno } from './fileErrors'
import { bytesSoFar, KeyedQueue } from './keyedQueue'
import { refuseNonFile, writeFileIn } from './fileSystem'
import type { DataLayout } from './paths'
import type { Quota } from './storageQuota'

const { O_WRONLY, O_CREAT, O_APPEND, O_NOFOLLOW } = constants

/** A partial upload nobody has added to for this long is given up. */
export const PART_MAX_AGE_MS = 24 * 60 * 60 * 1000

export type UploadChunk = {
  id: string
  /** Where the file goes, as checked names. */
  segments: readonly string[]
  /** The whole file's bytes. */
  size: number
  offset: number
  chunk: Buffer
}

/**
 * Resumable chunked uploads. The bytes received so far live in `<data>/uploads/<id>/`, outside the
 * server's folder, and move into place only once complete: the game never sees half a file. An
 * upload is named by its path and size, so sending the same file again resumes it.
 */
export class UploadStore {
  private readonly queue = new KeyedQueue()

  constructor(private readonly layout: DataLayout) {}

  private partFile(id: string, segments: readonly string[], size: number): string {
    const key = createHash('sha256').update(`${segments.join('/')}\n${size}`).digest('hex')
    return path.join(this.layout.uploadsDir(id), `${key}.part`)
  }

  /** How many bytes of this upload have arrived (0 when none). */
  received(id: string, segments: readonly string[], size: number): Promise<number> {
    return bytesSoFar(this.partFile(id, segments, size))
  }

  async cancel(id: string, segments: readonly string[], size: number): Promise<void> {
    const part = this.partFile(id, segments, size)
    await this.queue.run(part, () => rm(part, { force: true }))
  }

  /** Adds a chunk; the last one moves the file into place. */
  receive(root: Dir, quota: Quota, upload: UploadChunk): Promise<{ offset: number; complete: boolean }> {
    const { id, segments, size, offset, chunk } = upload
    const part = this.partFile(id, segments, size)
    return this.queue.run(part, async () => {
      splitLast(segments)
      // Refused before a byte is kept: a folder or a link where the file would go, or a link on the way.
      refuseNonFile(await inspect(root, segments), segments)
      const received = await this.received(id, segments, size)
      if (offset !== received) {
        throw new FileProblem(409, 'offset_mismatch', `This upload has ${received} bytes so far: send the chunk at offset ${received}.`, { offset: received })
      }
      if (offset + chunk.length > size) throw new FileProblem(400, 'bad_request', `This chunk goes past the end of the file (${size} bytes).`)
      await quota.reserve(chunk.length)
      try {
        await mkdir(path.dirname(part), { recursive: true })
        const handle = await open(part, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o644)
        try {
          for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten
        } finally {
          await handle.close()
        }
      } catch (err) {
        quota.add(-chunk.length)
        throw err
      }
      const now = offset + chunk.length
      if (now < size) return { offset: now, complete: false }
      await this.place(root, quota, segments, part)
      return { offset: now, complete: true }
    })
  }

  /** Moves a complete upload to where it goes (folders on the way made), replacing a file there. */
  private async place(root: Dir, quota: Quota, segments: readonly string[], part: string): Promise<void> {
    const { parent, name } = splitLast(segments)
    await withFolder(root, parent, { create: true, target: segments }, async (dir) => {
      const existing = await dir.lstat(name)
      refuseNonFile(existing, segments)
      try {
        await rename(part, dir.at(name))
      } catch (err) {
        if (!isErrno(err, 'EXDEV')) throw err
        // The uploads folder is on another disk than the servers': copy in, then drop the part.
        await writeFileIn(dir, name, createReadStream(part))
        await rm(part, { force: true })
      }
      if (existing?.isFile()) quota.add(-existing.size)
    })
  }

  /** Removes partial uploads older than PART_MAX_AGE_MS; returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0
    for (const id of await readdir(this.layout.uploadsRoot).catch(() => [])) {
      const dir = path.join(this.layout.uploadsRoot, id)
      for (const name of await readdir(dir).catch(() => [])) {
        const file = path.join(dir, name)
        const st = await stat(file).catch(() => null)
        if (!st || now - st.mtimeMs <= PART_MAX_AGE_MS) continue
        await rm(file, { force: true })
        removed++
      }
    }
    return removed
  }

  /** The server is removed: so are its partial uploads. */
  async removeServer(id: string): Promise<void> {
    await rm(this.layout.uploadsDir(id), { recursive: true, force: true })
  }
}
