import { mkdir } from 'node:fs/promises'

import { PROTOCOL_VERSION } from '../../lib/hosting/protocol'
import type { Startup } from '../../lib/hosting/startup'
import type { AgentConfig } from '../env'
import type { Plan, Runtime } from '../runtime/types'
import { Backups } from './backups'
import { DEFAULT_GAME_VERSION, FLYING_SQUID, GAME_VERSIONS } from './gameVersions'
import { DigestCache } from './hashCache'
import { ManagedServer, ServerConflict } from './managedServer'
import { dataLayout } from './paths'
import { allocatePort } from './ports'
import { deleteRecord, loadRecords, type ServerRecord, saveRecord } from './records'
import { readProperties, removeServerFolder, wipeWorld, writeServerFolder } from './serverFolder'
import { StorageMeter } from './storageQuota'
import { UploadStore } from './uploads'

export type InstallSpec = {
  plan: Plan
  loader: string
  game_version: string
  properties: Record<string, string>
  port?: number
  /** Absent: the server keeps its startup settings. */
  startup?: Startup
}

/** Refused for lack of room on the node (HTTP 409 `no_capacity`). */
export class NoCapacity extends Error {}

export type ManagerOptions = {
  config: AgentConfig
  runtime: Runtime
  launcher: string
  agentVersion: string
  log: (message: string) => void
}

/** Why this node cannot install `loader` at `version`, or null when it can. */
export function installProblem(loaders: readonly string[], loader: string, version: string): string | null {
  if (!loaders.includes(loader)) return `This node cannot install ${loader}.`
  if (loader === FLYING_SQUID && !GAME_VERSIONS.includes(version)) {
    return `flying-squid runs game versions ${GAME_VERSIONS[0]} to ${GAME_VERSIONS.at(-1)}; ${version} is not one of them.`
  }
  return null
}

/**
 * Every server on this node: installs, removals, and finding them again in the data dir when the
 * agent starts. Installs are one at a time, so two cannot take the same port.
 */
export class ServerManager {
  private readonly servers = new Map<string, ManagedServer>()
  readonly layout
  /** The file API's partial uploads, storage measure and files' digests (src/agent/http/fileRoutes.ts). */
  readonly uploads
  readonly storage
  readonly hashes = new DigestCache()
  /** Each server's backups, kept outside its folder (src/agent/http/backupRoutes.ts). */
  readonly backups
  private installing: Promise<unknown> = Promise.resolve()

  constructor(private readonly opts: ManagerOptions) {
    this.layout = dataLayout(opts.config.dataDir)
    this.uploads = new UploadStore(this.layout)
    this.storage = new StorageMeter(this.layout)
    this.backups = new Backups({
      layout: this.layout,
      log: opts.log,
      folderReplaced: (id) => {
        this.storage.forget(id)
        this.hashes.forget(id)
      },
    })
  }

  get(id: string): ManagedServer | undefined {
    return this.servers.get(id)
  }

  list(): ManagedServer[] {
    return [...this.servers.values()]
  }

  private create(record: ServerRecord): ManagedServer {
    const { config, runtime, launcher, log } = this.opts
    const server = new ManagedServer(record, {
      runtime,
      launcher,
      startTimeoutMs: config.startTimeoutMs,
      stopTimeoutMs: config.stopTimeoutMs,
      dir: this.layout.serverDir(record.id),
      persist: (r) => saveRecord(this.layout, r),
      warn: log,
    })
    this.servers.set(record.id, server)
    return server
  }

  /**
   * Finds the servers of the data dir again: each stopped, unless the runtime still runs its game
   * (docker); with AGENT_AUTOSTART, those that were running before start again.
   */
  async load(): Promise<void> {
    await mkdir(this.layout.serversDir, { recursive: true })
    await mkdir(this.layout.recordsDir, { recursive: true })
    for (const record of await loadRecords(this.layout, this.opts.log)) {
      // Before the game may start again: a restore cut short is put right first.
      await this.backups.recover(record.id).catch((err) => this.opts.log(`Could not read ${record.id}'s backups: ${err instanceof Error ? err.message : err}`))
      const server = this.create(record)
      const adopted = await server.adopt().catch((err) => {
        this.opts.log(`Could not take over ${record.id}'s game: ${err instanceof Error ? err.message : err}`)
        return false
      })
      if (adopted) this.opts.log(`Took over ${record.id}'s running game`)
      else if (this.opts.config.autostart && record.want_running && record.installed) {
        this.opts.log(`Starting ${record.id} again (it was running when the agent stopped)`)
        await server.start().catch((err) => this.opts.log(`Could not start ${record.id}: ${err instanceof Error ? err.message : err}`))
      }
    }
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.installing.then(work, work)
    this.installing = next.catch(() => undefined)
    return next
  }

  /** Creates or updates a server (idempotent: a repeat with the same spec changes nothing). */
  install(id: string, spec: InstallSpec): Promise<ManagedServer> {
    return this.serialized(async () => {
      const { config, runtime } = this.opts
      const existing = this.servers.get(id)
      const others = this.list().filter((s) => s.id !== id)
      const usedMb = others.reduce((sum, s) => sum + s.record.plan.ram_mb, 0)
      if (!existing && others.length >= config.capacity.servers) throw new NoCapacity(`This node holds at most ${config.capacity.servers} servers.`)
      if (usedMb + spec.plan.ram_mb > config.capacity.memoryMb) {
        throw new NoCapacity(`This node has ${config.capacity.memoryMb - usedMb} MiB of memory left for servers; the plan needs ${spec.plan.ram_mb} MiB.`)
      }
      const port = await allocatePort({
        range: config.portRange,
        host: config.host,
        taken: new Set(others.map((s) => s.record.port)),
        wanted: spec.port,
        current: existing?.record.port,
      })
      if (existing && port !== existing.record.port && existing.active) {
        throw new ServerConflict('Stop the server before moving it to another port.')
      }
      const problem = installProblem(runtime.loaders, spec.loader, spec.game_version)
      const record: ServerRecord = {
        id,
        loader: spec.loader,
        game_version: spec.game_version || DEFAULT_GAME_VERSION,
        plan: spec.plan,
        port,
        installed: problem === null,
        install_error: problem,
        want_running: existing?.record.want_running ?? false,
        ...((spec.startup ?? existing?.record.startup) ? { startup: spec.startup ?? existing?.record.startup } : {}),
        created_at: existing?.record.created_at ?? new Date().toISOString(),
      }
      const server = existing ?? this.create(record)
      if (problem === null) await writeServerFolder(server.dir, spec.properties, port, spec.plan)
      await server.installed(record)
      return server
    })
  }

  /** Stops the game (saving), wipes the world, keeps the properties, installs again. */
  async reinstall(id: string): Promise<ManagedServer> {
    const server = this.require(id)
    await server.stopAndWait()
    if (server.active) throw new ServerConflict('The server did not stop; reset it first.')
    return this.serialized(async () => {
      const r = server.record
      const problem = installProblem(this.opts.runtime.loaders, r.loader, r.game_version)
      if (problem === null) {
        await wipeWorld(server.dir)
        await writeServerFolder(server.dir, {}, r.port, r.plan)
      }
      await server.installed({ ...r, installed: problem === null, install_error: problem })
      return server
    })
  }

  /** Kills the game and removes the server's folder, partial uploads, backups, record and container. */
  async remove(id: string): Promise<void> {
    const server = this.require(id)
    // A backup or restore in progress stops first: it reads or swaps the folder about to go.
    await this.backups.removeServer(id)
    await server.kill()
    await this.opts.runtime.forget(id)
    await removeServerFolder(server.dir)
    await this.uploads.removeServer(id)
    this.storage.forget(id)
    this.hashes.forget(id)
    await deleteRecord(this.layout, id)
    this.servers.delete(id)
    server.emit('removed')
  }

  require(id: string): ManagedServer {
    const server = this.servers.get(id)
    if (!server) throw new UnknownServer(`No server ${id} on this node.`)
    return server
  }

  /** The owner's properties, applied at the next start; the node's own (port, offline) stay. */
  async setProperties(id: string, properties: Record<string, string>): Promise<Record<string, string>> {
    const server = this.require(id)
    if (!server.record.installed) throw new ServerConflict(server.record.install_error ?? 'This server is not installed.')
    await writeServerFolder(server.dir, properties, server.record.port, server.record.plan)
    return readProperties(server.dir)
  }

  properties(id: string): Promise<Record<string, string>> {
    return readProperties(this.require(id).dir)
  }

  health() {
    const { config, runtime, agentVersion } = this.opts
    const servers = this.list()
    return {
      ok: true,
      runtime: runtime.name,
      isolation: runtime.isolation(),
      loaders: runtime.loaders,
      game_versions: GAME_VERSIONS,
      capacity: { memory_mb: config.capacity.memoryMb, servers: config.capacity.servers },
      used: {
        memory_mb: servers.reduce((sum, s) => sum + s.record.plan.ram_mb, 0),
        servers: servers.length,
        running: servers.filter((s) => s.state === 'running').length,
      },
      public_host: config.publicHost,
      port_range: config.portRange,
      version: agentVersion,
      protocol: PROTOCOL_VERSION,
    }
  }

  /** Stops every game (the agent is stopping); each stays marked for AGENT_AUTOSTART. */
  async stopAll(): Promise<void> {
    await Promise.all(this.list().map((s) => s.stopAndWait({ keepWanted: true })))
  }
}

export class UnknownServer extends Error {}
