import { createHash } from 'node:crypto'
import { constants, createReadStream } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'

import type { BackupStore } from './backupStore'
import { FileProblem } from './fileErrors'
import { bytesSoFar, KeyedQueue } from './keyedQueue'

const { O_WRONLY, O_CREAT, O_APPEND, O_NOFOLLOW } = constants

export type ImportChunk = { id: string; uuid: string; size: number; offset: number; sha256: string; name: string | null; createdAt: string; chunk: Buffer }

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })

/**
 * Backups brought from another node (a server moved between nodes keeps its backups): the archive
 * arrives in chunks, as an upload does, into `<uuid>.tar.gz.import` beside the node's own backups,
 * and becomes a ready backup only once whole and its SHA-256 is the one announced. Sending the same
 * backup again resumes it; once ready, a repeat of its last chunk answers complete.
 */
export class BackupImports {
  private readonly queue = new KeyedQueue()

  constructor(
    private readonly store: BackupStore,
    private readonly freeBytes: (dir: string) => Promise<number>,
  ) {}

  receive(input: ImportChunk): Promise<{ offset: number; complete: boolean }> {
    const { id, uuid, size, offset, sha256, chunk } = input
    const part = this.store.importing(id, uuid)
    return this.queue.run(part, async () => {
      const existing = this.store.get(id, uuid)
      if (existing) {
        if (existing.state === 'ready' && existing.sha256 === sha256) return { offset: size, complete: true }
        throw new FileProblem(409, 'conflict', `There is already a backup ${uuid}.`)
      }
      const received = await bytesSoFar(part)
      if (offset !== received) throw new FileProblem(409, 'offset_mismatch', `This backup has ${received} bytes so far: send the chunk at offset ${received}.`, { offset: received })
      if (offset + chunk.length > size) throw new FileProblem(400, 'bad_request', `This chunk goes past the end of the archive (${size} bytes).`)
      await mkdir(this.store.dir(id), { recursive: true })
      if (offset === 0 && (await this.freeBytes(this.store.dir(id))) < size) throw new FileProblem(507, 'no_space', 'No space left for the backup.')
      const handle = await open(part, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o640)
      try {
        for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten
      } finally {
        await handle.close()
      }
      const now = offset + chunk.length
      if (now < size) return { offset: now, complete: false }
      if ((await sha256Of(part)) !== sha256) {
        await rm(part, { force: true })
        throw new FileProblem(400, 'bad_archive', 'The archive’s SHA-256 is not the one announced; send it again.')
      }
      await rename(part, this.store.archive(id, uuid))
      const at = new Date().toISOString()
      await this.store.put(id, {
        uuid,
        name: input.name,
        state: 'ready',
        progress: 100,
        size,
        sha256,
        created_at: input.createdAt,
        finished_at: at,
        reason: null,
        restore_error: null,
        ignore: [],
        content_bytes: null,
      })
      return { offset: now, complete: true }
    })
  }
}
