import path from 'node:path'

import { isServerId } from '../../lib/hosting/protocol'

/** A path that would leave the folder it must stay in. */
export class PathEscapeError extends Error {}

/**
 * `segments` resolved under `root`, refusing anything that ends outside it (`..`, an absolute
 * segment, a NUL). Every path the agent builds from a request goes through here.
 */
export function resolveInside(root: string, ...segments: string[]): string {
  const base = path.resolve(root)
  if (segments.some((s) => s.includes('\0'))) throw new PathEscapeError('A path may not contain NUL.')
  const target = path.resolve(base, ...segments)
  const rel = path.relative(base, target)
  if (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel)) return target
  throw new PathEscapeError(`${segments.join('/')} is outside ${base}.`)
}

/** Where the agent keeps what, under its data dir. */
export function dataLayout(dataDir: string) {
  const checkedId = (id: string) => {
    if (!isServerId(id)) throw new PathEscapeError(`"${id}" is not a server id.`)
    return id
  }
  return {
    serversDir: path.join(dataDir, 'servers'),
    recordsDir: path.join(dataDir, 'records'),
    uploadsRoot: path.join(dataDir, 'uploads'),
    /** The server's folder: mounted writable into the game's sandbox or container. */
    serverDir: (id: string) => resolveInside(path.join(dataDir, 'servers'), checkedId(id)),
    /**
     * The agent's record of a server, kept outside its folder: the game can write there and must
     * not be able to change its own plan or port.
     */
    recordFile: (id: string) => resolveInside(path.join(dataDir, 'records'), `${checkedId(id)}.json`),
    /** A server's partial uploads: outside its folder, so the game never sees half a file. */
    uploadsDir: (id: string) => resolveInside(path.join(dataDir, 'uploads'), checkedId(id)),
    backupsRoot: path.join(dataDir, 'backups'),
    /** A server's backups (`<uuid>.tar.gz`) and their record (`backups.json`): outside its folder and its quota. */
    backupsDir: (id: string) => resolveInside(path.join(dataDir, 'backups'), checkedId(id)),
    /**
     * Where a restore extracts before the swap, and where the replaced folder waits during it:
     * beside the server's folder (one disk, so the swap is two renames), names no id can take.
     */
    restoreDir: (id: string) => resolveInside(path.join(dataDir, 'servers'), `.restore-${checkedId(id)}`),
    replacedDir: (id: string) => resolveInside(path.join(dataDir, 'servers'), `.replaced-${checkedId(id)}`),
  }
}
export type DataLayout = ReturnType<typeof dataLayout>
