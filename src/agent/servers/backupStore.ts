import { readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

import type { BackupView } from '../../lib/hosting/protocol'
import { isErrno } from './fileErrors'
import { writeFileAtomic } from './files'
import { type DataLayout, PathEscapeError } from './paths'

/** What the agent remembers of one backup, in `<data>/backups/<id>/backups.json`: what it lists, and more. */
export type BackupRecord = BackupView & {
  ignore: string[]
  /** The files' bytes it holds: what a restore's progress is measured against. */
  content_bytes: number | null
}

/** A backup as GET /servers/:id/backups lists it. */
export const backupView = (r: BackupRecord): BackupView => ({
  uuid: r.uuid,
  name: r.name,
  state: r.state,
  progress: r.progress,
  size: r.size,
  sha256: r.sha256,
  created_at: r.created_at,
  finished_at: r.finished_at,
  reason: r.reason,
  restore_error: r.restore_error,
})
export type { BackupView }

/** A backup's uuid, chosen by the site: it names a file, so it is checked again here. */
export const BACKUP_UUID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const RESTARTED_DURING_BACKUP = 'The node restarted during the backup'
export const RESTARTED_DURING_RESTORE = 'The node restarted during the restore'

const RECORD_FILE = 'backups.json'
const ARCHIVE_SUFFIX = '.tar.gz'
/** An archive being written; renamed to `<uuid>.tar.gz` once whole. */
const PARTIAL_SUFFIX = '.tar.gz.part'
const IMPORT_SUFFIX = '.tar.gz.import'

/**
 * Each server's backups: the archives and one small JSON record beside them, outside the server's
 * folder (the game cannot touch them) and outside its storage quota. The records are held in
 * memory and written whole after every change, one write at a time per server.
 */
export class BackupStore {
  private readonly lists = new Map<string, BackupRecord[]>()
  private readonly writes = new Map<string, Promise<unknown>>()

  constructor(
    private readonly layout: DataLayout,
    private readonly warn: (message: string) => void,
  ) {}

  dir(id: string): string {
    return this.layout.backupsDir(id)
  }

  private named(id: string, uuid: string, suffix: string): string {
    if (!BACKUP_UUID_PATTERN.test(uuid)) throw new PathEscapeError(`"${uuid}" is not a backup uuid.`)
    return path.join(this.dir(id), `${uuid}${suffix}`)
  }

  archive(id: string, uuid: string): string {
    return this.named(id, uuid, ARCHIVE_SUFFIX)
  }

  partial(id: string, uuid: string): string {
    return this.named(id, uuid, PARTIAL_SUFFIX)
  }

  /** A backup arriving from another node (./backupImport.ts), until it is whole. */
  importing(id: string, uuid: string): string {
    return this.named(id, uuid, IMPORT_SUFFIX)
  }

  /** Oldest first, as made. */
  list(id: string): readonly BackupRecord[] {
    return this.lists.get(id) ?? []
  }

  get(id: string, uuid: string): BackupRecord | undefined {
    return this.list(id).find((r) => r.uuid === uuid)
  }

  /** Adds or replaces a backup's record and writes the file (kept in memory even if the write fails). */
  async put(id: string, record: BackupRecord): Promise<void> {
    const list = [...this.list(id)]
    const at = list.findIndex((r) => r.uuid === record.uuid)
    if (at >= 0) list[at] = record
    else list.push(record)
    this.lists.set(id, list)
    await this.persist(id)
  }

  async remove(id: string, uuid: string): Promise<void> {
    this.lists.set(id, this.list(id).filter((r) => r.uuid !== uuid))
    await this.persist(id)
    await rm(this.archive(id, uuid), { force: true })
    await rm(this.partial(id, uuid), { force: true })
    await rm(this.importing(id, uuid), { force: true })
  }

  private persist(id: string): Promise<void> {
    const write = async () => {
      const list = this.lists.get(id)
      if (list) await writeFileAtomic(path.join(this.dir(id), RECORD_FILE), `${JSON.stringify({ backups: list }, null, 2)}\n`)
    }
    const next = (this.writes.get(id) ?? Promise.resolve()).then(write, write)
    const settled = next.catch(() => undefined)
    this.writes.set(id, settled)
    void settled.then(() => this.writes.get(id) === settled && this.writes.delete(id))
    return next
  }

  /**
   * Reads a server's record at the agent's start. What the last agent left unfinished is settled:
   * a backup still `creating` failed (its partial archive goes), one `restoring` is `ready` again
   * with the restore's error; a ready backup whose archive is gone failed.
   */
  async load(id: string): Promise<void> {
    let list: BackupRecord[] = []
    try {
      const parsed = JSON.parse(await readFile(path.join(this.dir(id), RECORD_FILE), 'utf8')) as { backups?: BackupRecord[] }
      list = (parsed.backups ?? []).filter((r) => BACKUP_UUID_PATTERN.test(r.uuid))
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) this.warn(`Could not read ${id}'s backups record: ${err instanceof Error ? err.message : err}`)
    }
    const now = new Date().toISOString()
    let changed = false
    for (const [i, r] of list.entries()) {
      if (r.state === 'creating') list[i] = { ...r, state: 'failed', reason: RESTARTED_DURING_BACKUP, finished_at: now }
      else if (r.state === 'restoring') list[i] = { ...r, state: 'ready', restore_error: RESTARTED_DURING_RESTORE }
      else if (r.state === 'ready' && !(await stat(this.archive(id, r.uuid)).catch(() => null))) {
        list[i] = { ...r, state: 'failed', reason: 'The archive is no longer on the node', size: null, sha256: null }
      }
      changed ||= list[i] !== r
    }
    // Partial archives: whatever a stopped agent was writing.
    for (const name of await readdir(this.dir(id)).catch(() => [])) {
      if (name.endsWith(PARTIAL_SUFFIX)) await rm(path.join(this.dir(id), name), { force: true })
    }
    if (!list.length && !changed) return
    this.lists.set(id, list)
    if (changed) await this.persist(id)
  }

  /** The server is removed: its backups go too. */
  async removeServer(id: string): Promise<void> {
    await (this.writes.get(id) ?? Promise.resolve())
    this.lists.delete(id)
    await rm(this.dir(id), { recursive: true, force: true })
  }
}
