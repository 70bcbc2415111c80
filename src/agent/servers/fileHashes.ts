import { createHash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { readdir } from 'node:fs/promises'

import { type Dir, inspect, withFolder } from './confinedDir'
import { FileProblem, isErrno, showPath, symlinkInTheWay } from './fileErrors'
import { openForReading } from './fileSystem'
import type { DigestCache, Digests } from './hashCache'

/** Files hashed per request at most: a cold `mods/` of large jars is read whole. */
export const MAX_HASHED_FILES = 500
/** Read a chunk at a time, so one request never holds a whole jar in memory. */
const CHUNK_BYTES = 1024 * 1024

export type HashedFile = { name: string; size: number; modified: string } & Digests

/** SHA-1 and SHA-512 of the open file in one pass, to its end; with the bytes read. */
async function digest(handle: FileHandle): Promise<Digests & { bytes: number }> {
  const sha1 = createHash('sha1')
  const sha512 = createHash('sha512')
  const buffer = Buffer.alloc(CHUNK_BYTES)
  let bytes = 0
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, bytes)
    if (bytesRead === 0) break
    sha1.update(buffer.subarray(0, bytesRead))
    sha512.update(buffer.subarray(0, bytesRead))
    bytes += bytesRead
  }
  return { sha1: sha1.digest('hex'), sha512: sha512.digest('hex'), bytes }
}

/**
 * `name`'s digests, from the cache while its size and mtime are unchanged; null when it is no
 * regular file once opened (swapped for a link, a FIFO or a folder since the listing, or gone).
 */
async function hashFile(dir: Dir, name: string, cache: DigestCache, id: string): Promise<HashedFile | null> {
  let handle: FileHandle
  try {
    handle = await openForReading(dir, name)
  } catch (err) {
    if (isErrno(err, 'ENOENT', 'ELOOP', 'ENXIO')) return null
    throw err
  }
  try {
    const before = await handle.stat()
    if (!before.isFile()) return null
    const path = [...dir.segments, name].join('/')
    const modified = before.mtime.toISOString()
    const cached = cache.get(id, path, before)
    if (cached) return { name, size: before.size, modified, ...cached }
    const { bytes, ...digests } = await digest(handle)
    // Kept only when the file stood still while read: a half-written jar is hashed again next time.
    const after = await handle.stat()
    if (bytes === before.size && after.size === before.size && after.mtimeMs === before.mtimeMs && after.ctimeMs === before.ctimeMs) cache.set(id, path, before, digests)
    return { name, size: bytes, modified, ...digests }
  } finally {
    await handle.close()
  }
}

/**
 * The regular files directly in the folder `segments` (links, folders and anything else left
 * out), by name, with their digests: the first MAX_HASHED_FILES, `truncated` when there were more.
 * A folder that is not there has none (the site asks for `mods/` before the game made it).
 */
export async function hashFolder(
  root: Dir,
  segments: readonly string[],
  cache: DigestCache,
  id: string,
): Promise<{ files: HashedFile[]; truncated: boolean }> {
  const none = { files: [], truncated: false }
  const st = await inspect(root, segments)
  if (!st) return none
  if (st.isSymbolicLink()) throw symlinkInTheWay(segments)
  if (!st.isDirectory()) throw new FileProblem(400, 'bad_request', `${showPath(segments)} is a file, not a folder.`)
  try {
    return await withFolder(root, segments, {}, async (dir) => {
      const names: string[] = []
      for (const name of await readdir(dir.here)) if ((await dir.lstat(name))?.isFile()) names.push(name)
      names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      const files: HashedFile[] = []
      for (const name of names.slice(0, MAX_HASHED_FILES)) {
        const file = await hashFile(dir, name, cache, id)
        if (file) files.push(file)
      }
      return { files, truncated: names.length > MAX_HASHED_FILES }
    })
  } catch (err) {
    // Removed since the check: as if it had never been there.
    if (err instanceof FileProblem && err.status === 404) return none
    throw err
  }
}
