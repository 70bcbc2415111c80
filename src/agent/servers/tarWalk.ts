import { constants, type Stats } from 'node:fs'
import { type FileHandle, open, readdir, readlink } from 'node:fs/promises'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Gzip } from 'node:zlib'

import { Header, type HeaderData, Pax } from 'tar'

import { type Dir, openFolder, splitLast } from './confinedDir'

/**
 * A tar stream of files in a server's folder, shared by the file API's compress and by backups.
 * node-tar's own packer walks and opens by path (a folder the game swaps for a link midway would be
 * followed), so the walk here goes through `Dir`s and opens with O_NOFOLLOW, and node-tar only
 * encodes the headers. Links are stored as links, never followed.
 */

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants
const BLOCK = 512
const READ_CHUNK = 64 * 1024

export type TarWalkOptions = {
  /** Leaves out a path (relative to the folder the walk started in) and, for a folder, all below it. */
  skip?: (path: string, isDirectory: boolean) => boolean
  /** Called with each piece of a file's content read (progress). */
  onFileBytes?: (bytes: number) => void
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
async function* fileEntry(handle: FileHandle, path: string, st: Stats, opts: TarWalkOptions): AsyncGenerator<Buffer> {
  yield* header({ path, type: 'File', mode: st.mode & 0o7777, size: st.size, mtime: st.mtime })
  let position = 0
  while (position < st.size) {
    const buf = Buffer.alloc(Math.min(READ_CHUNK, st.size - position))
    const { bytesRead } = await handle.read(buf, 0, buf.length, position)
    if (bytesRead === 0) break
    opts.onFileBytes?.(bytesRead)
    yield buf.subarray(0, bytesRead)
    position += bytesRead
  }
  yield* zeros(st.size - position)
  yield* zeros((BLOCK - (st.size % BLOCK)) % BLOCK)
}

/** `name` in `dir` and, for a folder, all it holds. */
async function* entries(dir: Dir, name: string, prefix: readonly string[], opts: TarWalkOptions): AsyncGenerator<Buffer> {
  const st = await dir.lstat(name)
  if (!st) return
  const path = [...prefix, name].join('/')
  if (opts.skip?.(path, st.isDirectory())) return
  const common = { mode: st.mode & 0o7777, mtime: st.mtime, size: 0 }
  if (st.isSymbolicLink()) {
    yield* header({ ...common, path, type: 'SymbolicLink', linkpath: await readlink(dir.at(name)) })
  } else if (st.isDirectory()) {
    yield* header({ ...common, path: `${path}/`, type: 'Directory' })
    // Swapped for a link since the lstat: left out.
    const child = await dir.child(name).catch(() => null)
    if (!child) return
    try {
      for (const entry of (await readdir(child.here)).sort()) yield* entries(child, entry, [...prefix, name], opts)
    } finally {
      await child.close()
    }
  } else if (st.isFile()) {
    const handle = await open(dir.at(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => null)
    if (!handle) return
    try {
      const fst = await handle.stat()
      if (fst.isFile()) yield* fileEntry(handle, path, fst, opts)
    } finally {
      await handle.close()
    }
  }
  // Sockets, FIFOs and devices are not archived.
}

/**
 * The archive's bytes, uncompressed: `items` (each below `root`) with paths relative to `base`.
 * The file API writes its archive in `base` while items are strictly inside it, so it is never one of them.
 */
export async function* tarStream(root: Dir, base: readonly string[], items: readonly (readonly string[])[], opts: TarWalkOptions = {}): AsyncGenerator<Buffer> {
  for (const item of items) {
    const { parent, name } = splitLast(item)
    const dir = await openFolder(root, parent, { target: item })
    try {
      yield* entries(dir, name, item.slice(base.length, -1), opts)
    } finally {
      await dir.close()
    }
  }
  yield Buffer.alloc(2 * BLOCK) // the end-of-archive marker
}

/** Everything in `root`'s folder, paths relative to it (a backup). */
export async function* folderTarStream(root: Dir, opts: TarWalkOptions = {}): AsyncGenerator<Buffer> {
  const names = (await readdir(root.here)).sort()
  yield* tarStream(root, [], names.map((n) => [n]), opts)
}

/**
 * Pipes a walk through gzip into `sink`. Returns only once the walk itself has ended, even when the
 * pipeline fails or is aborted midway: a step in flight could otherwise still open a folder through
 * the root after the caller has closed it (and its descriptor number gone to another folder).
 */
export async function pipeTar(tar: AsyncGenerator<Buffer>, gzip: Gzip, sink: Writable, signal?: AbortSignal): Promise<void> {
  try {
    // One chunk read ahead at a time: a backup's progress (bytes read) stays close to what is written.
    await pipeline(Readable.from(tar, { highWaterMark: 1 }), gzip, sink, signal ? { signal } : {})
  } finally {
    await tar.return(undefined).catch(() => undefined)
  }
}
