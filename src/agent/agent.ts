import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { AgentConfig } from './env'
import { dockerRuntime } from './runtime/docker/dockerRuntime'
import { processRuntime } from './runtime/process/processRuntime'
import type { Runtime } from './runtime/types'
import { createAgentServer } from './server'
import { ServerManager } from './servers/manager'

/** The repository's root: node_modules and package.json are there. */
export const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const DEFAULT_LAUNCHER = path.join(APP_ROOT, 'src/agent/launcher/flying-squid.mjs')

export type AgentOptions = {
  config: AgentConfig
  /** Test hook: another launcher script (one that never becomes ready, say). */
  launcher?: string
  log?: (message: string) => void
}

export type RunningAgent = {
  url: string
  port: number
  manager: ServerManager
  runtime: Runtime
  /**
   * Stops listening. The process runtime's games are stopped (saving; they would not survive the
   * agent); docker's keep running for the next agent to take over — unless `stopGames`.
   */
  close(opts?: { stopGames?: boolean }): Promise<void>
}

/** Partial uploads older than a day are removed at the start and then this often. */
const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000

const agentVersion = (): string => (JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version

/** Starts an agent: detects the runtime's isolation, finds its servers again, listens. */
export async function startAgent(opts: AgentOptions): Promise<RunningAgent> {
  const { config } = opts
  const log = opts.log ?? ((message: string) => console.log(`[agent] ${message}`))
  // Names this agent's cgroups and containers, so two agents (two data dirs) never touch each other's.
  const groupName = `bf-${createHash('sha256').update(config.dataDir).digest('hex').slice(0, 10)}`
  const nodeModules = path.join(APP_ROOT, 'node_modules')
  const runtime =
    config.runtime === 'docker'
      ? dockerRuntime({ host: config.host, nodeModules, groupName, log })
      : processRuntime({ host: config.host, nodeModules, groupName, stopTimeoutMs: config.stopTimeoutMs, log })
  await runtime.prepare()

  const manager = new ServerManager({ config, runtime, launcher: opts.launcher ?? DEFAULT_LAUNCHER, agentVersion: agentVersion(), log })
  await manager.load()
  const sweepUploads = () =>
    manager.uploads.sweep().then(
      (n) => n && log(`Removed ${n} partial upload${n === 1 ? '' : 's'} older than a day`),
      (err: unknown) => log(`Could not sweep the partial uploads: ${err instanceof Error ? err.message : err}`),
    )
  await sweepUploads()
  const sweeper = setInterval(() => void sweepUploads(), UPLOAD_SWEEP_EVERY_MS).unref()

  const { server, close: closeServer } = createAgentServer({ manager, token: config.token, publicHost: config.publicHost, log })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const isolation = runtime.isolation()
  log(`Listening on http://${config.host}:${port} (runtime ${runtime.name}; data ${config.dataDir})`)
  for (const note of isolation.notes) log(note)

  let closing: Promise<void> | null = null
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    manager,
    runtime,
    close: (closeOpts = {}) =>
      (closing ??= (async () => {
        clearInterval(sweeper)
        await closeServer()
        // A backup being made fails as after a restart (its partial archive removed), a restore stops before its swap.
        await manager.backups.close()
        if (runtime.name === 'process' || closeOpts.stopGames) await manager.stopAll()
        await runtime.close()
      })()),
  }
}
