/** A file's digests (hex), as GET /servers/:id/files/hashes answers them. */
export type Digests = { sha1: string; sha512: string }

/**
 * What a file's digests were computed for: a file whose size, mtime, ctime or inode differs is
 * hashed again. The game can set an mtime back, never a ctime: a rewritten jar cannot keep the
 * digests of the one it replaced.
 */
export type FileStamp = { size: number; mtimeMs: number; ctimeMs: number; ino: number }

/** At most this many files' digests are kept for the whole agent (a few hundred bytes each). */
export const MAX_CACHED_DIGESTS = 10_000

/**
 * Digests of the files the file API hashed, so a page refresh does not read every jar again. Keyed
 * by server and path (ids hold no '/', so `id/` is a safe prefix) and valid only while the file's
 * stamp is unchanged. Least recently used go first past the limit (a Map keeps order).
 */
export class DigestCache {
  private readonly entries = new Map<string, FileStamp & Digests>()

  constructor(private readonly limit = MAX_CACHED_DIGESTS) {}

  private static key = (id: string, path: string) => `${id}/${path}`

  get(id: string, path: string, stamp: FileStamp): Digests | undefined {
    const key = DigestCache.key(id, path)
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.size !== stamp.size || entry.mtimeMs !== stamp.mtimeMs || entry.ctimeMs !== stamp.ctimeMs || entry.ino !== stamp.ino) return undefined
    this.entries.set(key, entry)
    return { sha1: entry.sha1, sha512: entry.sha512 }
  }

  set(id: string, path: string, stamp: FileStamp, digests: Digests): void {
    const key = DigestCache.key(id, path)
    this.entries.delete(key)
    this.entries.set(key, { size: stamp.size, mtimeMs: stamp.mtimeMs, ctimeMs: stamp.ctimeMs, ino: stamp.ino, ...digests })
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break
      this.entries.delete(oldest)
    }
  }

  /** Drops server `id`'s digests (it was removed). */
  forget(id: string): void {
    const prefix = DigestCache.key(id, '')
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}
