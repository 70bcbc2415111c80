/**
 * Hosting (issue 31) against Postgres and a real node agent in this process (process runtime: a
 * real flying-squid server): buying the trial places, installs and starts it on the region's node;
 * the console token works only for its server; a stranger cannot act on it; the expired trial
 * suspends it (data kept) and paying again resumes it; a full region refuses a purchase; a node that
 * stops answering marks its servers unreachable; a server that never becomes ready ends broken
 * with its log's last lines, and reset unsticks it.
 */
import path from 'node:path'

import { status as ping } from 'minecraft-server-util'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'

import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { addMethod } from '../../src/plugins/billing/service/methods'
import { runRenewals } from '../../src/plugins/billing/service/renewals'
import { power, repair, serverFor, ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { buyServer } from '../../src/plugins/hosting/service/buy'
import { consoleAccess } from '../../src/plugins/hosting/service/console'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { checkNodes } from '../../src/plugins/hosting/service/nodes'
import { reconcile } from '../../src/plugins/hosting/service/provision'
import { startTestAgent, TOKEN, waitFor, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let agent: TestAgent
let broken: TestAgent
const DAY = 86_400_000

const serverRow = (id: string) => db(payload).one<{ status: string; suspension_reason: string | null; power_state: string; port: string | null; last_error: string | null; node_id: string | null }>(sql`SELECT * FROM servers WHERE id = ${id}`)

/** Runs the reconciler for one server until its status is `status`. */
const reconciledTo = (id: string, status: string, timeoutMs = 30_000) =>
  waitFor(`server ${id} ${status}`, async () => {
    await reconcile(payload, new Date(), id)
    const row = await serverRow(id)
    return row?.status === status ? row : null
  }, timeoutMs, 300)

async function region(key: string, nodeUrl: string, token: string, maxServers = 10) {
  await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${`r${key}`.slice(0, 8)}, ${key}, ${key}, true, now(), now()) ON CONFLICT (key) DO NOTHING`)
  const r = await db(payload).one<{ id: string }>(sql`SELECT id FROM hosting_regions WHERE key = ${key}`)
  const id = `n${Math.random().toString(36).slice(2, 9)}`
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${id}, ${id}, ${r!.id}, ${nodeUrl}, '127.0.0.1', ${token}, 8192, ${maxServers}, true, 'unknown', now(), now())`)
  return { regionId: r!.id, nodeId: id }
}

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process' })
  broken = await startTestAgent({ runtime: 'process', launcher: path.resolve('tests/agent/fixtures/never-ready.mjs'), env: { AGENT_START_TIMEOUT_MS: '2000' } })
  // The trial runs in the `local` region (the catalogue's), on the first agent alone: nodes other
  // files on this worker's database left there take nothing.
  await db(payload).rows(sql`UPDATE hosting_nodes SET enabled = false WHERE region_id = (SELECT id FROM hosting_regions WHERE key = 'local')`)
  await region('local', agent.url, TOKEN)
}, 120_000)

afterAll(async () => {
  await agent?.close({ stopGames: true })
  await broken?.close({ stopGames: true })
})

describe('buying and running a server', () => {
  let owner: Awaited<ReturnType<typeof makeUser>>
  let serverId: string

  it('the trial is bought without a card, placed on the region’s node, installed and answers a status ping with its MOTD', async () => {
    owner = await makeUser(payload)
    const bought = await buyServer(payload, owner, { productKey: 'trial', regionKey: 'ignored-for-a-trial', interval: 'fiveDays', currency: 'USD', name: 'Int trial' })
    expect(bought.outcome).toBe('succeeded')
    serverId = bought.serverId
    const row = await reconciledTo(serverId, 'available')
    expect(Number(row.port)).toBeGreaterThan(0)
    const answer = await waitFor('a status ping', () => ping('127.0.0.1', Number(row.port), { timeout: 2_000 }).catch(() => null))
    expect(answer.players.max).toBe(5)
    expect(await db(payload).one(sql`SELECT act FROM server_acts WHERE server_id = ${serverId} AND act = 'purchased'`)).toBeTruthy()
    // One trial per account.
    await expect(buyServer(payload, owner, { productKey: 'trial', regionKey: 'local', interval: 'fiveDays', currency: 'USD' })).rejects.toThrow('You have already used your free trial.')
  }, 90_000)

  it('the console token opens the console of that server only, for its owner', async () => {
    const { url, token } = await consoleAccess(payload, owner, serverId)
    const events = await new Promise<string[]>((resolve, reject) => {
      const ws = new WebSocket(url)
      const seen: string[] = []
      ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', token })))
      ws.on('message', (m) => {
        seen.push(JSON.parse(String(m)).event)
        if (seen.includes('auth-ok')) {
          ws.close()
          resolve(seen)
        }
      })
      ws.on('error', reject)
    })
    expect(events).toContain('auth-ok')
    const other = await db(payload).one<{ id: string }>(sql`SELECT id FROM servers WHERE id <> ${serverId} LIMIT 1`)
    const closed = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url.replace(serverId, other?.id ?? 'nosuchserver'))
      ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', token })))
      ws.on('close', (code) => resolve(code))
      ws.on('error', () => resolve(-1))
    })
    expect(closed).not.toBe(1000)
  })

  it('a stranger cannot see or act on it (not found); staff can', async () => {
    const stranger = await makeUser(payload)
    await expect(serverFor(payload, stranger, serverId)).rejects.toBeInstanceOf(ServerNotFound)
    await expect(power(payload, stranger, serverId, 'stop')).rejects.toBeInstanceOf(ServerNotFound)
    await expect(consoleAccess(payload, stranger, serverId)).rejects.toBeInstanceOf(ServerNotFound)
    const moderator = await makeUser(payload, 'moderator')
    expect((await serverFor(payload, moderator, serverId)).id).toBe(serverId)
  })

  it('the expired trial suspends it, data kept; paying again resumes it', async () => {
    await runRenewals(payload, new Date(Date.now() + 6 * DAY))
    const suspended = await reconciledTo(serverId, 'suspended')
    expect(suspended.suspension_reason).toBe('cancelled')
    // Stopped on its node (saving), the world kept.
    const stopped = await waitFor('the game stopped', async () => {
      const { body } = await agent.call<{ state: string; installed: boolean }>('GET', `/servers/${serverId}`)
      return body.state === 'stopped' ? body : null
    })
    expect(stopped.installed).toBe(true)
    await expect(power(payload, owner, serverId, 'start')).rejects.toThrow('This server is suspended.')
    // Promoted (the subscription provisioned again): it starts where it was.
    await db(payload).rows(sql`UPDATE subscriptions SET status = 'provisioned', ended_reason = NULL WHERE id = (SELECT subscription_id FROM servers WHERE id = ${serverId})`)
    const resumed = await reconciledTo(serverId, 'available')
    expect(resumed.port).toBe(suspended.port)
  }, 90_000)
})

describe('the edges', () => {
  it('a region without room refuses the purchase, and nothing is charged', async () => {
    const user = await makeUser(payload)
    const full = await region('int-full', agent.url, TOKEN, 0)
    await db(payload).rows(sql`UPDATE hosting_nodes SET max_servers = 0 WHERE id = ${full.nodeId}`)
    await expect(buyServer(payload, user, { productKey: 'server-small', regionKey: 'int-full', interval: 'monthly', currency: 'USD' })).rejects.toThrow('This region is full right now. Pick another region.')
    expect(await db(payload).one(sql`SELECT 1 FROM charges WHERE user_id = ${user.id}`)).toBeNull()
    expect(await db(payload).one(sql`SELECT 1 FROM servers WHERE owner_id = ${user.id}`)).toBeNull()
  })

  it('a node that stops answering is unreachable, and so are its servers (not "running")', async () => {
    const gone = await region('int-gone', 'http://127.0.0.1:9', 'x'.repeat(32))
    await db(payload).rows(sql`
      INSERT INTO servers (id, name, owner_id, product_id, region_id, node_id, port, game_version, loader, status, power_state, updated_at, created_at)
      VALUES ('gonesrv1', 'Gone', NULL, (SELECT id FROM billing_products WHERE key = 'server-small'), ${gone.regionId}, ${gone.nodeId}, 25999, '1.21.4', 'flying-squid', 'available', 'running', now(), now())`)
    await checkNodes(payload)
    expect(await db(payload).one(sql`SELECT health FROM hosting_nodes WHERE id = ${gone.nodeId}`)).toEqual({ health: 'unreachable' })
    expect((await serverRow('gonesrv1'))?.power_state).toBe('unreachable')
    expect(await db(payload).one(sql`SELECT health FROM hosting_nodes WHERE url = ${agent.url}`)).toEqual({ health: 'healthy' })
  })

  it('a server that never becomes ready ends broken with its log’s last lines; reset unsticks it', async () => {
    const user = await makeUser(payload)
    await region('int-broken', broken.url, TOKEN)
    await addMethod(payload, user, 'test_card_visa')
    const bought = await buyServer(payload, user, { productKey: 'server-small', regionKey: 'int-broken', interval: 'monthly', currency: 'USD' })
    expect(bought.outcome).toBe('succeeded')
    const row = await reconciledTo(bought.serverId, 'broken', 60_000)
    expect(row.last_error).toBeTruthy()
    await repair(payload, user, bought.serverId, 'reset')
    expect((await serverRow(bought.serverId))?.status).toBe('available')
    expect((await broken.call<{ state: string }>('GET', `/servers/${bought.serverId}`)).body.state).toBe('stopped')
  }, 90_000)
})
