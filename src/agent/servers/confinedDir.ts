import { constants, existsSync, type Stats } from 'node:fs'
import { type FileHandle, lstat, mkdir, open } from 'node:fs/promises'
import path from 'node:path'

import { FileProblem, isErrno, notAFolder, notFound, symlinkInTheWay } from './fileErrors'
import { PathEscapeError, resolveInside } from './paths'

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants

/**
 * On Linux, `/proc/self/fd/N/name` resolves `name` inside the very folder held open as N, even if
 * the path to that folder has since been swapped for a symlink: the nearest thing to openat(2) that
 * Node has. A game racing the agent (check a folder, then replace it with a link to /etc) gains
 * nothing. Elsewhere the lstat checks alone stand.
 */
const ANCHORED = process.platform === 'linux' && existsSync('/proc/self/fd')

/**
 * A request's '/'-separated path, relative to the server's folder, as names ('' and '.' are the
 * folder itself). Absolute paths, any `..` and NUL are refused outright.
 */
export function requestSegments(input: string): string[] {
  if (input.includes('\0')) throw new PathEscapeError('A path may not contain NUL.')
  if (input.startsWith('/')) throw new PathEscapeError(`${input} is absolute; paths are relative to the server's folder.`)
  const segments = input.split('/').filter((s) => s !== '' && s !== '.')
  if (segments.includes('..')) throw new PathEscapeError(`${input} goes up with "..": paths stay inside the server's folder.`)
  return segments
}

/**
 * A folder inside a server's folder, held open. Every name below it resolves in that folder, and
 * every step down is taken without following a symlink, so nothing done through a Dir can leave
 * the server's folder. Close it when done (or use `withFolder`).
 */
export class Dir {
  private constructor(
    private readonly handle: FileHandle,
    /** Its path, for messages and where /proc is not there. */
    readonly abs: string,
    readonly segments: readonly string[],
  ) {}

  /** The server's folder itself: the agent made it, it is trusted (and created when missing). */
  static async root(dir: string): Promise<Dir> {
    await mkdir(dir, { recursive: true })
    return new Dir(await open(dir, O_RDONLY | O_DIRECTORY), path.resolve(dir), [])
  }

  /** The path to `name` in this folder, for fs calls. */
  at(name: string): string {
    if (!name || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new PathEscapeError(`"${name}" is not a file name.`)
    return ANCHORED ? `/proc/self/fd/${this.handle.fd}/${name}` : resolveInside(this.abs, name)
  }

  /** This folder's own path, for readdir. */
  get here(): string {
    return ANCHORED ? `/proc/self/fd/${this.handle.fd}` : this.abs
  }

  stat(): Promise<Stats> {
    return this.handle.stat()
  }

  /** What `name` is (a link stays a link), null when absent. */
  async lstat(name: string): Promise<Stats | null> {
    try {
      return await lstat(this.at(name))
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return null
      throw err
    }
  }

  /**
   * The folder `name` in this one, opened; made first when missing and `create`. A symlink there
   * is refused (`target` is what the caller wanted to reach, for the message).
   */
  async child(name: string, opts: { create?: boolean; target?: readonly string[] } = {}): Promise<Dir> {
    const segments = [...this.segments, name]
    const target = opts.target ?? segments
    let st = await this.lstat(name)
    if (!st && opts.create) {
      await mkdir(this.at(name)).catch((err: unknown) => {
        if (!isErrno(err, 'EEXIST')) throw err
      })
      st = await this.lstat(name)
    }
    if (!st) throw notFound(target)
    if (st.isSymbolicLink()) throw symlinkInTheWay(segments, target)
    if (!st.isDirectory()) throw notAFolder(segments)
    try {
      return new Dir(await open(this.at(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW), path.join(this.abs, name), segments)
    } catch (err) {
      // Swapped for a link or a file since the lstat.
      if (isErrno(err, 'ELOOP', 'ENOTDIR')) throw symlinkInTheWay(segments, target)
      throw err
    }
  }

  /** Another handle on this same folder (the caller closes both). */
  async reopen(): Promise<Dir> {
    return new Dir(await open(this.here, O_RDONLY | O_DIRECTORY), this.abs, this.segments)
  }

  close(): Promise<void> {
    return this.handle.close()
  }
}

/** Opens the folder `segments` below `root`, one step at a time (see `Dir.child`). */
export async function openFolder(root: Dir, segments: readonly string[], opts: { create?: boolean; target?: readonly string[] } = {}): Promise<Dir> {
  let dir = await root.reopen()
  for (const name of segments) {
    try {
      const next = await dir.child(name, { create: opts.create, target: opts.target ?? segments })
      await dir.close()
      dir = next
    } catch (err) {
      await dir.close()
      throw err
    }
  }
  return dir
}

export async function withFolder<T>(
  root: Dir,
  segments: readonly string[],
  opts: { create?: boolean; target?: readonly string[] },
  work: (dir: Dir) => Promise<T>,
): Promise<T> {
  const dir = await openFolder(root, segments, opts)
  try {
    return await work(dir)
  } finally {
    await dir.close()
  }
}

/** Works in the server's folder `serverDir`, opened for the time of `work`. */
export async function inServerFolder<T>(serverDir: string, work: (root: Dir) => Promise<T>): Promise<T> {
  const root = await Dir.root(serverDir)
  try {
    return await work(root)
  } finally {
    await root.close()
  }
}

/**
 * What is at `segments` (lstat: a link stays a link), or null when it is not there — also when a
 * file stands where a folder on the way should be. A symlink on the way is refused.
 */
export async function inspect(root: Dir, segments: readonly string[]): Promise<Stats | null> {
  if (!segments.length) return root.stat()
  try {
    return await withFolder(root, segments.slice(0, -1), { target: segments }, (dir) => dir.lstat(segments[segments.length - 1]))
  } catch (err) {
    if (err instanceof FileProblem && (err.status === 404 || err.code === 'conflict')) return null
    throw err
  }
}

/** The parent folder's names and the last name of a path that is not the server's folder itself. */
export function splitLast(segments: readonly string[]): { parent: string[]; name: string } {
  const name = segments[segments.length - 1]
  if (name === undefined) throw new FileProblem(400, 'bad_request', "This cannot be done to the server's folder itself.")
  return { parent: segments.slice(0, -1), name }
}
