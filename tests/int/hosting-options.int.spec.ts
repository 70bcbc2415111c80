/**
 * A server's startup and preferences pages (issue 31, spec §2 "options/startup", "options/preferences")
 * against Postgres and real node agents in this process (process runtime): the owner's startup
 * settings are checked, sent to the node and stored, with each refused flag named and nothing saved
 * when one is; a stranger finds nothing; "Restart when it crashes" restarts a crashed server (never
 * a stopped one) at most 3 times in 10 minutes, each restart in the server's acts, then leaves it
 * crashed with its last log lines.
 */
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { autoRestartCrashed } from '../../src/plugins/hosting/service/autoRestart'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { readPreferences, readStartup, writePreferences, writeStartup } from '../../src/plugins/hosting/service/options'
import { startTestAgent, TOKEN, waitFor, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let agent: TestAgent
let crashing: TestAgent
const plan = { ram_mb: 2048, swap_mb: 512, cpu_cores: 2, storage_mb: 16384, max_players: 5 }

async function node(key: string, url: string) {
  const regionId = `r${key}`.slice(0, 8)
  await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${regionId}, ${key}, ${key}, true, now(), now())`)
  const nodeId = `n${key}`.slice(0, 8)
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${nodeId}, ${nodeId}, ${regionId}, ${url}, '127.0.0.1', ${TOKEN}, 8192, 10, true, 'healthy', now(), now())`)
  return { regionId, nodeId }
}

/** A ready server (as the reconciler leaves one) of `ownerId` on `place`, on the small plan (2048 MiB). */
async function server(id: string, ownerId: string, place: { regionId: string; nodeId: string }, preferences: Record<string, boolean> | null = null) {
  await db(payload).rows(sql`
    INSERT INTO servers (id, name, owner_id, product_id, region_id, node_id, game_version, loader, status, power_state, preferences, updated_at, created_at)
    VALUES (${id}, ${id}, ${ownerId}, (SELECT id FROM billing_products WHERE key = 'server-small'), ${place.regionId}, ${place.nodeId}, '1.21.4', 'flying-squid', 'available', 'stopped',
      ${preferences ? JSON.stringify(preferences) : null}::jsonb, now(), now())`)
}

const row = (id: string) => db(payload).one<{ startup: unknown; preferences: unknown; power_state: string; last_error: string | null }>(sql`SELECT startup, preferences, power_state, last_error FROM servers WHERE id = ${id}`)
const acts = (id: string, act?: string) =>
  db(payload).rows<{ act: string; actor_id: string | null; detail: Record<string, unknown> }>(sql`SELECT act, actor_id, detail FROM server_acts WHERE server_id = ${id} AND (${act ?? null}::text IS NULL OR act = ${act ?? null}) ORDER BY created_at`)

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process' })
  crashing = await startTestAgent({ runtime: 'process', launcher: path.resolve('tests/agent/fixtures/crashes.mjs') })
}, 120_000)

afterAll(async () => {
  await agent?.close({ stopGames: true })
  await crashing?.close({ stopGames: true })
})

describe('startup settings', () => {
  let owner: Awaited<ReturnType<typeof makeUser>>
  const id = 'optsrv1'

  beforeAll(async () => {
    owner = await makeUser(payload)
    await server(id, owner.id, await node('opts', agent.url))
  })

  it('the owner’s memory and flags are checked, sent to the node and stored, with an act', async () => {
    const saved = await writeStartup(payload, owner, id, { heap_mb: 1200, flags: ['--expose-gc', '--max_semi_space_size=16'] })
    const expected = { heap_mb: 1200, flags: ['--expose-gc', '--max-semi-space-size=16'] }
    expect(saved).toEqual(expected)
    expect((await row(id))?.startup).toEqual(expected)
    expect((await agent.call<{ startup: unknown }>('GET', `/servers/${id}`)).body.startup).toEqual(expected)
    expect(await readStartup(payload, owner, id)).toEqual({ startup: expected, ramMiB: 2048 })
    expect(await acts(id, 'startup')).toEqual([{ act: 'startup', actor_id: owner.id, detail: expected }])
  })

  it('refused flags are each named and nothing is saved (site, node, acts)', async () => {
    const attempt = writeStartup(payload, owner, id, { heap_mb: 1000, flags: ['--no-warnings', '--require=./evil.js', '--inspect=0.0.0.0:9229'] })
    await expect(attempt).rejects.toThrow(/--require=\.\/evil\.js \(it runs code\), --inspect=0\.0\.0\.0:9229 \(it opens a debugging port\)\. Nothing was saved\./)
    // Above the plan's 2048 MiB less the 410 MiB kept outside the heap.
    await expect(writeStartup(payload, owner, id, { heap_mb: 1700, flags: [] })).rejects.toThrow('Memory is from 256 to 1638 MiB on this plan')
    const kept = { heap_mb: 1200, flags: ['--expose-gc', '--max-semi-space-size=16'] }
    expect((await row(id))?.startup).toEqual(kept)
    expect((await agent.call<{ startup: unknown }>('GET', `/servers/${id}`)).body.startup).toEqual(kept)
    expect(await acts(id, 'startup')).toHaveLength(1)
  })

  it('Automatic again: no heap cap, no flags', async () => {
    expect(await writeStartup(payload, owner, id, { heap_mb: null, flags: [] })).toEqual({})
    expect((await agent.call<{ startup: unknown }>('GET', `/servers/${id}`)).body.startup).toEqual({})
  })

  it('a stranger finds no server; staff may change it', async () => {
    const stranger = await makeUser(payload)
    await expect(readStartup(payload, stranger, id)).rejects.toBeInstanceOf(ServerNotFound)
    await expect(writeStartup(payload, stranger, id, { heap_mb: 512, flags: [] })).rejects.toBeInstanceOf(ServerNotFound)
    await expect(writePreferences(payload, stranger, id, { autoRestart: true, ramAsPercent: true, hideSubdomainLabel: true, confirmPower: false })).rejects.toBeInstanceOf(ServerNotFound)
    await expect(readPreferences(payload, stranger, id)).rejects.toBeInstanceOf(ServerNotFound)
    expect((await row(id))?.preferences).toBeNull()
    const moderator = await makeUser(payload, 'moderator')
    await writeStartup(payload, moderator, id, { heap_mb: 512, flags: [] })
    expect((await acts(id, 'startup')).at(-1)).toMatchObject({ actor_id: moderator.id, detail: { heap_mb: 512 } })
  })

  it('preferences are stored over the defaults, with an act', async () => {
    expect(await readPreferences(payload, owner, id)).toEqual({ autoRestart: false, ramAsPercent: false, hideSubdomainLabel: false, confirmPower: true })
    const prefs = { autoRestart: true, ramAsPercent: true, hideSubdomainLabel: false, confirmPower: false }
    await writePreferences(payload, owner, id, prefs)
    expect((await row(id))?.preferences).toEqual(prefs)
    expect(await acts(id, 'preferences')).toEqual([{ act: 'preferences', actor_id: owner.id, detail: prefs }])
  })
})

describe('restart when it crashes', () => {
  const crashed = async (id: string) =>
    waitFor(`${id} crashed`, async () => {
      const { body } = await crashing.call<{ state: string }>('GET', `/servers/${id}`)
      return body.state === 'crashed'
    })

  it('restarts a crashed server at most 3 times in 10 minutes, each an act, then leaves it crashed with its last log lines', async () => {
    const owner = await makeUser(payload)
    const place = await node('crash', crashing.url)
    await server('crashy', owner.id, place, { autoRestart: true, ramAsPercent: false, hideSubdomainLabel: false, confirmPower: true })
    await server('calm', owner.id, place, { autoRestart: true, ramAsPercent: false, hideSubdomainLabel: false, confirmPower: true })
    await server('noauto', owner.id, place)
    for (const id of ['crashy', 'calm', 'noauto']) await crashing.call('PUT', `/servers/${id}`, { plan })
    await crashing.call('POST', '/servers/crashy/power', { action: 'start' })
    await crashing.call('POST', '/servers/noauto/power', { action: 'start' })
    await crashed('noauto')

    for (let attempt = 1; attempt <= 3; attempt++) {
      await crashed('crashy')
      expect(await autoRestartCrashed(payload)).toBe(1) // crashy only: calm is stopped, noauto did not ask
      expect(await acts('crashy', 'auto restart')).toHaveLength(attempt)
    }
    const restarts = await acts('crashy', 'auto restart')
    expect(restarts.map((a) => a.actor_id)).toEqual([null, null, null])
    expect(restarts[0].detail).toMatchObject({ attempt: 1, lastLines: expect.arrayContaining(['[fixture] boom: the world is on fire']) })

    await crashed('crashy')
    expect(await autoRestartCrashed(payload)).toBe(0)
    const gaveUp = await acts('crashy', 'auto restart given up')
    expect(gaveUp).toHaveLength(1)
    expect(gaveUp[0].detail).toMatchObject({ restarts: 3, lastLines: expect.arrayContaining(['[fixture] boom: the world is on fire']) })
    expect(await row('crashy')).toMatchObject({ power_state: 'crashed', last_error: expect.stringContaining('[fixture] boom: the world is on fire') })
    expect((await crashing.call<{ state: string }>('GET', '/servers/crashy')).body.state).toBe('crashed')
    // Asked again, it stays crashed and says so once.
    expect(await autoRestartCrashed(payload)).toBe(0)
    expect(await acts('crashy', 'auto restart given up')).toHaveLength(1)
    expect(await acts('calm')).toEqual([])
    expect(await acts('noauto')).toEqual([])

    // Ten minutes on, the window has room again.
    await db(payload).rows(sql`UPDATE server_acts SET created_at = created_at - interval '11 minutes' WHERE server_id = 'crashy'`)
    expect(await autoRestartCrashed(payload)).toBe(1)
  })
})
