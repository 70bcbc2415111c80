import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process'
import { realpathSync } from 'node:fs'
import { rmdir } from 'node:fs/promises'
import { constants } from 'node:os'
import type { Readable } from 'node:stream'

import { nodeArgs as startupArgs } from '../../../lib/hosting/startup'
import { forEachLine } from '../lines'
import type { ExitInfo, GameInstance, Isolation, LaunchSpec, LineSink, Runtime } from '../types'
import { bubblewrapArgs, bubblewrapWorks, STATUS_FD } from './bubblewrap'
import { type Controller, prepareParents, ServerCgroups } from './cgroupV1'
import { endLeftovers } from './leftovers'
import { ProcSampler } from './procStats'

export type ProcessRuntimeOptions = {
  /** Where game ports listen (AGENT_HOST). */
  host: string
  /** The app's node_modules (flying-squid and its packages), bound read-only into the sandbox. */
  nodeModules: string
  /** Names this agent's cgroups (two agents on one machine keep apart). */
  groupName: string
  stopTimeoutMs: number
  log: (message: string) => void
}

/**
 * Runs each game as a child process of the agent: inside bubblewrap and cgroup v1 limits when the
 * agent runs as root on a machine that offers them, else as a plain child process (and /health says
 * which limits hold).
 */
export function processRuntime(opts: ProcessRuntimeOptions): Runtime {
  let useBubblewrap = false
  let parents: Record<Controller, string | null> = { memory: null, pids: null, cpu: null }
  const notes: string[] = []

  async function prepare() {
    const root = process.getuid?.() === 0
    if (!root) {
      notes.push('The agent does not run as root: no bubblewrap sandbox and no cgroup limits; games run as plain child processes.')
      return
    }
    const bwrap = bubblewrapWorks()
    useBubblewrap = bwrap.ok
    if (!bwrap.ok) notes.push(`No sandbox: ${bwrap.why}.`)
    parents = await prepareParents(opts.groupName)
    for (const [controller, dir] of Object.entries(parents)) {
      if (!dir) notes.push(`The plan's ${controller} limit is not enforced: no writable cgroup v1 ${controller} hierarchy.`)
    }
  }

  function isolation(): Isolation {
    return {
      bubblewrap: useBubblewrap,
      cgroup: { memory: parents.memory !== null, pids: parents.pids !== null, cpu: parents.cpu !== null },
      container: false,
      notes,
    }
  }

  async function launch(spec: LaunchSpec, onLine: LineSink): Promise<GameInstance> {
    const groups = await ServerCgroups.create(parents, spec.id, spec.plan)
    // The heap cap (the owner's, else a share of the plan: V8 collects garbage before the cgroup kills) and allowed flags.
    const nodeArgs = [...startupArgs(spec.plan.ram_mb, spec.startup), spec.launcher]
    let command = useBubblewrap
      ? ['bwrap', ...bubblewrapArgs({ serverDir: spec.dir, nodeModules: opts.nodeModules, launcher: spec.launcher }), ...nodeArgs]
      : [realpathSync(process.execPath), ...nodeArgs]
    const procs = groups.procsFiles()
    if (procs.length) {
      // The shell joins the groups, then becomes the game (or bwrap): no moment runs unlimited.
      command = ['/bin/sh', '-c', 'for f in $BLOCKFORGE_CGROUPS; do echo $$ > "$f" || exit 125; done; unset BLOCKFORGE_CGROUPS; exec "$@"', 'sh', ...command]
    }
    // Only what the game needs: the agent's own environment (its token) stays out.
    const env: Record<string, string> = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: useBubblewrap ? '/tmp' : spec.dir,
      LANG: 'C.UTF-8',
      BLOCKFORGE_GAME_VERSION: spec.gameVersion,
      BLOCKFORGE_BIND_HOST: opts.host,
      ...(procs.length ? { BLOCKFORGE_CGROUPS: procs.join(' ') } : {}),
    }
    const stdio: StdioOptions = ['pipe', 'pipe', 'pipe', useBubblewrap ? 'pipe' : 'ignore']
    // (The site's ProcessEnv declaration requires NODE_ENV; the game's environment has none.)
    const child: ChildProcess = spawn(command[0], command.slice(1), { cwd: spec.dir, env: env as NodeJS.ProcessEnv, stdio })
    child.stdin?.on('error', () => undefined) // writes after the game exited
    forEachLine(child.stdout as Readable, onLine)
    forEachLine(child.stderr as Readable, onLine)

    const exited = new Promise<ExitInfo>((resolve) => {
      child.once('exit', (code, signal) => {
        void (async () => {
          const oomKilled = await groups.oomKilled()
          await groups.remove()
          resolve({ exitCode: code ?? (signal ? 128 + signalNumber(signal) : null), oomKilled })
        })()
      })
      child.once('error', (err) => {
        onLine(`[blockforge] Could not run the game: ${err.message}`)
        void groups.remove().then(() => resolve({ exitCode: null, oomKilled: false }))
      })
    })

    const gamePid = useBubblewrap ? await childPidFromStatus(child, exited) : child.pid
    return instanceOf(child, gamePid ?? null, exited, spec.plan.cpu_cores)
  }

  /** Removes this agent's parent groups (each game's own group went with its exit). */
  async function close() {
    for (const dir of Object.values(parents)) if (dir) await rmdir(dir).catch(() => undefined)
  }

  async function adopt(spec: LaunchSpec): Promise<GameInstance | null> {
    await endLeftovers(spec.dir, opts.stopTimeoutMs, opts.log)
    return null
  }

  return { name: 'process', loaders: ['flying-squid'], prepare, isolation, launch, adopt, forget: async () => undefined, close }
}

/** How long bwrap may take to report the game's pid before the game is signalled through bwrap. */
const STATUS_WAIT_MS = 10_000

/** bwrap's first status line names the game's pid; null if bwrap exits or says nothing in time. */
function childPidFromStatus(child: ChildProcess, exited: Promise<ExitInfo>): Promise<number | null> {
  return new Promise((resolve) => {
    const status = child.stdio[STATUS_FD] as Readable | null
    if (!status) return resolve(null)
    const timer = setTimeout(() => resolve(null), STATUS_WAIT_MS)
    let text = ''
    status.setEncoding('utf8')
    status.on('data', (chunk: string) => {
      text += chunk
      const m = /"child-pid":\s*(\d+)/.exec(text)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      resolve(null)
    })
  })
}

function instanceOf(child: ChildProcess, gamePid: number | null, exited: Promise<ExitInfo>, cores: number): GameInstance {
  let done = false
  void exited.then(() => (done = true))
  const signalGame = (sig: NodeJS.Signals) => {
    if (done) return
    try {
      if (gamePid) process.kill(gamePid, sig)
      else child.kill(sig)
    } catch {
      // It exited in between.
    }
  }
  const sampler = gamePid ? new ProcSampler(gamePid, cores) : null
  return {
    exited,
    write: (line) => {
      if (!done) child.stdin?.write(`${line}\n`)
    },
    stop: () => signalGame('SIGTERM'),
    kill: () => {
      signalGame('SIGKILL')
      if (!done) child.kill('SIGKILL')
    },
    usage: async () => (done || !sampler ? null : sampler.usage()),
  }
}

const signalNumber = (signal: NodeJS.Signals): number => constants.signals[signal] ?? 0
