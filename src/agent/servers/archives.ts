import { constants } from 'node:fs'
import { type FileHandle, open, unlink } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { createGzip } from 'node:zlib'

import { type Dir, inspect, splitLast, withFolder } from './confinedDir'
import { FileProblem, isErrno, notFound, showPath } from './fileErrors'
import type { Quota } from './storageQuota'
import { pipeTar, tarStream } from './tarWalk'

/**
 * `.tar.gz` archives of a server's files, made in its folder (the file API's compress). The walk
 * is src/agent/servers/tarWalk.ts's: through `Dir`s, O_NOFOLLOW, links stored as links.
 */

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants

const two = (n: number) => String(n).padStart(2, '0')

/** `archive-YYYY-MM-DD-HHMMSS.tar.gz` (UTC), then `-2`, `-3`… */
export function archiveName(at: Date, n = 1): string {
  const day = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`
  return `archive-${day}-${time}${n > 1 ? `-${n}` : ''}.tar.gz`
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
      await pipeTar(tarStream(root, base, items), createGzip(), sink)
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
