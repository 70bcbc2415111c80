import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { createGzip } from 'node:zlib'

import { inServerFolder } from './confinedDir'
import { folderTarStream, pipeTar } from './tarWalk'

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants

/** Where an archive's bytes go: a file in the agent's backups folder (a test wraps it to be slow or full). */
export type ArchiveSink = {
  write(chunk: Buffer): Promise<void>
  /** `keep`: the archive is whole, make it durable first. */
  close(keep: boolean): Promise<void>
}

export async function openFileSink(file: string): Promise<ArchiveSink> {
  const handle = await open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o640)
  return {
    write: async (chunk) => {
      for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten
    },
    close: async (keep) => {
      try {
        if (keep) await handle.datasync()
      } finally {
        await handle.close()
      }
    },
  }
}

export type MadeArchive = { size: number; sha256: string; contentBytes: number }

export type ArchiveJob = {
  serverDir: string
  /** Written here, renamed to `archive` once whole: no half archive ever carries the final name. */
  partial: string
  archive: string
  skip: (path: string, isDirectory: boolean) => boolean
  signal: AbortSignal
  openSink: (file: string) => Promise<ArchiveSink>
  /** Each piece of a file's content archived (progress). */
  onFileBytes: (bytes: number) => void
}

/**
 * Archives the whole server folder into a `.tar.gz` with the file API's confined walk (links
 * stored as links, never followed), hashing the bytes as they are written. On any failure or
 * abort the partial file is removed and the error thrown.
 */
export async function writeFolderArchive(job: ArchiveJob): Promise<MadeArchive> {
  const hash = createHash('sha256')
  let size = 0
  let contentBytes = 0
  await rm(job.partial, { force: true })
  const sink = await job.openSink(job.partial)
  let closed = false
  try {
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        size += chunk.length
        sink.write(chunk).then(() => done(), done)
      },
    })
    const onFileBytes = (bytes: number) => {
      contentBytes += bytes
      job.onFileBytes(bytes)
    }
    await inServerFolder(job.serverDir, (root) => pipeTar(folderTarStream(root, { skip: job.skip, onFileBytes }), createGzip(), out, job.signal))
    closed = true
    await sink.close(true)
    await rename(job.partial, job.archive)
    return { size, sha256: hash.digest('hex'), contentBytes }
  } catch (err) {
    if (!closed) await sink.close(false).catch(() => undefined)
    await rm(job.partial, { force: true }).catch(() => undefined)
    throw err
  }
}
