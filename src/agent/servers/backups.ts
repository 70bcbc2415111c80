import { mkdir, rm, statfs } from 'node:fs/promises'

import type { BackupMessage } from '../../lib/hosting/protocol'
import { openFileSink, writeFolderArchive } from './backupArchive'
import { BackupImports } from './backupImport'
import { extractBackup, recoverRestore, removeRestoreFolders, swapIn } from './backupRestore'
import { type BackupRecord, BackupStore, type BackupView, backupView, RESTARTED_DURING_BACKUP, RESTARTED_DURING_RESTORE } from './backupStore'
import { inServerFolder } from './confinedDir'
import { FileProblem, isErrno } from './fileErrors'
import { ignoreMatcher } from './ignorePatterns'
import { type ManagedServer, ServerConflict } from './managedServer'
import type { DataLayout } from './paths'
import { readProperties, writeServerFolder } from './serverFolder'
import { folderBytes } from './storageQuota'

/**
 * Server backups (Pterodactyl Wings' model): a `.tar.gz` of the whole server folder, made in the
 * background into `<data>/backups/<id>/`, listed, downloaded, restored, deleted. One backup or
 * restore at a time per server. Progress goes to the console websocket as `backup` messages.
 *
 * A running game is first asked to write its world (`save-all`, answered by our launcher), so what
 * the players just built is in the archive; flying-squid has no `save-off`, so it goes on writing
 * as it plays. Each file is read as it is at that moment, exactly as many bytes as its size when
 * reached.
 */

export const NO_SPACE = 'No space left for the backup'
export const CANCELLED = 'Cancelled'
const SERVER_REMOVED = 'The server was deleted'
/** How long a running game gets to write its world before the archive starts without it. */
const SAVE_TIMEOUT_MS = 30_000
/** Progress messages no more often than this (the final state always goes). */
const PROGRESS_EVERY_MS = 200

type Job = {
  uuid: string
  kind: 'backup' | 'restore'
  abort: AbortController
  /** Why it was stopped (the failure's reason). */
  stopReason: string | null
  /** Settles once the job has ended and its record is saved. */
  done: Promise<void>
  settle: () => void
  /** The last message sent, for a console that connects midway. */
  last: BackupMessage
}

export type NewBackup = { uuid: string; name: string | null; ignore: string[] }

export type BackupDeps = {
  layout: DataLayout
  log: (message: string) => void
  /** The server's folder was replaced: measures and digests kept of it are stale. */
  folderReplaced: (id: string) => void
}

const message = (m: Omit<BackupMessage, 'event'>): BackupMessage => ({ event: 'backup', ...m })

const now = () => new Date().toISOString()

const percent = (done: number, total: number) => (total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0)

/** Why a backup failed, as the site shows it. */
function failureReason(err: unknown): string {
  if (isErrno(err, 'ENOSPC', 'EDQUOT')) return NO_SPACE
  return `The backup failed: ${err instanceof Error ? err.message : String(err)}`
}

function restoreFailureReason(err: unknown): string {
  if (isErrno(err, 'ENOSPC', 'EDQUOT')) return 'No space left to restore the backup'
  return err instanceof Error ? err.message : String(err)
}

export class Backups {
  readonly store: BackupStore
  private readonly jobs = new Map<string, Job>()
  private closing = false
  /** Opens the file an archive is written to. Replaceable (tests: a slow or full disk). */
  openSink = openFileSink
  /** Free bytes on the disk holding `dir`. Replaceable (tests: a full disk). */
  freeBytes = async (dir: string): Promise<number> => {
    const fs = await statfs(dir)
    return fs.bavail * fs.bsize
  }

  /** Backups received from another node (a moved server's). */
  readonly imports: BackupImports

  constructor(private readonly deps: BackupDeps) {
    this.store = new BackupStore(deps.layout, deps.log)
    this.imports = new BackupImports(this.store, (dir) => this.freeBytes(dir))
  }

  /** At the agent's start: reads the server's backups and settles what the last agent left unfinished. */
  async recover(id: string): Promise<void> {
    await recoverRestore(this.deps.layout, id)
    await this.store.load(id)
  }

  /** Newest first. */
  list(id: string): BackupView[] {
    return [...this.store.list(id)].reverse().sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)).map(backupView)
  }

  private require(id: string, uuid: string): BackupRecord {
    const record = this.store.get(id, uuid)
    if (!record) throw new FileProblem(404, 'not_found', `No backup ${uuid} of ${id}.`)
    return record
  }

  private refuseIfBusy(id: string): void {
    const job = this.jobs.get(id)
    if (job) throw new ServerConflict(`Backup ${job.uuid} is being ${job.kind === 'backup' ? 'made' : 'restored'}; one at a time.`)
  }

  /** A restore runs: the game must not be started meanwhile. */
  restoring(id: string): boolean {
    return this.jobs.get(id)?.kind === 'restore'
  }

  /** What a console connecting now should be told (the job in progress), or null. */
  current(id: string): BackupMessage | null {
    return this.jobs.get(id)?.last ?? null
  }

  private reserve(id: string, uuid: string, kind: Job['kind']): Job {
    this.refuseIfBusy(id)
    if (this.closing) throw new ServerConflict('The node is stopping.')
    const state = kind === 'backup' ? 'creating' : 'restoring'
    let settle = () => {}
    const done = new Promise<void>((resolve) => (settle = resolve))
    const job: Job = { uuid, kind, abort: new AbortController(), stopReason: null, done, settle, last: message({ uuid, state, progress: 0 }) }
    this.jobs.set(id, job)
    return job
  }

  private release(id: string, job: Job): void {
    if (this.jobs.get(id) === job) this.jobs.delete(id)
    job.settle()
  }

  /** A background job that threw where nothing should: logged, its slot freed (never an unhandled rejection). */
  private unexpected(id: string, job: Job, err: unknown): void {
    this.deps.log(`Backup ${job.uuid} of ${id}: ${err instanceof Error ? (err.stack ?? err.message) : err}`)
    this.release(id, job)
  }

  /** Tells the console, at most every 200 ms unless `final`. */
  private reporter(server: ManagedServer, job: Job) {
    let lastAt = 0
    return (m: BackupMessage, final = false) => {
      const changed = m.state !== job.last.state || m.progress !== job.last.progress
      job.last = m
      if (!final && (!changed || Date.now() - lastAt < PROGRESS_EVERY_MS)) return
      lastAt = Date.now()
      server.emit('backup', m)
    }
  }

  /**
   * Starts a backup; resolves with its record once it is under way. 409 when another backup or
   * restore runs or the uuid is taken, 507 `no_space` when the disk has less room than the folder.
   */
  async create(server: ManagedServer, input: NewBackup): Promise<BackupView> {
    const id = server.id
    if (this.store.get(id, input.uuid)) throw new ServerConflict(`There is already a backup ${input.uuid}.`)
    // Taken before the first await, so a second request at the same moment is refused.
    const job = this.reserve(id, input.uuid, 'backup')
    const skip = ignoreMatcher(input.ignore)
    let record: BackupRecord
    let total: number
    try {
      await mkdir(this.store.dir(id), { recursive: true })
      total = await inServerFolder(server.dir, (root) => folderBytes(root, skip))
      if ((await this.freeBytes(this.store.dir(id))) < total) throw new FileProblem(507, 'no_space', `${NO_SPACE}.`)
      record = {
        uuid: input.uuid,
        name: input.name,
        state: 'creating',
        progress: 0,
        size: null,
        sha256: null,
        created_at: now(),
        finished_at: null,
        reason: null,
        restore_error: null,
        ignore: input.ignore,
        content_bytes: null,
      }
      await this.store.put(id, record)
    } catch (err) {
      this.release(id, job)
      throw err
    }
    void this.make(server, record, job, skip, total).catch((err) => this.unexpected(id, job, err))
    return backupView(record)
  }

  private async make(server: ManagedServer, record: BackupRecord, job: Job, skip: (path: string, isDirectory: boolean) => boolean, total: number): Promise<void> {
    const id = server.id
    const report = this.reporter(server, job)
    report(message({ uuid: record.uuid, state: 'creating', progress: 0 }), true)
    let archived = 0
    let finished: BackupRecord
    try {
      if (server.state === 'running' && !(await server.saveWorld(SAVE_TIMEOUT_MS))) this.deps.log(`Backup ${record.uuid} of ${id}: the game did not confirm saving its world; archiving it as it is`)
      const made = await writeFolderArchive({
        serverDir: server.dir,
        partial: this.store.partial(id, record.uuid),
        archive: this.store.archive(id, record.uuid),
        skip,
        signal: job.abort.signal,
        openSink: this.openSink,
        onFileBytes: (bytes) => {
          archived += bytes
          report(message({ uuid: record.uuid, state: 'creating', progress: percent(archived, total) }))
        },
      })
      finished = { ...record, state: 'ready', progress: 100, size: made.size, sha256: made.sha256, content_bytes: made.contentBytes, finished_at: now() }
    } catch (err) {
      const reason = job.stopReason ?? failureReason(err)
      if (!job.stopReason) this.deps.log(`Backup ${record.uuid} of ${id} failed: ${err instanceof Error ? err.message : err}`)
      finished = { ...record, state: 'failed', progress: percent(archived, total), reason, finished_at: now() }
    }
    await this.store.put(id, finished).catch((err) => this.deps.log(`Could not save ${id}'s backups record: ${err}`))
    this.release(id, job)
    report(message({ uuid: record.uuid, state: finished.state, progress: finished.progress, reason: finished.reason ?? undefined }), true)
  }

  /** Stops a backup being made: it ends `failed` "Cancelled", its partial archive removed. */
  async cancel(id: string, uuid: string): Promise<void> {
    const record = this.require(id, uuid)
    const job = this.jobs.get(id)
    if (record.state !== 'creating' || !job || job.uuid !== uuid) throw new ServerConflict(`Backup ${uuid} is ${record.state}; only one being made can be cancelled.`)
    job.stopReason = CANCELLED
    job.abort.abort(CANCELLED)
    await job.done
  }

  async delete(id: string, uuid: string): Promise<void> {
    const record = this.require(id, uuid)
    if (this.jobs.get(id)?.uuid === uuid) throw new ServerConflict(`Backup ${uuid} is ${record.state === 'restoring' ? 'being restored' : 'being made'}; cancel or wait first.`)
    await this.store.remove(id, uuid)
  }

  /** The archive of a ready backup, for a download. */
  archive(id: string, uuid: string): { file: string; record: BackupRecord } {
    const record = this.require(id, uuid)
    if (record.state !== 'ready') throw new ServerConflict(`Backup ${uuid} is ${record.state}; only a ready one can be downloaded.`)
    return { file: this.store.archive(id, uuid), record }
  }

  /**
   * Starts restoring a ready backup; resolves once under way. In the background: the game is
   * stopped (a normal stop) if it runs, the archive extracted beside the folder and swapped in, the
   * node's own properties (port, offline mode) put back if the backup's differ, and the game
   * started again if it was running.
   */
  async restore(server: ManagedServer, uuid: string): Promise<BackupView> {
    const id = server.id
    const record = this.require(id, uuid)
    this.refuseIfBusy(id)
    if (record.state !== 'ready') throw new ServerConflict(`Backup ${uuid} is ${record.state}; only a ready one can be restored.`)
    const job = this.reserve(id, uuid, 'restore')
    const restoring: BackupRecord = { ...record, state: 'restoring' }
    try {
      await this.store.put(id, restoring)
    } catch (err) {
      this.release(id, job)
      throw err
    }
    void this.restoreInBackground(server, restoring, job).catch((err) => this.unexpected(id, job, err))
    return backupView(restoring)
  }

  private async restoreInBackground(server: ManagedServer, record: BackupRecord, job: Job): Promise<void> {
    const id = server.id
    const { layout } = this.deps
    const report = this.reporter(server, job)
    const uuid = record.uuid
    report(message({ uuid, state: 'restoring', progress: 0 }), true)
    const wasRunning = server.active
    let error: string | null = null
    try {
      if (wasRunning) {
        await server.stopAndWait()
        if (server.active) throw new Error('The server did not stop; reset it first.')
      }
      const total = record.content_bytes ?? 0
      await extractBackup(this.store.archive(id, uuid), layout.restoreDir(id), {
        signal: job.abort.signal,
        onProgress: (bytes) => report(message({ uuid, state: 'restoring', progress: percent(bytes, total) })),
      })
      if (job.abort.signal.aborted) throw new Error(job.stopReason ?? CANCELLED)
      await swapIn(layout, id)
      this.deps.folderReplaced(id)
      await this.keepNodeProperties(server)
    } catch (err) {
      error = job.stopReason ?? restoreFailureReason(err)
      if (!job.stopReason) this.deps.log(`Restoring backup ${uuid} of ${id} failed: ${err instanceof Error ? err.message : err}`)
      await rm(layout.restoreDir(id), { recursive: true, force: true }).catch(() => undefined)
    }
    await this.store.put(id, { ...record, state: 'ready', restore_error: error }).catch((err) => this.deps.log(`Could not save ${id}'s backups record: ${err}`))
    this.release(id, job)
    report(error === null ? message({ uuid, state: 'restored', progress: 100 }) : message({ uuid, state: 'restore_failed', progress: job.last.progress, reason: error }), true)
    // Up again as it was, restored or not (a failed restore left the folder as it was).
    if (wasRunning && !job.stopReason) await server.start().catch((err) => this.deps.log(`Starting ${id} after the restore: ${err instanceof Error ? err.message : err}`))
  }

  /**
   * server.properties is the backup's, but the port and offline mode are the node's: a backup from
   * before the server moved would otherwise listen on a port it no longer has. Rewritten only when
   * they differ, so an untouched file stays byte for byte the backup's.
   */
  private async keepNodeProperties(server: ManagedServer): Promise<void> {
    const r = server.record
    if (!r.installed) return
    const props = await readProperties(server.dir).catch(() => ({}) as Record<string, string>)
    if (props['server-port'] === String(r.port) && props['online-mode'] === 'false') return
    await writeServerFolder(server.dir, {}, r.port, r.plan)
  }

  private async stopJob(id: string, reason: string): Promise<void> {
    const job = this.jobs.get(id)
    if (!job) return
    job.stopReason = reason
    job.abort.abort(reason)
    await job.done
  }

  /** The server is being removed: its job stops, its backups and restore folders go. */
  async removeServer(id: string): Promise<void> {
    await this.stopJob(id, SERVER_REMOVED)
    await this.store.removeServer(id)
    await removeRestoreFolders(this.deps.layout, id)
  }

  /** The agent is stopping: backups being made fail (as after a restart), restores stop before the swap. */
  async close(): Promise<void> {
    this.closing = true
    await Promise.all(
      [...this.jobs].map(([id, job]) => this.stopJob(id, job.kind === 'backup' ? RESTARTED_DURING_BACKUP : RESTARTED_DURING_RESTORE)),
    )
  }
}
