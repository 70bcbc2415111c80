import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { status } from 'minecraft-server-util'
import mineflayer, { type Bot } from 'mineflayer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RuntimeName } from '../../src/agent/env'
import type { View } from '../../src/agent/server'
import { type PowerStateMessage, signRequest, type StatsMessage } from '../../src/lib/hosting/protocol'
import {
  ConsoleClient,
  consoleToken,
  rawCall,
  removeDir,
  signedHeaders,
  startTestAgent,
  type TestAgent,
  waitFor,
} from './harness'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/never-ready.mjs')
const GAME_VERSION = '1.21.4'
const plan = { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 1024, max_players: 7 }

type ServerView = View & { installation?: { ok: boolean; reason?: string } }

/**
 * What every runtime must do, through the agent's real HTTP and websocket API: the same suite runs
 * for the process runtime (tests/agent/process.agent.spec.ts) and docker (docker.agent.spec.ts).
 */
export function runtimeContract(runtime: RuntimeName): void {
  let agent: TestAgent
  const agents: TestAgent[] = []
  const bots: Bot[] = []
  const consoles: ConsoleClient[] = []
  const start = async (opts: Parameters<typeof startTestAgent>[0]) => {
    const a = await startTestAgent(opts)
    agents.push(a)
    return a
  }

  beforeAll(async () => {
    agent = await start({ runtime, env: { AGENT_AUTOSTART: 'true' } })
  })

  afterAll(async () => {
    for (const bot of bots) bot.end()
    for (const c of consoles) c.close()
    for (const a of agents.reverse()) {
      for (const server of a.manager.list()) await a.call('DELETE', `/servers/${server.id}`).catch(() => undefined)
      await a.close({ stopGames: true })
      removeDir(a.dataDir)
    }
  })

  const view = async (id: string) => (await agent.call<ServerView>('GET', `/servers/${id}`)).body
  const waitState = async (id: string, state: View['state'], timeoutMs = 30_000) => {
    let last: ServerView | null = null
    try {
      return await waitFor(`${id} to be ${state}`, async () => {
        last = await view(id)
        return last.state === state ? last : null
      }, timeoutMs)
    } catch (err) {
      // What it was instead, and what the game said, make a failure here readable.
      const lines = (await agent.call<{ lines: string[] }>('GET', `/servers/${id}/logs?lines=15`).catch(() => null))?.body.lines
      throw new Error(`${(err as Error).message}\nlast view: ${JSON.stringify(last)}\nlog: ${JSON.stringify(lines)}\nagent: ${JSON.stringify(agent.logs.slice(-5))}`)
    }
  }

  describe(`the ${runtime} agent's API`, () => {
    it('answers a signed /health with its runtime, isolation and capacity', async () => {
      const { status: code, body } = await agent.call('GET', '/health')
      expect(code).toBe(200)
      expect(body).toMatchObject({ ok: true, runtime, loaders: ['flying-squid'], capacity: { servers: 20 }, used: { servers: 0 }, protocol: 1 })
      expect(body.isolation).toMatchObject({ container: runtime === 'docker' })
    })

    it('refuses unsigned, forged, tampered, replayed and expired requests', async () => {
      const unsigned = await rawCall(agent.url, 'GET', '/health')
      expect(unsigned).toMatchObject({ status: 401, body: { error: 'unauthorized', description: 'This request is not signed.' } })

      const forged = await signedCallWith('another-token-0123456789', agent.url, 'GET', '/health')
      expect(forged.status).toBe(401)
      expect(forged.body.description).toContain('signature is wrong')

      const body = JSON.stringify({ plan })
      const tampered = await rawCall(agent.url, 'PUT', '/servers/tampered', signedHeaders('PUT', '/servers/tampered', body), JSON.stringify({ plan: { ...plan, ram_mb: 9999 } }))
      expect(tampered.status).toBe(401)

      const headers = signedHeaders('GET', '/health')
      expect((await rawCall(agent.url, 'GET', '/health', headers)).status).toBe(200)
      const replayed = await rawCall(agent.url, 'GET', '/health', headers)
      expect(replayed.status).toBe(401)
      expect(replayed.body.description).toContain('replay')

      const expired = await rawCall(agent.url, 'GET', '/health', signedHeaders('GET', '/health', '', Date.now() - 61_000))
      expect(expired.status).toBe(401)
      expect(expired.body.description).toContain('60 seconds')
    })

    it('refuses ids and paths that would leave a server folder', async () => {
      for (const raw of ['/servers/..%2F..%2Fetc/properties', '/servers/../properties', '/servers/a%2Fb', '/servers/%2e%2e', '/servers/.']) {
        const res = await rawCall(agent.url, 'GET', raw, signedHeaders('GET', raw))
        expect(res.status, raw).toBe(400)
        expect(res.body.error, raw).toBe('invalid_id')
      }
      const deep = '/servers/../../etc/passwd'
      expect((await rawCall(agent.url, 'GET', deep, signedHeaders('GET', deep))).status).toBe(404)
      expect(existsSync(path.join(agent.dataDir, 'records'))).toBe(true)
    })

    it('names every problem of a bad body', async () => {
      const res = await agent.call('PUT', '/servers/bad-body', { plan: { ram_mb: 'lots' }, properties: { gamemode: 'god', motd: 'a\nb' } })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('bad_request')
      expect(res.body.description).toMatch(/plan\.ram_mb/)
      expect(res.body.description).toMatch(/properties\.gamemode: gamemode must be one of survival/)
      expect((await agent.call('GET', '/servers/bad-body')).status).toBe(404)
    })

    it('installs a loader it cannot run as a clear failure, and will not start it', async () => {
      const res = await agent.call<ServerView>('PUT', '/servers/contract-paper', { plan, loader: 'paper', game_version: GAME_VERSION })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ installed: false, installation: { ok: false, reason: 'This node cannot install paper.' } })
      const startRes = await agent.call('POST', '/servers/contract-paper/power', { action: 'start' })
      expect(startRes).toMatchObject({ status: 409, body: { error: 'conflict', description: 'This node cannot install paper.' } })
      expect((await agent.call('DELETE', '/servers/contract-paper')).status).toBe(200)
    })
  })

  describe(`a ${runtime} server, from install to a saved world`, () => {
    const ID = `contract-${runtime}`
    const MOTD = `Contract ${runtime} server`
    let port = 0
    let seed = ''
    let console_: ConsoleClient
    let bot: Bot

    it('installs with the chosen properties (and again, idempotently)', async () => {
      const spec = { plan, game_version: GAME_VERSION, properties: { motd: MOTD, gamemode: 'survival', 'max-players': 7, 'spawn-protection': 0 } }
      const first = await agent.call<ServerView>('PUT', `/servers/${ID}`, spec)
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ id: ID, state: 'stopped', installed: true, installation: { ok: true } })
      port = first.body.port
      expect(port).toBeGreaterThanOrEqual(agent.config.portRange.first)
      const again = await agent.call<ServerView>('PUT', `/servers/${ID}`, spec)
      expect(again.body.port).toBe(port)
      const props = await agent.call<{ properties: Record<string, string> }>('GET', `/servers/${ID}/properties`)
      expect(props.body.properties).toMatchObject({ motd: MOTD, 'server-port': String(port), 'online-mode': 'false', 'max-players': '7' })
    })

    it('starts, and a status ping answers its MOTD and max players', async () => {
      console_ = await ConsoleClient.open(agent.url, ID)
      consoles.push(console_)
      console_.send({ event: 'auth', token: consoleToken(ID) })
      await console_.waitFor('auth-ok', (m) => m.event === 'auth-ok')

      const res = await agent.call<ServerView>('POST', `/servers/${ID}/power`, { action: 'start' })
      expect(res.status).toBe(202)
      expect(res.body.state).toBe('starting')
      await waitState(ID, 'running')
      await console_.waitFor('power-state running', (m): m is PowerStateMessage => m.event === 'power-state' && m.state === 'running')

      const ping = await status('127.0.0.1', port, { timeout: 5000, enableSRV: false })
      expect(ping.motd.clean).toBe(MOTD)
      expect(ping.players.max).toBe(7)
      expect(ping.version.name).toContain(GAME_VERSION)
      seed = /World seed: (-?\d+)/.exec((await agent.call<{ lines: string[] }>('GET', `/servers/${ID}/logs?lines=50`)).body.lines.join('\n'))?.[1] ?? ''
      expect(seed).not.toBe('')
    })

    it('a bot joins and chats, and the line reaches the console websocket', async () => {
      bot = mineflayer.createBot({ host: '127.0.0.1', port, username: 'Tester', auth: 'offline', version: GAME_VERSION, hideErrors: true })
      bots.push(bot)
      await new Promise<void>((resolve, reject) => {
        bot.once('spawn', () => resolve())
        bot.once('kicked', (reason) => reject(new Error(`kicked: ${reason}`)))
        bot.once('error', reject)
      })
      await waitFor('the bot to be in survival', () => bot.game.gameMode === 'survival', 5000)
      bot.chat('hello from the contract suite')
      await console_.waitFor('the chat line in the console', (m) => m.event === 'log' && m.line.includes('<Tester> hello from the contract suite'))
      const stats = await console_.waitFor('stats with a player', (m): m is StatsMessage => m.event === 'stats' && m.players_online === 1, 10_000)
      expect(stats.ram_usage_bytes).toBeGreaterThan(10 * 2 ** 20)
      expect(stats.ram_total_bytes).toBe(plan.ram_mb * 2 ** 20)
      expect(stats.cpu_percent).toBeGreaterThanOrEqual(0)
      expect(stats.cpu_percent).toBeLessThanOrEqual(100)
    })

    it('a console command takes effect: the bot sees its new game mode', async () => {
      console_.send({ event: 'command', line: 'gamemode creative Tester' })
      await waitFor('the bot to be in creative', () => bot.game.gameMode === 'creative', 10_000)
      const over = await agent.call('POST', `/servers/${ID}/command`, { line: 'gamemode adventure Tester' })
      expect(over.status).toBe(202)
      await waitFor('the bot to be in adventure', () => bot.game.gameMode === 'adventure', 10_000)
    })

    it("refuses another server's console token, and commands from a token without the console perm", async () => {
      const other = await ConsoleClient.open(agent.url, ID)
      consoles.push(other)
      other.send({ event: 'auth', token: consoleToken('another-server') })
      await waitFor('the close', () => other.closed)
      expect(other.closed).toMatchObject({ code: 4001 })

      const forged = await ConsoleClient.open(agent.url, ID)
      consoles.push(forged)
      forged.send({ event: 'command', line: 'op Tester' })
      await waitFor('the close', () => forged.closed)
      expect(forged.closed?.code).toBe(4001)

      const powerOnly = await ConsoleClient.open(agent.url, ID)
      consoles.push(powerOnly)
      powerOnly.send({ event: 'auth', token: consoleToken(ID, ['power']) })
      await powerOnly.waitFor('auth-ok', (m) => m.event === 'auth-ok')
      powerOnly.send({ event: 'command', line: 'gamemode survival Tester' })
      const refusal = await powerOnly.waitFor('an error', (m) => m.event === 'error')
      expect(refusal).toMatchObject({ description: 'This console token does not allow commands.' })
      expect(bot.game.gameMode).toBe('adventure')
    })

    it('stop saves the world and exits cleanly', async () => {
      bot.quit()
      await agent.call('POST', `/servers/${ID}/power`, { action: 'stop' })
      const stopped = await waitState(ID, 'stopped', 20_000)
      expect(stopped.exit_code).toBe(0)
      expect(stopped.last_error).toBeNull()
      const dir = path.join(agent.dataDir, 'servers', ID)
      expect(existsSync(path.join(dir, 'world', 'level.dat'))).toBe(true)
      expect(readFileSync(path.join(dir, 'server.properties'), 'utf8')).toContain(`motd=${MOTD}`)
    })

    it('after an agent restart the server is found again, AGENT_AUTOSTART runs it, and the seed is kept', async () => {
      await agent.call('POST', `/servers/${ID}/power`, { action: 'start' })
      await waitState(ID, 'running')
      await agent.close()
      agent = await start({ runtime, dataDir: agent.dataDir, portRange: `${agent.config.portRange.first}-${agent.config.portRange.last}`, env: { AGENT_AUTOSTART: 'true' } })
      const back = await waitState(ID, 'running')
      expect(back.port).toBe(port)
      // Docker's container outlived the agent and was taken over; the process runtime's game was
      // stopped with the agent and started again.
      expect(agent.logs).toContain(runtime === 'docker' ? `Took over ${ID}'s running game` : `Starting ${ID} again (it was running when the agent stopped)`)
      const lines = (await agent.call<{ lines: string[] }>('GET', `/servers/${ID}/logs?lines=200`)).body.lines
      expect(lines.join('\n')).toContain(`World seed: ${seed}`)
      const ping = await status('127.0.0.1', port, { timeout: 5000, enableSRV: false })
      expect(ping.motd.clean).toBe(MOTD)
    })

    it('reinstall stops it, wipes the world, keeps its properties, and it starts on a new world', async () => {
      const res = await agent.call<ServerView>('POST', `/servers/${ID}/reinstall`)
      expect(res.body).toMatchObject({ state: 'stopped', exit_code: 0, installation: { ok: true } })
      const dir = path.join(agent.dataDir, 'servers', ID)
      expect(existsSync(path.join(dir, 'world'))).toBe(false)
      expect(readFileSync(path.join(dir, 'server.properties'), 'utf8')).toContain(`motd=${MOTD}`)
      await agent.call('POST', `/servers/${ID}/power`, { action: 'start' })
      await waitState(ID, 'running')
      expect(existsSync(path.join(dir, 'world', 'level.dat'))).toBe(true)
      const lines = (await agent.call<{ lines: string[] }>('GET', `/servers/${ID}/logs?lines=20`)).body.lines
      expect(lines.filter((l) => l.includes('World seed:')).at(-1)).not.toContain(`World seed: ${seed}`)
    })

    it('kill and reset leave it stopped; delete removes it', async () => {
      await agent.call('POST', `/servers/${ID}/power`, { action: 'kill' })
      await waitState(ID, 'stopped', 10_000)
      const reset = await agent.call<ServerView>('POST', `/servers/${ID}/reset`)
      expect(reset.body.state).toBe('stopped')
      expect((await agent.call('DELETE', `/servers/${ID}`)).status).toBe(200)
      expect(existsSync(path.join(agent.dataDir, 'servers', ID))).toBe(false)
      expect((await agent.call('GET', `/servers/${ID}`)).status).toBe(404)
    })
  })

  describe(`a ${runtime} server's startup settings`, () => {
    it('the game runs with the heap cap and flags of its startup settings', async () => {
      const id = 'startup-heap'
      const spec = { plan: { ...plan, ram_mb: 1024 }, startup: { heap_mb: 320, flags: ['--no-warnings'] } }
      expect((await agent.call<ServerView>('PUT', `/servers/${id}`, spec)).body.startup).toEqual(spec.startup)
      await agent.call('POST', `/servers/${id}/power`, { action: 'start' })
      const line = await waitFor('the launcher’s Node options line', async () => {
        const { lines } = (await agent.call<{ lines: string[] }>('GET', `/servers/${id}/logs?lines=1000`)).body
        return lines.find((l) => l.startsWith('[blockforge] Node options:'))
      }, 30_000)
      expect(line).toContain('--max-old-space-size=320 --no-warnings')
      await agent.call('POST', `/servers/${id}/power`, { action: 'kill' })
      expect((await agent.call('DELETE', `/servers/${id}`)).status).toBe(200)
    })
  })

  describe(`a ${runtime} server that never becomes ready`, () => {
    it('ends crashed, with the reason and the log’s last lines, within the start timeout', async () => {
      // 5 s, not less: a container on a busy machine can take 2 s before the game prints its first
      // line, and then there would be no last lines to keep (CI saw exactly that with 2 s).
      const broken = await start({ runtime, launcher: FIXTURE, env: { AGENT_START_TIMEOUT_MS: '5000' } })
      const id = 'never-ready'
      expect((await broken.call<ServerView>('PUT', `/servers/${id}`, { plan })).body.installed).toBe(true)
      const started = Date.now()
      await broken.call('POST', `/servers/${id}/power`, { action: 'start' })
      const crashed = await waitFor('crashed', async () => {
        const v = (await broken.call<ServerView>('GET', `/servers/${id}`)).body
        return v.state === 'crashed' ? v : null
      }, 25_000)
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(crashed.last_error).toBe('The server did not become ready within 5 s.')
      expect(crashed.last_log_lines).toContain('[fixture] still loading')
      // Reset and start again are possible: nothing is stuck.
      expect((await broken.call<ServerView>('POST', `/servers/${id}/reset`)).body.state).toBe('stopped')
    })
  })
}

const signedCallWith = (token: string, base: string, method: string, p: string) => rawCall(base, method, p, signRequest(token, { method, path: p, body: '' }))
