import { describe, expect, it } from 'vitest'

import type { ExitInfo, GameInstance, LineSink, Runtime } from '../../src/agent/runtime/types'
import { ManagedServer } from '../../src/agent/servers/managedServer'
import type { ServerRecord } from '../../src/agent/servers/records'
import { waitFor } from './harness'

/** A game the test drives: it becomes ready, exits, or ignores signals when told to. */
class FakeGame implements GameInstance {
  readonly signals: string[] = []
  readonly written: string[] = []
  private finish!: (info: ExitInfo) => void
  readonly exited = new Promise<ExitInfo>((resolve) => (this.finish = resolve))
  constructor(
    private readonly onLine: LineSink,
    private readonly behaviour: { ignoreStop?: boolean; ignoreKill?: boolean },
  ) {}
  ready() {
    this.onLine('\u001b[1G> [blockforge] Ready: listening on 127.0.0.1:1 (game 1.21.4)')
  }
  print(line: string) {
    this.onLine(line)
  }
  exit(exitCode: number, oomKilled = false) {
    this.finish({ exitCode, oomKilled })
  }
  write(line: string) {
    this.written.push(line)
  }
  stop() {
    this.signals.push('TERM')
    if (!this.behaviour.ignoreStop) this.exit(0)
  }
  kill() {
    this.signals.push('KILL')
    if (!this.behaviour.ignoreKill) this.exit(137)
  }
  async usage() {
    return { cpuPercent: 250, ramUsageBytes: 1234 }
  }
}

function setup(behaviour: { ignoreStop?: boolean; ignoreKill?: boolean; launchHangs?: boolean } = {}) {
  const games: FakeGame[] = []
  const runtime: Runtime = {
    name: 'process',
    loaders: ['flying-squid'],
    prepare: async () => undefined,
    isolation: () => ({ bubblewrap: false, cgroup: { memory: false, pids: false, cpu: false }, container: false, notes: [] }),
    launch: async (_spec, onLine) => {
      if (behaviour.launchHangs) await new Promise(() => undefined)
      const game = new FakeGame(onLine, behaviour)
      games.push(game)
      return game
    },
    adopt: async () => null,
    forget: async () => undefined,
    close: async () => undefined,
  }
  const record: ServerRecord = {
    id: 'life',
    loader: 'flying-squid',
    game_version: '1.21.4',
    plan: { ram_mb: 256, swap_mb: 0, cpu_cores: 0.5, storage_mb: 100, max_players: 5 },
    port: 25600,
    installed: true,
    install_error: null,
    want_running: false,
    created_at: new Date().toISOString(),
  }
  const warnings: string[] = []
  const server = new ManagedServer(record, {
    runtime,
    startTimeoutMs: 300,
    stopTimeoutMs: 200,
    resetGraceMs: 200,
    launcher: '/nowhere.mjs',
    dir: '/nowhere',
    persist: async () => undefined,
    warn: (m) => warnings.push(m),
  })
  const states: string[] = []
  server.on('power-state', (m) => states.push(m.state))
  return { server, games, states, warnings, game: () => games[games.length - 1] }
}

describe('a server’s life never gets stuck', () => {
  it('runs once the launcher says it is ready, reading plain lines', async () => {
    const { server, game, states } = setup()
    await server.start()
    expect(server.state).toBe('starting')
    game().ready()
    expect(server.state).toBe('running')
    expect(server.logs.last(1)).toEqual(['[blockforge] Ready: listening on 127.0.0.1:1 (game 1.21.4)'])
    game().print('[blockforge] Players online: 3')
    expect(await server.stats()).toMatchObject({ cpu_percent: 100, players_online: 3, ram_total_bytes: 256 * 2 ** 20 })
    server.command('say hi')
    expect(game().written).toEqual(['say hi'])
    expect(states).toEqual(['starting', 'running'])
  })

  it('a start that is not ready in time is killed and ends crashed with the last lines', async () => {
    const { server, game } = setup()
    await server.start()
    game().print('loading chunks')
    await waitFor('crashed', () => server.state === 'crashed', 3000)
    expect(game().signals).toEqual(['KILL'])
    expect(server.view('h')).toMatchObject({ last_error: 'The server did not become ready within 0.3 s.', last_log_lines: ['loading chunks'] })
  })

  it('a launch that never returns still ends crashed at the start timeout, and can be stopped before', async () => {
    const { server } = setup({ launchHangs: true })
    void server.start()
    await waitFor('crashed', () => server.state === 'crashed', 3000)
    expect(server.view('h').last_error).toBe('The server did not become ready within 0.3 s.')
    void server.start()
    await waitFor('starting', () => server.state === 'starting', 1000)
    await server.stop()
    expect(server.state).toBe('stopped')
  })

  it('an exit nobody asked for is a crash, and out of memory says so', async () => {
    const { server, game } = setup()
    await server.start()
    game().ready()
    game().exit(137, true)
    await waitFor('crashed', () => server.state === 'crashed', 1000)
    expect(server.view('h')).toMatchObject({ exit_code: 137, oom_killed: true, last_error: expect.stringContaining('ran out of memory') })
    expect(server.record.want_running).toBe(false)
  })

  it("the game's own clean exit (the console's `stop`) is stopped, not crashed", async () => {
    const { server, game } = setup()
    await server.start()
    game().ready()
    game().exit(0)
    await waitFor('stopped', () => server.state === 'stopped', 1000)
    expect(server.view('h')).toMatchObject({ exit_code: 0, last_error: null })
  })

  it('a stop the game ignores becomes a kill after the stop timeout', async () => {
    const { server, game, states } = setup({ ignoreStop: true })
    await server.start()
    game().ready()
    await server.stop()
    expect(server.state).toBe('stopping')
    await waitFor('stopped', () => server.state === 'stopped', 3000)
    expect(game().signals).toEqual(['TERM', 'KILL'])
    expect(states.slice(-2)).toEqual(['stopping', 'stopped'])
  })

  it('restart stops, then starts a new game', async () => {
    const { server, games } = setup()
    await server.start()
    games[0].ready()
    await server.restart()
    await waitFor('a second game', () => games.length === 2 && server.state === 'starting', 3000)
    games[1].ready()
    expect(server.state).toBe('running')
  })

  it('reset marks it stopped even when the runtime never reports the killed game’s exit', async () => {
    const { server, game, warnings } = setup({ ignoreStop: true, ignoreKill: true })
    await server.start()
    game().ready()
    await server.reset()
    expect(server.state).toBe('stopped')
    expect(server.active).toBe(false)
    expect(warnings.join('\n')).toContain('letting it go')
    // And it can start again.
    await server.start()
    expect(server.state).toBe('starting')
  })

  it('a command to a stopped server is refused', () => {
    const { server } = setup()
    expect(() => server.command('say hi')).toThrow('The server is not running.')
  })
})
