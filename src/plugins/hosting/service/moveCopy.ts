import { agentOf, type AgentClient, AgentRefused, AgentUnreachable } from './agent'
import { pushFile, sendInChunks } from './files'
import { HostingError, type NodeRow } from './rows'
import type { installSpec } from './spec'

/*
 * The node side of a staff move (./move.ts): what is asked of the old node and the new one to copy
 * a server between them. Each failure says which node and what it answered.
 */

/** What `PUT /servers/:id` takes: the plan's limits, the server's settings, its startup. */
export type MoveSpec = ReturnType<typeof installSpec> & { startup: Record<string, unknown> }

/** The game has this long to stop (the agent itself kills one past AGENT_STOP_TIMEOUT_MS). */
const STOP_WAIT_MS = 90_000
const POLL_MS = 500

/**
 * While the copy is made the archive sits in the folder beside what it holds, and both count
 * against the plan's storage: each node allows twice that (and some) meanwhile.
 */
const withRoomForArchive = (spec: MoveSpec): MoveSpec => ({ ...spec, plan: { ...spec.plan, storage_mb: spec.plan.storage_mb * 2 + 256 } })

/** A node's agent whose failures are `HostingError`s naming the node. */
export function nodeAgent(node: NodeRow) {
  const agent = agentOf(node)
  const said = async <T>(work: (agent: AgentClient) => Promise<T>): Promise<T> => {
    try {
      return await work(agent)
    } catch (error) {
      if (error instanceof AgentUnreachable) throw new HostingError(`${node.name} is not answering.`)
      if (error instanceof AgentRefused) throw new HostingError(`${node.name} answered: ${error.message}`)
      throw error
    }
  }
  return { node, agent, said }
}
export type NodeAgent = ReturnType<typeof nodeAgent>

/** Whether the game runs (or is starting) on the old node, then stopped there and waited for. */
export async function stopOn(from: NodeAgent, id: string): Promise<boolean> {
  const before = await from.said((a) => a.state(id))
  const wasRunning = before.state === 'running' || before.state === 'starting'
  await from.said((a) => a.power(id, 'stop'))
  for (const deadline = Date.now() + STOP_WAIT_MS; ; ) {
    const { state } = await from.said((a) => a.state(id))
    if (state === 'stopped' || state === 'crashed') return wasRunning
    if (Date.now() > deadline) throw new HostingError(`The game did not stop on ${from.node.name} in time.`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/**
 * Sets the server up on the new node, with room for the archive: refused there (no capacity, a
 * loader it lacks) before anything is asked of the old node. Answers the port it gave the server.
 */
export async function installOn(to: NodeAgent, id: string, spec: MoveSpec): Promise<number> {
  const { port: _old, ...fresh } = spec
  const installed = await to.said((a) => a.install(id, withRoomForArchive(fresh)))
  if (installed.installation && !installed.installation.ok) throw new HostingError(`${to.node.name} cannot run this server: ${installed.installation.reason ?? 'no reason given'}`)
  if (!installed.port) throw new HostingError(`${to.node.name} gave the server no port.`)
  return installed.port
}

/** The agent compresses at most this many paths at once. */
const PATHS_PER_ARCHIVE = 100

/** One archive of `names` (top-level entries) made on the old node, streamed through the site, extracted on the new one; removed from both. */
async function copyArchive(from: NodeAgent, to: NodeAgent, id: string, names: string[]): Promise<void> {
  const { path: archive } = await from.said((a) => a.compress(id, names))
  try {
    const res = await from.said((a) => a.download(id, archive))
    const size = Number(res.headers.get('content-length'))
    if (!res.body || !Number.isSafeInteger(size)) throw new HostingError(`${from.node.name} sent the archive without its size.`)
    await to.said((a) => pushFile(a, id, archive, size, res.body as unknown as AsyncIterable<Uint8Array>))
    await to.said((a) => a.decompress(id, archive))
    await to.said((a) => a.deleteFiles(id, [archive]))
  } finally {
    // Not left in the owner's folder when the move fails (on success the old copy goes whole).
    await from.agent.deleteFiles(id, [archive]).catch(() => null)
  }
}

/**
 * Copies the old node's folder to the new one, as archives of its top-level entries, then gives the
 * new node its settings again: the extracted server.properties is the old node's, with the old
 * port, which that install puts right (and the plan's storage back). The game must be stopped.
 */
export async function copyFolder(from: NodeAgent, to: NodeAgent, id: string, spec: MoveSpec, port: number): Promise<void> {
  await from.said((a) => a.install(id, withRoomForArchive(spec)))
  const names = (await from.said((a) => a.listFiles(id, ''))).entries.map((e) => e.name)
  for (let at = 0; at < names.length; at += PATHS_PER_ARCHIVE) await copyArchive(from, to, id, names.slice(at, at + PATHS_PER_ARCHIVE))
  await to.said((a) => a.install(id, { ...spec, port }))
}

/**
 * The server's finished backups, copied from the old node to the new one with their ids, names and
 * checksums (the new node checks each archive's SHA-256): the site's records stay true once the old
 * node forgets the server. A failed backup has no archive: retried later, it is made on the new node.
 */
export async function copyBackups(from: NodeAgent, to: NodeAgent, id: string): Promise<number> {
  const ready = (await from.said((a) => a.listBackups(id))).backups.filter((b) => b.state === 'ready')
  for (const backup of ready) {
    const res = await from.said((a) => a.downloadBackup(id, backup.uuid))
    const size = Number(res.headers.get('content-length'))
    if (!res.body || !Number.isSafeInteger(size)) throw new HostingError(`${from.node.name} sent backup ${backup.name ?? backup.uuid} without its size.`)
    const meta = { ...backup, size }
    await to.said((a) => sendInChunks(size, res.body as unknown as AsyncIterable<Uint8Array>, (offset, chunk) => a.importBackupChunk(id, meta, offset, chunk)))
  }
  return ready.length
}

/**
 * A move that failed: the new node forgets the server; the old one, when it was `touched` (the game
 * stopped, its storage raised), gets its plan's storage back and its game, when it ran. Each is tried whatever the others do; what could not be done is answered.
 */
export async function undoCopy(from: NodeAgent, to: NodeAgent, id: string, spec: MoveSpec, old: { touched: boolean; restart: boolean }): Promise<{ started: boolean; left: string[] }> {
  const left: string[] = []
  const attempt = async (what: string, work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work()
      return true
    } catch (error) {
      left.push(`${what} (${error instanceof Error ? error.message : String(error)})`)
      return false
    }
  }
  await attempt(`removing it from ${to.node.name}`, () =>
    to.agent.remove(id).catch((error: unknown) => {
      // Never installed there: nothing to remove.
      if (!(error instanceof AgentRefused && error.status === 404)) throw error
    }),
  )
  if (old.touched) await attempt(`giving ${from.node.name} its limits back`, () => from.agent.install(id, spec))
  const started = old.restart && (await attempt(`starting it on ${from.node.name}`, () => from.agent.power(id, 'start')))
  return { started, left }
}
