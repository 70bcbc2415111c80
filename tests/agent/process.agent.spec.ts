import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import mineflayer from 'mineflayer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { removeDir, startTestAgent, type TestAgent, waitFor } from './harness'
import { runtimeContract } from './runtime-contract'

// As root on a machine with bubblewrap and cgroup v1 (this one, CI's), the games run sandboxed and
// limited; elsewhere as plain child processes — the contract is the same.
describe('process runtime', () => runtimeContract('process'))

describe('process runtime: limits and the launcher', () => {
  let agent: TestAgent
  const plan = { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 100, max_players: 5 }
  const state = (id: string) => agent.call<{ state: string; port: number; oom_killed: boolean; last_error: string }>('GET', `/servers/${id}`)

  beforeAll(async () => {
    agent = await startTestAgent({ runtime: 'process' })
  })
  afterAll(async () => {
    for (const server of agent.manager.list()) await agent.call('DELETE', `/servers/${server.id}`)
    await agent.close({ stopGames: true })
    removeDir(agent.dataDir)
  })

  it("enforces the plan's memory where cgroups allow: a 64 MiB plan is killed and reported out of memory", async (ctx) => {
    const isolation = (await agent.call<{ isolation: { cgroup: { memory: boolean }; notes: string[] } }>('GET', '/health')).body.isolation
    if (!isolation.cgroup.memory) {
      // CI runs as root with cgroup v1 (.ci/run): there the limit must be enforced, never skipped.
      if (process.env.CI) throw new Error(`The memory limit is not enforced on this CI machine: ${isolation.notes.join(' ')}`)
      console.warn(`Skipping the memory limit check: ${isolation.notes.join(' ')}`)
      return ctx.skip()
    }
    await agent.call('PUT', '/servers/tiny', { plan: { ...plan, ram_mb: 64 } })
    await agent.call('POST', '/servers/tiny/power', { action: 'start' })
    const ended = await waitFor('the out-of-memory kill', async () => {
      const v = (await state('tiny')).body
      return v.state === 'crashed' ? v : null
    })
    expect(ended).toMatchObject({ oom_killed: true, last_error: expect.stringContaining('ran out of memory') })
  })

  it('a start uses the startup heap cap and flags; a refused flag is a 400 naming it and changes nothing', async () => {
    const big = { ...plan, ram_mb: 1024 }
    const put = await agent.call<{ startup: unknown }>('PUT', '/servers/tuned', { plan: big, startup: { heap_mb: 300, flags: ['--expose-gc', '--stack-size=2000'] } })
    expect(put).toMatchObject({ status: 200, body: { startup: { heap_mb: 300, flags: ['--expose-gc', '--stack-size=2000'] } } })
    const refused = await agent.call<{ description: string }>('PUT', '/servers/tuned', { plan: big, startup: { flags: ['--require=./evil.js', '--inspect', '--no-warnings'] } })
    expect(refused.status).toBe(400)
    expect(refused.body.description).toContain('--require=./evil.js (it runs code)')
    expect(refused.body.description).toContain('--inspect (it opens a debugging port)')
    expect((await agent.call('PUT', '/servers/tuned', { plan: big, startup: { heap_mb: 900 } })).status).toBe(400) // 1024 − 256 = 768 at most
    // A PUT without startup (the site's install and version change) keeps it.
    expect((await agent.call<{ startup: unknown }>('PUT', '/servers/tuned', { plan: big })).body.startup).toEqual({ heap_mb: 300, flags: ['--expose-gc', '--stack-size=2000'] })

    await agent.call('POST', '/servers/tuned/power', { action: 'start' })
    await waitFor('running', async () => (await state('tuned')).body.state === 'running', 60_000)
    const lines = (await agent.call<{ lines: string[] }>('GET', '/servers/tuned/logs?lines=1000')).body.lines
    const reported = lines.find((l) => l.startsWith('[blockforge] Node options:'))
    expect(reported).toContain('--max-old-space-size=300 --expose-gc --stack-size=2000')
    // V8's limit is the old space plus the young generation: the cap is in effect, not the plan's 75 %.
    const limit = Number(/heap limit (\d+) MiB/.exec(reported ?? '')?.[1])
    expect(limit).toBeGreaterThanOrEqual(300)
    expect(limit).toBeLessThan(400)
    // The game process itself carries it (its command line, as the kernel sees it).
    const cmdlines = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map((p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0') } catch { return [] } })
    expect(cmdlines.some((c) => c.includes('--max-old-space-size=300') && c.some((a) => a.endsWith('flying-squid.mjs')) && !c.includes('bwrap'))).toBe(true)
    await agent.call('POST', '/servers/tuned/power', { action: 'kill' })
  })

  it('white-list=true lets in only the names of whitelist.json', async () => {
    const port = (await agent.call<{ port: number }>('PUT', '/servers/listed', { plan, properties: { 'white-list': true } })).body.port
    writeFileSync(path.join(agent.dataDir, 'servers', 'listed', 'whitelist.json'), JSON.stringify([{ name: 'Friend', uuid: '00000000-0000-0000-0000-000000000000' }]))
    await agent.call('POST', '/servers/listed/power', { action: 'start' })
    await waitFor('running', async () => (await state('listed')).body.state === 'running')
    const join = (username: string) =>
      new Promise<string>((resolve) => {
        const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, auth: 'offline', version: '1.21.4', hideErrors: true })
        bot.once('spawn', () => {
          bot.end()
          resolve('joined')
        })
        bot.once('end', () => resolve('refused'))
      })
    expect(await join('Stranger')).toBe('refused')
    expect(await join('Friend')).toBe('joined')
    const lines = (await agent.call<{ lines: string[] }>('GET', '/servers/listed/logs')).body.lines
    expect(lines).toContain('[blockforge] Stranger is not on whitelist.json: refused')
  })
})
