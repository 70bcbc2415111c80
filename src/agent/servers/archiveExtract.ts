import type { FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

import { Parser, type ReadEntry } from 'tar'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

import { type Dir, openFolder, splitLast } from './confinedDir'
import { FileProblem } from './fileErrors'
import { openRegularFile, readRange, writeFileIn } from './fileSystem'
import { PathEscapeError } from './paths'
import type { Quota } from './storageQuota'

/**
 * Extracts a `.zip`, `.tar`, `.tar.gz` or `.tgz` into its own folder, one entry at a time (nothing
 * is held whole in memory). Each entry's path is checked as a request's would be, and written
 * through the same `Dir`s: an entry with `..` or an absolute path, one that would pass through a
 * link, and every link or device entry are skipped, never created.
 */

export type ArchiveKind = 'tar' | 'zip'

export function archiveKind(name: string): ArchiveKind | null {
  const lower = name.toLowerCase()
  if (lower.endsWith('.zip')) return 'zip'
  if (lower.endsWith('.tar') || lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar'
  return null
}

const badArchive = (why: string) => new FileProblem(400, 'bad_archive', `This archive cannot be read (${why.slice(0, 200)}).`)

/** An entry's names under the folder it is extracted into, or null when it would leave it. */
function entrySegments(name: string): string[] | null {
  if (name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null
  const segments = name.split('/').filter((s) => s !== '' && s !== '.')
  return segments.length && !segments.includes('..') ? segments : null
}

/** Refusals that skip one entry rather than stop the extraction: a link or a file in its way. */
const skipsEntry = (err: unknown) => err instanceof PathEscapeError || (err instanceof FileProblem && (err.status === 404 || err.status === 409))

/** Where entries go, and what they have cost so far (a backup's restore uses it too). */
export class Extraction {
  extracted = 0
  skipped = 0
  private written = 0
  private freed = 0

  constructor(
    private readonly root: Dir,
    private readonly base: readonly string[],
    private readonly room: number,
    private readonly quota: Quota,
  ) {}

  get growth(): number {
    return this.written - this.freed
  }

  skipEntry(): void {
    this.skipped++
  }

  async directory(entryName: string): Promise<void> {
    const segments = entrySegments(entryName)
    if (!segments) return this.skipEntry()
    try {
      await (await openFolder(this.root, [...this.base, ...segments], { create: true })).close()
    } catch (err) {
      if (!skipsEntry(err)) throw err
      this.skipEntry()
    }
  }

  /** Writes a file entry; false when it was skipped (its data left unread). */
  async file(entryName: string, data: () => Promise<AsyncIterable<Uint8Array>>): Promise<boolean> {
    const rel = entrySegments(entryName)
    if (!rel) return (this.skipEntry(), false)
    const segments = [...this.base, ...rel]
    const { parent, name } = splitLast(segments)
    let dir: Dir
    try {
      dir = await openFolder(this.root, parent, { create: true, target: segments })
    } catch (err) {
      if (!skipsEntry(err)) throw err
      return (this.skipEntry(), false)
    }
    try {
      const existing = await dir.lstat(name)
      // A folder or a link where the file would go: left as it is.
      if (existing && !existing.isFile()) return (this.skipEntry(), false)
      const budget = this.room - this.growth + (existing?.size ?? 0)
      this.written += await writeFileIn(dir, name, await data(), budget, () => this.quota.exceeded())
      this.freed += existing?.size ?? 0
      this.extracted++
      return true
    } finally {
      await dir.close()
    }
  }
}

const isFileEntry = (entry: ReadEntry) => entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile'

/** An entry's data, until `stopped` rejects. */
async function* untilStopped(entry: ReadEntry, stopped: Promise<never>): AsyncGenerator<Buffer> {
  const chunks = entry[Symbol.asyncIterator]()
  for (;;) {
    const next = await Promise.race([chunks.next(), stopped])
    if (next.done) return
    yield next.value
  }
}

/**
 * A tar, gzipped or not, read from `handle`. The gunzip is ours rather than the parser's: a Node
 * stream, it keeps backpressure, so no more is inflated than the entries being written can take.
 * `signal` stops it midway (a cancelled restore) with the signal's reason.
 */
export async function readTar(handle: FileHandle, size: number, into: Extraction, signal?: AbortSignal): Promise<void> {
  const magic = Buffer.alloc(2)
  await handle.read(magic, 0, 2, 0)
  const raw = readRange(handle, 0, size)
  const source: Readable = magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(createGunzip()) : raw
  if (source !== raw) raw.on('error', (err) => source.destroy(err))
  const parser = new Parser({ strict: true })
  let failure: unknown = null
  let chain = Promise.resolve()
  // Rejected when the read stops: the entry being written then stops waiting for data that will
  // never come (a destroyed entry's iterator would wait forever).
  let stop: (err: unknown) => void = () => undefined
  const stopped = new Promise<never>((_, reject) => (stop = reject))
  stopped.catch(() => undefined)
  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (failure) return
      failure = err
      reject(err)
      stop(err)
      raw.destroy()
      source.destroy()
    }
    parser.on('entry', (entry: ReadEntry) => {
      // The parser holds the next entry back until this one's data is read, so they go in order.
      chain = chain
        .then(async () => {
          if (failure) return entry.resume()
          if (entry.type === 'Directory') await into.directory(entry.path)
          else if (isFileEntry(entry)) {
            if (await into.file(entry.path, async () => untilStopped(entry, stopped))) return
          } else into.skipEntry() // links (symbolic or hard), devices, FIFOs: never created
          entry.resume()
        })
        .catch(fail)
    })
    parser.on('error', (err: Error) => fail(badArchive(err.message)))
    parser.on('end', () => void chain.then(() => resolve(), fail))
    source.on('error', (err: Error) => fail(badArchive(err.message)))
    if (signal?.aborted) fail(signal.reason)
    signal?.addEventListener('abort', () => fail(signal.reason), { once: true })
  })
  const pump = (async () => {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (failure) return
      if (!parser.write(chunk)) await Promise.race([new Promise((r) => parser.once('drain', r)), done])
    }
    parser.end()
  })()
  try {
    await Promise.all([pump, done])
  } finally {
    // The entry being written stops (see `stopped`); once it has, nothing touches the folders the
    // caller is about to close.
    await chain
  }
}

/** yauzl reads through the handle we opened (O_NOFOLLOW) and leaves closing it to us. */
class HandleReader extends yauzl.RandomAccessReader {
  constructor(private readonly handle: FileHandle) {
    super()
  }
  _readStreamForRange(start: number, end: number): Readable {
    return readRange(this.handle, start, end)
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const settle = (fn: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError)
      fn()
    }
    const onEntry = (entry: Entry) => settle(() => resolve(entry))
    const onEnd = () => settle(() => resolve(null))
    const onError = (err: Error) => settle(() => reject(err))
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError)
    zip.readEntry()
  })
}

const S_IFMT = 0o170000
const S_IFREG = 0o100000

async function readZip(handle: FileHandle, size: number, into: Extraction): Promise<void> {
  // Names are decoded here (decodeStrings off): yauzl would refuse the whole archive for one `..` entry.
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }
  const zip = await yauzl.fromRandomAccessReaderPromise(new HandleReader(handle), size, options).catch((err: Error) => {
    throw badArchive(err.message)
  })
  // Errors reach the reader waiting in nextEntry; between two reads one must not crash the agent.
  zip.on('error', () => undefined)
  try {
    for (;;) {
      const entry = await nextEntry(zip).catch((err: Error) => {
        throw badArchive(err.message)
      })
      if (!entry) return
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false)
      const type = (entry.externalFileAttributes >>> 16) & S_IFMT
      if (name.endsWith('/')) await into.directory(name)
      // Only plain files (type 0: made where there are no Unix modes); links, devices and encrypted entries are skipped.
      else if ((type !== 0 && type !== S_IFREG) || entry.isEncrypted()) into.skipEntry()
      else await into.file(name, () => zip.openReadStreamPromise(entry).catch((err: Error) => Promise.reject(badArchive(err.message))))
    }
  } finally {
    zip.close()
  }
}

/**
 * Extracts the archive at `segments` into its folder; files there are overwritten. Past the plan's
 * storage it stops with 507 (the entries already written stay). Returns the folder and the counts.
 */
export async function extract(root: Dir, quota: Quota, segments: readonly string[]) {
  const { parent, name } = splitLast(segments)
  const kind = archiveKind(name)
  if (!kind) throw new FileProblem(400, 'bad_archive', 'Only .zip, .tar, .tar.gz and .tgz archives can be extracted.')
  const { handle, stat } = await openRegularFile(root, segments)
  const into = new Extraction(root, parent, await quota.room(), quota)
  try {
    if (kind === 'zip') await readZip(handle, stat.size, into)
    else await readTar(handle, stat.size, into)
  } catch (err) {
    // A zip's data that does not match its directory (a bad CRC, a lying size) is a bad archive too.
    if (err instanceof FileProblem || err instanceof PathEscapeError || (err instanceof Error && 'syscall' in err)) throw err
    throw badArchive(err instanceof Error ? err.message : String(err))
  } finally {
    quota.add(into.growth)
    await handle.close()
  }
  return { folder: parent, extracted: into.extracted, skipped: into.skipped }
}
