import type { Startup } from '../../lib/hosting/startup'
import type { RuntimeName } from '../env'

/** What a server's plan allows it (the site's billing product). */
export type Plan = { ram_mb: number; swap_mb: number; cpu_cores: number; storage_mb: number; max_players: number }

/** One start of one server's game. */
export type LaunchSpec = {
  id: string
  /** The server's folder (absolute): the game's working directory, the only place it may write. */
  dir: string
  port: number
  plan: Plan
  gameVersion: string
  /** The owner's heap cap and Node flags (src/lib/hosting/startup.ts `nodeArgs` turns them into arguments). */
  startup?: Startup
  /** The launcher script (absolute): src/agent/launcher/flying-squid.mjs unless a test swaps it. */
  launcher: string
}

export type ExitInfo = { exitCode: number | null; oomKilled: boolean }

/** CPU as a share of the plan's cores (0–100) and resident memory. */
export type Usage = { cpuPercent: number; ramUsageBytes: number }

/** A running game, whichever runtime runs it. */
export interface GameInstance {
  /** Settles once the game has exited (never rejects). */
  readonly exited: Promise<ExitInfo>
  /** A console line to the game's stdin. */
  write(line: string): void
  /** Asks the game to save and exit (SIGTERM to the game's own process). */
  stop(): void
  /** Ends it now. */
  kill(): void
  usage(): Promise<Usage | null>
}

/** Receives the game's output, one line at a time (stdout and stderr alike). */
export type LineSink = (line: string) => void

/** What a runtime enforces on this machine, as /health reports it. */
export type Isolation = {
  /** The game runs in its own mount, pid, ipc and uts namespaces, seeing only what it needs. */
  bubblewrap: boolean
  /** The plan's limits, each enforced by the kernel (a cgroup, the container's or our own). */
  cgroup: { memory: boolean; pids: boolean; cpu: boolean }
  /** Each server is its own container (read-only root, no capabilities). */
  container: boolean
  /** Why something is not enforced, in words. */
  notes: string[]
}

export interface Runtime {
  readonly name: RuntimeName
  /** Detects what the machine offers (and builds the docker image once); called before anything else. */
  prepare(): Promise<void>
  isolation(): Isolation
  /** Game loaders this runtime can install. */
  readonly loaders: readonly string[]
  launch(spec: LaunchSpec, onLine: LineSink): Promise<GameInstance>
  /**
   * The game of `spec` still running from before the agent restarted, taken over (docker), or
   * null. The process runtime ends such leftovers instead (they lost their console) and gives null.
   */
  adopt(spec: LaunchSpec, onLine: LineSink): Promise<GameInstance | null>
  /** Removes what the runtime keeps for a deleted server besides its folder (its container). */
  forget(id: string): Promise<void>
  /** Lets go of what the runtime holds when the agent closes (docker's games keep running). */
  close(): Promise<void>
}
