import { EventEmitter } from 'node:events'

import type { BackupMessage, GameState, PowerStateMessage, StatsMessage } from '../../lib/hosting/protocol'
import type { GameInstance, LaunchSpec, Runtime } from '../runtime/types'
import { isReadyLine, isSaveLine, plainLine, playersOnline } from './launcherLines'
import { LogBuffer } from './logBuffer'
import type { ServerRecord } from './records'

/** Refused because of the server's state (HTTP 409). */
export class ServerConflict extends Error {}

export type ServerEvents = {
  log: [line: string]
  'power-state': [message: PowerStateMessage]
  'installation-result': [result: { ok: boolean; reason?: string }]
  stats: [message: StatsMessage]
  /** A backup of this server being made or restored (src/agent/servers/backups.ts). */
  backup: [message: BackupMessage]
  removed: []
  /** Internal: the game exited (waiters of `settled`). */
  settled: []
}

export type ManagedServerDeps = {
  runtime: Runtime
  startTimeoutMs: number
  stopTimeoutMs: number
  launcher: string
  dir: string
  persist: (record: ServerRecord) => Promise<void>
  warn: (message: string) => void
  /** How long a reset waits for a killed game before letting go of it anyway (10 s). */
  resetGraceMs?: number
}

/** How many of the log's last lines a crash report carries. */
const CRASH_LINES = 20
const STATS_EVERY_MS = 2000

const MiB = 2 ** 20

/**
 * One server on this node and its game's life: stopped → starting → running → stopping → stopped,
 * or crashed. Every transition that waits has a deadline (the start timeout, the stop timeout, the
 * reset's grace), so no state is forever; a start that is not ready in time and an exit nobody asked
 * for end `crashed` with the reason and the log's last lines.
 */
export class ManagedServer extends EventEmitter<ServerEvents> {
  state: GameState = 'stopped'
  private lastError: string | null = null
  private lastLines: string[] = []
  private exitCode: number | null = null
  private oomKilled = false
  private players = 0
  readonly logs = new LogBuffer()

  private instance: GameInstance | null = null
  private startTimer: NodeJS.Timeout | null = null
  private stopTimer: NodeJS.Timeout | null = null
  private stopRequested = false
  private startTimedOut = false
  /** Counts starts (and what cancels one), so a late launch or timer of an earlier one is ignored. */
  private attempt = 0
  private statsTimer: NodeJS.Timeout | null = null
  private statsWatchers = 0

  constructor(
    public record: ServerRecord,
    private readonly deps: ManagedServerDeps,
  ) {
    super()
  }

  private get grace(): number {
    return this.deps.resetGraceMs ?? 10_000
  }

  get id(): string {
    return this.record.id
  }
  get dir(): string {
    return this.deps.dir
  }
  /** The game is up or on its way (a process or container exists). */
  get active(): boolean {
    return this.instance !== null
  }

  private spec(): LaunchSpec {
    const r = this.record
    return { id: r.id, dir: this.deps.dir, port: r.port, plan: r.plan, gameVersion: r.game_version, startup: r.startup, launcher: this.deps.launcher }
  }

  private setState(state: GameState): void {
    this.state = state
    this.emit('power-state', this.powerState())
  }

  powerState(): PowerStateMessage {
    return { event: 'power-state', state: this.state, oom_killed: this.oomKilled, exit_code: this.exitCode }
  }

  /** What GET /servers/:id answers. */
  view(publicHost: string) {
    const r = this.record
    const lastError = r.install_error ?? this.lastError
    return {
      id: r.id,
      state: this.state,
      port: r.port,
      address: `${publicHost}:${r.port}`,
      installed: r.installed,
      loader: r.loader,
      game_version: r.game_version,
      plan: r.plan,
      startup: r.startup ?? {},
      players_online: this.players,
      exit_code: this.exitCode,
      oom_killed: this.oomKilled,
      last_error: lastError,
      ...(lastError ? { last_log_lines: this.lastLines.length ? this.lastLines : this.logs.last(CRASH_LINES) } : {}),
    }
  }

  private async wantRunning(value: boolean): Promise<void> {
    if (this.record.want_running === value) return
    this.record = { ...this.record, want_running: value }
    await this.deps.persist(this.record).catch((err) => this.deps.warn(`Could not save ${this.id}'s record: ${err}`))
  }

  private onLine(raw: string): void {
    const line = plainLine(raw)
    if (line.trim() === '') return
    this.logLine(line)
    const players = playersOnline(line)
    if (players !== null) this.players = players
    if (this.state === 'starting' && isReadyLine(line)) {
      this.clearStartTimer()
      this.setState('running')
    }
  }

  private logLine(line: string): void {
    this.logs.push(line)
    this.emit('log', line)
  }

  private clearStartTimer() {
    if (this.startTimer) clearTimeout(this.startTimer)
    this.startTimer = null
  }

  private take(instance: GameInstance): void {
    this.instance = instance
    void instance.exited.then((info) => this.onExit(instance, info))
  }

  /** Armed before the runtime is asked to launch, so even a launch that hangs ends `crashed`. */
  private armStartTimer(attempt: number): void {
    this.clearStartTimer()
    this.startTimer = setTimeout(() => this.onStartTimeout(attempt), this.deps.startTimeoutMs)
  }

  /** Whether start `attempt` is the current one and has not ended (a method: state changes across awaits). */
  private stillStarting(attempt: number): boolean {
    return attempt === this.attempt && this.state === 'starting'
  }

  private onStartTimeout(attempt: number): void {
    if (!this.stillStarting(attempt)) return
    this.startTimedOut = true
    this.lastError = `The server did not become ready within ${Number((this.deps.startTimeoutMs / 1000).toFixed(1))} s.`
    if (this.instance) return this.instance.kill() // its exit marks it crashed
    this.lastLines = this.logs.last(CRASH_LINES)
    void this.wantRunning(false)
    this.setState('crashed')
  }

  private onExit(instance: GameInstance, info: { exitCode: number | null; oomKilled: boolean }): void {
    if (this.instance !== instance) return
    this.instance = null
    this.clearStartTimer()
    if (this.stopTimer) clearTimeout(this.stopTimer)
    this.stopTimer = null
    this.exitCode = info.exitCode
    this.oomKilled = info.oomKilled
    this.players = 0
    // A clean exit nobody here asked for is the console's `stop`: stopped, not crashed.
    const selfStopped = info.exitCode === 0 && !info.oomKilled
    if (!this.stopRequested) void this.wantRunning(false)
    if (this.startTimedOut || (!this.stopRequested && !selfStopped)) {
      if (!this.startTimedOut) {
        this.lastError = info.oomKilled
          ? 'The server ran out of memory: the kernel killed it (raise the plan, or lower view-distance and max-players).'
          : `The server exited unexpectedly (exit code ${info.exitCode ?? 'none'}).`
      }
      this.lastLines = this.logs.last(CRASH_LINES)
      this.setState('crashed')
    } else {
      this.setState('stopped')
    }
    this.emit('settled')
  }

  /** Resolves once no game runs, or after `ms` (then false). */
  private settled(ms: number): Promise<boolean> {
    if (!this.instance) return Promise.resolve(true)
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer)
        this.off('settled', onSettled)
        resolve(ok)
      }
      const onSettled = () => done(true)
      const timer = setTimeout(() => done(false), ms)
      this.on('settled', onSettled)
    })
  }

  /** Starts the game; resolves once it is starting (readiness is followed in the background). */
  async start(): Promise<void> {
    if (!this.record.installed) throw new ServerConflict(this.record.install_error ?? 'This server is not installed.')
    if (this.state === 'stopping') await this.settled(this.deps.stopTimeoutMs + this.grace)
    if (this.state === 'starting' || this.state === 'running' || this.state === 'stopping') return
    this.stopRequested = false
    this.startTimedOut = false
    this.lastError = null
    this.lastLines = []
    this.exitCode = null
    this.oomKilled = false
    this.players = 0
    const attempt = ++this.attempt
    this.setState('starting')
    this.armStartTimer(attempt)
    await this.wantRunning(true)
    let instance: GameInstance
    try {
      instance = await this.deps.runtime.launch(this.spec(), (line) => this.onLine(line))
    } catch (err) {
      if (!this.stillStarting(attempt)) return
      this.clearStartTimer()
      this.lastError = `The server could not be started: ${err instanceof Error ? err.message : err}`
      this.lastLines = this.logs.last(CRASH_LINES)
      await this.wantRunning(false)
      this.setState('crashed')
      return
    }
    // Timed out, reset or killed while the runtime was launching: this game is not wanted.
    if (!this.stillStarting(attempt)) return instance.kill()
    this.take(instance)
  }

  /** Takes over a game still running from before the agent restarted (docker), if the runtime can. */
  async adopt(): Promise<boolean> {
    const instance = await this.deps.runtime.adopt(this.spec(), (line) => this.onLine(line))
    if (!instance) return false
    this.state = 'starting'
    // The container's recent output was replayed through onLine: a Ready line there means running.
    if (this.logs.last(200).some(isReadyLine)) this.state = 'running'
    else this.armStartTimer(++this.attempt)
    this.take(instance)
    this.emit('power-state', this.powerState())
    return true
  }

  /**
   * Asks the game to save and exit; a game that has not exited when the stop timeout passes is
   * killed. `keepWanted` (the agent itself stopping) leaves it marked for AGENT_AUTOSTART.
   */
  async stop(opts: { keepWanted?: boolean } = {}): Promise<void> {
    if (!opts.keepWanted) await this.wantRunning(false)
    const instance = this.instance
    if (!instance) return this.cancelPendingStart()
    if (this.state === 'stopping') return
    this.stopRequested = true
    this.clearStartTimer()
    this.setState('stopping')
    instance.stop()
    this.stopTimer = setTimeout(() => {
      this.deps.warn(`${this.id} did not stop within ${this.deps.stopTimeoutMs} ms: killing it`)
      instance.kill()
    }, this.deps.stopTimeoutMs)
  }

  /** A start whose launch has not returned yet is called off (its game is killed when it arrives). */
  private cancelPendingStart(): void {
    if (this.state !== 'starting') return
    this.attempt++
    this.clearStartTimer()
    this.setState('stopped')
  }

  /** `stop`, then waits for the exit (bounded by the stop timeout and the kill after it). */
  async stopAndWait(opts: { keepWanted?: boolean } = {}): Promise<void> {
    await this.stop(opts)
    await this.settled(this.deps.stopTimeoutMs + this.grace)
  }

  async restart(): Promise<void> {
    if (!this.instance) return this.start()
    await this.stop()
    // The reply says `stopping`; the start follows once the game has exited.
    void this.settled(this.deps.stopTimeoutMs + this.grace).then(() =>
      this.start().catch((err) => this.deps.warn(`Restarting ${this.id}: ${err instanceof Error ? err.message : err}`)),
    )
  }

  async kill(): Promise<void> {
    await this.wantRunning(false)
    const instance = this.instance
    if (!instance) return this.cancelPendingStart()
    this.stopRequested = true
    this.clearStartTimer()
    instance.kill()
    await this.settled(this.grace)
  }

  /**
   * Unsticks a server whatever it is doing: kills any game, and marks it stopped even if the
   * runtime never reports the exit (the instance is then let go).
   */
  async reset(): Promise<void> {
    await this.kill()
    if (this.instance) {
      this.deps.warn(`${this.id}: the runtime did not report the killed game's exit; letting it go`)
      this.instance = null
    }
    this.clearStartTimer()
    if (this.stopTimer) clearTimeout(this.stopTimer)
    this.stopTimer = null
    this.setState('stopped')
  }

  /**
   * Asks a running game to write its world now (`save-all`) and waits for its answer, at most
   * `timeoutMs`; resolves whether it saved (false: not running, no answer in time, or a failure).
   */
  async saveWorld(timeoutMs: number): Promise<boolean> {
    if (!this.instance || this.state !== 'running') return false
    return new Promise<boolean>((resolve) => {
      const done = (saved: boolean) => {
        clearTimeout(timer)
        this.off('log', onLog)
        resolve(saved)
      }
      const onLog = (line: string) => {
        if (isSaveLine(line)) done(line === '[blockforge] Saved the game')
      }
      const timer = setTimeout(() => done(false), timeoutMs)
      this.on('log', onLog)
      try {
        this.command('save-all')
      } catch {
        done(false)
      }
    })
  }

  /** A console line to the game. */
  command(line: string): void {
    if (!this.instance || (this.state !== 'running' && this.state !== 'starting')) throw new ServerConflict('The server is not running.')
    this.instance.write(line)
    // The game does not echo console input; the web console shows what was sent, as a terminal would.
    this.logLine(`> ${line}`)
  }

  async stats(): Promise<StatsMessage> {
    const usage = this.instance ? await this.instance.usage().catch(() => null) : null
    return {
      event: 'stats',
      cpu_percent: Math.round(Math.min(100, Math.max(0, usage?.cpuPercent ?? 0)) * 10) / 10,
      ram_usage_bytes: usage?.ramUsageBytes ?? 0,
      ram_total_bytes: this.record.plan.ram_mb * MiB,
      players_online: this.players,
    }
  }

  /** `stats` events every 2 s while anyone watches; returns the way to stop watching. */
  watchStats(): () => void {
    this.statsWatchers++
    if (!this.statsTimer) {
      this.statsTimer = setInterval(() => {
        void this.stats().then((s) => this.emit('stats', s))
      }, STATS_EVERY_MS)
    }
    let done = false
    return () => {
      if (done) return
      done = true
      if (--this.statsWatchers === 0 && this.statsTimer) {
        clearInterval(this.statsTimer)
        this.statsTimer = null
      }
    }
  }

  /** Records an install's outcome and tells the console. */
  async installed(record: ServerRecord): Promise<void> {
    this.record = record
    await this.deps.persist(record)
    this.emit('installation-result', record.installed ? { ok: true } : { ok: false, reason: record.install_error ?? 'Not installed.' })
  }
}
