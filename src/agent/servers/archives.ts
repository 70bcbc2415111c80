import { constants, type Stats } from 'node:fs'
import { type FileHandle, open, readdir, readlink, unlink } from 'node:fs/promises'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'

import { Header, type HeaderData, Pax } from 'tar'

import { type Dir, inspect, openFolder, splitLast, withFolder } from './confinedDir'
import { FileProblem, isErrno, notFound, showPath } from './fileErrors'
import type { Quota } from './storageQuota'

/**
 * `.tar.gz` archives of a server's files. node-tar's own packer walks and opens by path (a folder
 * the game swaps for a link midway would be followed), so the walk here goes through `Dir`s and
 * opens with O_NOFOLLOW, and node-tar encodes the headers. Links are stored as links.
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants
const BLOCK = 512
const READ_CHUNK = 64 * 1024

const two = (n: number) => String(n).padStart(2, '0')

/** `archive-YYYY-MM-DD-HHMMSS.tar.gz` (UTC), then `-2`, `-3`… */
export function archiveName(at: Date, n = 1): string {
  const day = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`
  return `archive-${day}-${time}${n > 1 ? `-${n}` : ''}.tar.gz`
}

function* header(data: HeaderData): Generator<Buffer> {
  const h = new Header(data)
  // A path or link too long for the classic header goes in a PAX header before it.
  if (h.encode()) yield new Pax({ path: data.path, linkpath: data.linkpath, size: data.size, mtime: data.mtime }).encode()
  if (h.block) yield h.block
}

function* zeros(length: number): Generator<Buffer> {
  for (let left = length; left > 0; left -= READ_CHUNK) yield Buffer.alloc(Math.min(left, READ_CHUNK))
}

/** A regular file's header and exactly the bytes it announces, even if the game writes to it meanwhile. */
async function* fileEntry(handle: FileHandle, path: string, st: Stats): AsyncGenerator<Buffer> {
  yield* header({ path, type: 'File', mode: st.mode & 0o7777, size: st.size, mtime: st.mtime })
  let position = 0
  while (position < st.size) {
    const buf = Buffer.alloc(Math.min(READ_CHUNK, st.size - position))
    const { bytesRead } = await handle.read(buf, 0, buf.length, position)
    if (bytesRead === 0) break
    yield buf.subarray(0, bytesRead)
    position += bytesRead
  }
  yield* zeros(st.size - position)
  yield* zeros((BLOCK - (st.size % BLOCK)) % BLOCK)
}

/** `name` in `dir` and, for a folder, all it holds. */
async function* entries(dir: Dir, name: string, prefix: readonly string[]): AsyncGenerator<Buffer> {
  const st = await dir.lstat(name)
  if (!st) return
  const path = [...prefix, name].join('/')
  const common = { mode: st.mode & 0o7777, mtime: st.mtime, size: 0 }
  if (st.isSymbolicLink()) {
    yield* header({ ...common, path, type: 'SymbolicLink', linkpath: await readlink(dir.at(name)) })
  } else if (st.isDirectory()) {
    yield* header({ ...common, path: `${path}/`, type: 'Directory' })
    // Swapped for a link since the lstat: left out.
    const child = await dir.child(name).catch(() => null)
    if (!child) return
    try {
      for (const entry of (await readdir(child.here)).sort()) yield* entries(child, entry, [...prefix, name])
    } finally {
      await child.close()
    }
  } else if (st.isFile()) {
    const handle = await open(dir.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => null)
    if (!handle) return
    try {
      const fst = await handle.stat()
      if (fst.isFile()) yield* fileEntry(handle, path, fst)
    } finally {
      await handle.close()
    }
  }
  // Sockets, FIFOs and devices are not archived.
}

/** The archive's bytes, uncompressed. It is written in `base` while items are strictly inside it, so it is never one of them. */
async function* tarStream(root: Dir, base: readonly string[], items: readonly (readonly string[])[]): AsyncGenerator<Buffer> {
  for (const item of items) {
    const { parent, name } = splitLast(item)
    const dir = await openFolder(root, parent, { target: item })
    try {
      yield* entries(dir, name, item.slice(base.length, -1))
    } finally {
      await dir.close()
    }
  }
  yield Buffer.alloc(2 * BLOCK) // the end-of-archive marker
}

async function createArchiveFile(dir: Dir, at: Date): Promise<{ name: string; handle: FileHandle }> {
  for (let n = 1; n <= 1000; n++) {
    const name = archiveName(at, n)
    try {
      return { name, handle: await open(dir.at(name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644) }
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err
    }
  }
  throw new FileProblem(409, 'conflict', `There are already 1000 archives named ${archiveName(at)} in ${showPath(dir.segments)}.`)
}

/**
 * Packs `items` into a new `.tar.gz` in the folder `base` (default: the first item's folder), with
 * paths relative to it. Stops with 507 (and no archive left) once it outgrows the plan's storage.
 * Returns the archive's path.
 */
export async function compress(root: Dir, quota: Quota, items: readonly (readonly string[])[], directory?: readonly string[], at = new Date()): Promise<string[]> {
  const base = directory ?? splitLast(items[0] ?? []).parent
  for (const item of items) {
    if (item.length <= base.length || !base.every((s, i) => s === item[i])) {
      throw new FileProblem(400, 'bad_request', `${showPath(item)} is not inside ${showPath(base)}, where the archive goes.`)
    }
  }
  for (const item of items) if (!(await inspect(root, item))) throw notFound(item)
  const room = await quota.room()
  return withFolder(root, base, {}, async (dir) => {
    const { name, handle } = await createArchiveFile(dir, at)
    let written = 0
    try {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          written += chunk.length
          if (written > room) return done(quota.exceeded())
          void (async () => {
            for (let off = 0; off < chunk.length; ) off += (await handle.write(chunk, off, chunk.length - off)).bytesWritten
          })().then(() => done(), done)
        },
      })
      await pipeline(Readable.from(tarStream(root, base, items)), createGzip(), sink)
      await handle.close()
    } catch (err) {
      await handle.close().catch(() => undefined)
      await unlink(dir.at(name)).catch(() => undefined)
      throw err
    }
    quota.add(written)
    return [...base, name]
  })
}
