import { randomBytes } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises'
import { Readable } from 'node:stream'

import { type Dir, inspect, splitLast, withFolder } from './confinedDir'
import { alreadyExists, FileProblem, isAFolder, isErrno, notFound, showPath, symlinkInTheWay } from './fileErrors'
import type { Quota } from './storageQuota'

/**
 * The file API's operations on one server's folder (src/agent/server.ts lists them). Paths come as
 * checked names (`requestSegments`); every step goes through a `Dir`, so no symlink the game
 * planted is ever followed: a link is listed, renamed or removed as a link, never opened.
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants

export const MAX_TEXT_BYTES = 1024 * 1024
/** A file whose first 8 KiB hold a NUL is taken for binary (as git does). */
const TEXT_SNIFF_BYTES = 8192

export type EntryType = 'file' | 'directory' | 'symlink' | 'other'
export type FileEntry = { name: string; type: EntryType; size: number; modified: string }

export const entryType = (st: Stats): EntryType =>
  st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : st.isFile() ? 'file' : 'other'

const stamp = (st: Stats) => ({ size: st.isDirectory() ? 0 : st.size, modified: st.mtime.toISOString() })

/** The folder's entries, folders first, then by name. */
export async function listFolder(root: Dir, segments: readonly string[]): Promise<FileEntry[]> {
  const st = await inspect(root, segments)
  if (!st) throw notFound(segments)
  if (st.isSymbolicLink()) throw symlinkInTheWay(segments)
  if (!st.isDirectory()) throw new FileProblem(400, 'bad_request', `${showPath(segments)} is a file, not a folder.`)
  return withFolder(root, segments, {}, async (dir) => {
    const entries: FileEntry[] = []
    for (const name of await readdir(dir.here)) {
      const entry = await dir.lstat(name)
      if (entry) entries.push({ name, type: entryType(entry), ...stamp(entry) })
    }
    const rank = (e: FileEntry) => (e.type === 'directory' ? 0 : 1)
    return entries.sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  })
}

/**
 * `name` in `dir`, opened for reading without following a link (O_NOFOLLOW: ELOOP on one) and
 * without blocking on a FIFO the game may have put there (O_NONBLOCK). Check what it is with the
 * handle's stat; the caller closes it.
 */
export const openForReading = (dir: Dir, name: string): Promise<FileHandle> => open(dir.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK)

/** A regular file, opened with `openForReading`. The caller closes it. */
export async function openRegularFile(root: Dir, segments: readonly string[]): Promise<{ handle: FileHandle; stat: Stats }> {
  const { parent, name } = splitLast(segments)
  return withFolder(root, parent, { target: segments }, async (dir) => {
    let handle: FileHandle
    try {
      handle = await openForReading(dir, name)
    } catch (err) {
      if (isErrno(err, 'ENOENT')) throw notFound(segments)
      if (isErrno(err, 'ELOOP')) throw symlinkInTheWay(segments)
      throw err
    }
    const stat = await handle.stat()
    if (stat.isFile()) return { handle, stat }
    await handle.close()
    throw new FileProblem(400, 'bad_request', stat.isDirectory() ? `${showPath(segments)} is a folder.` : `${showPath(segments)} is not a regular file.`)
  })
}

/**
 * Bytes `start` to `end` (exclusive) of an open file, read by position. Unlike the handle's own
 * createReadStream, destroying it midway (a zip reader does) leaves the handle open for the rest.
 */
export function readRange(handle: FileHandle, start: number, end: number): Readable {
  let position = start
  return new Readable({
    read(size) {
      const length = Math.min(size, end - position)
      if (length <= 0) return void this.push(null)
      handle.read(Buffer.alloc(length), 0, length, position).then(
        ({ bytesRead, buffer }) => {
          position += bytesRead
          this.push(bytesRead ? buffer.subarray(0, bytesRead) : null)
        },
        (err: Error) => this.destroy(err),
      )
    },
  })
}

/** Reads up to `length` bytes from the start (fewer when the file shrank meanwhile). */
async function readStart(handle: FileHandle, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  let filled = 0
  while (filled < length) {
    const { bytesRead } = await handle.read(buf, filled, length - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buf.subarray(0, filled)
}

export async function readText(root: Dir, segments: readonly string[]) {
  const { handle, stat } = await openRegularFile(root, segments)
  try {
    if (stat.size > MAX_TEXT_BYTES) throw new FileProblem(413, 'too_large', 'This file is over 1 MiB: download it instead.')
    const bytes = await readStart(handle, stat.size)
    if (bytes.subarray(0, TEXT_SNIFF_BYTES).includes(0)) throw new FileProblem(415, 'not_text', 'This file is not text: download it instead.')
    return { content: bytes.toString('utf8'), size: bytes.length, modified: stat.mtime.toISOString() }
  } finally {
    await handle.close()
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten
}

/**
 * Writes `chunks` to `name` in `dir` through a temporary file in the same folder and a rename: the
 * game never reads half a file, and a link at `name` is replaced, never written through. Past
 * `budget` bytes it stops with `overBudget()` and leaves nothing. Returns the bytes written.
 */
export async function writeFileIn(
  dir: Dir,
  name: string,
  chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  budget = Number.POSITIVE_INFINITY,
  overBudget: () => Error = () => new Error('Too large.'),
): Promise<number> {
  const temp = `.blockforge-${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(dir.at(temp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
  let isOpen = true
  let written = 0
  try {
    for await (const chunk of chunks) {
      written += chunk.length
      if (written > budget) throw overBudget()
      await writeAll(handle, chunk)
    }
    isOpen = false
    await handle.close()
    await rename(dir.at(temp), dir.at(name))
    return written
  } catch (err) {
    if (isOpen) await handle.close().catch(() => undefined)
    await rm(dir.at(temp), { force: true }).catch(() => undefined)
    throw err
  }
}

/** What stands at a path a file is about to be written to: a folder or a link there is refused. */
export function refuseNonFile(existing: Stats | null, segments: readonly string[]): void {
  if (existing?.isDirectory()) throw isAFolder(segments)
  if (existing?.isSymbolicLink()) throw symlinkInTheWay(segments)
}

export async function writeText(root: Dir, segments: readonly string[], content: string, quota: Quota) {
  const { parent, name } = splitLast(segments)
  const data = Buffer.from(content, 'utf8')
  const existing = await inspect(root, segments)
  refuseNonFile(existing, segments)
  // Checked before anything is made: a refused write leaves no folder behind either.
  const growth = data.length - (existing?.isFile() ? existing.size : 0)
  await quota.reserve(growth)
  try {
    return await withFolder(root, parent, { create: true, target: segments }, async (dir) => {
      refuseNonFile(await dir.lstat(name), segments)
      await writeFileIn(dir, name, [data])
      const st = await dir.lstat(name)
      return { size: st?.size ?? data.length, modified: (st?.mtime ?? new Date()).toISOString() }
    })
  } catch (err) {
    quota.add(-Math.max(0, growth))
    throw err
  }
}

export async function makeFolder(root: Dir, segments: readonly string[]): Promise<void> {
  const { parent, name } = splitLast(segments)
  if (await inspect(root, segments)) throw alreadyExists(segments)
  await withFolder(root, parent, { create: true, target: segments }, async (dir) => {
    await mkdir(dir.at(name)).catch((err: unknown) => {
      throw isErrno(err, 'EEXIST') ? alreadyExists(segments) : err
    })
  })
}

/** Renames or moves `from` (a link moves as a link) to `to`, which must not exist. */
export async function movePath(root: Dir, from: readonly string[], to: readonly string[]): Promise<void> {
  const source = splitLast(from)
  if (!to.length) throw alreadyExists(to)
  const target = splitLast(to)
  if (to.length > from.length && from.every((s, i) => s === to[i])) {
    throw new FileProblem(400, 'bad_request', `${showPath(from)} cannot be moved into itself.`)
  }
  if (!(await inspect(root, from))) throw notFound(from)
  if (await inspect(root, to)) throw alreadyExists(to)
  await withFolder(root, source.parent, { target: from }, (fromDir) =>
    withFolder(root, target.parent, { create: true, target: to }, async (toDir) => {
      if (await toDir.lstat(target.name)) throw alreadyExists(to)
      await rename(fromDir.at(source.name), toDir.at(target.name))
    }),
  )
}

/**
 * Removes `name` from `dir`, a folder with everything in it: each folder is opened without
 * following a link before its entries are removed, so a folder swapped for a link to elsewhere
 * midway is never emptied — the link itself is what gets removed.
 */
export async function removeTree(dir: Dir, name: string): Promise<void> {
  const st = await dir.lstat(name)
  if (!st) return
  if (!st.isDirectory()) {
    await unlink(dir.at(name)).catch((err: unknown) => {
      if (!isErrno(err, 'ENOENT')) throw err
    })
    return
  }
  const child = await dir.child(name)
  try {
    for (const entry of await readdir(child.here)) await removeTree(child, entry)
  } finally {
    await child.close()
  }
  await rmdir(dir.at(name))
}

/**
 * Deletes each path (missing ones are skipped); returns how many were removed. Every path is
 * checked before anything is removed, so one refused path deletes nothing.
 */
export async function deletePaths(root: Dir, paths: readonly (readonly string[])[]): Promise<number> {
  for (const segments of paths) {
    splitLast(segments)
    await inspect(root, segments)
  }
  let deleted = 0
  for (const segments of paths) {
    // Gone already: missing from the start, or inside a folder deleted just before.
    if (!(await inspect(root, segments))) continue
    const { parent, name } = splitLast(segments)
    await withFolder(root, parent, { target: segments }, (dir) => removeTree(dir, name))
    deleted++
  }
  return deleted
}
