/**
 * Staff move a server to another node of its region (issue 32 item 4), against Postgres and two real
 * node agents in this process (process runtime): a running server's files arrive on the new node,
 * its row points there, the act is recorded, the old node no longer holds it and the game runs
 * again on the new one; a non-staff actor, a node of another region, a full or disabled one are
 * refused; a move whose new node does not answer leaves the server where it was; one move at a time,
 * and the reconciler keeps off a server being moved. The staff page's
 * usage column reads the nodes' stats (a node down answers nothing), and its select offers only the
 * nodes a move would take.
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { staffUsage } from '../../src/lib/data/serverUsage'
import { moveTargets } from '../../src/lib/data/serverStaff'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { power } from '../../src/plugins/hosting/service/acts'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { readFile, writeFile } from '../../src/plugins/hosting/service/files'
import { moveServer } from '../../src/plugins/hosting/service/move'
import { createBackup, listBackups, restoreBackup } from '../../src/plugins/hosting/service/backups'
import { reconcile } from '../../src/plugins/hosting/service/provision'
import { BUSY, withServerLock } from '../../src/plugins/hosting/service/serverLock'
import { staffSuspend } from '../../src/plugins/hosting/service/staff'
import { startTestAgent, TOKEN, waitFor, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let source: TestAgent
let target: TestAgent
let owner: Awaited<ReturnType<typeof makeUser>>
let staff: Awaited<ReturnType<typeof makeUser>>
const run = Math.random().toString(36).slice(2, 8)
const region = `mv${run}`
const otherRegion = `mo${run}`
// Named so that they sort: a (source), b (target), c (full), d (disabled), e (down), z (other region).
const node = { source: `mva${run}`, target: `mvb${run}`, full: `mvc${run}`, disabled: `mvd${run}`, down: `mve${run}`, other: `mvz${run}` }
const plan = { ram_mb: 2048, swap_mb: 512, cpu_cores: 2, storage_mb: 16384, max_players: 5 }

const viewer = (user: { id: string; role?: string | null }) => ({ payload, user }) as never
const serverRow = (id: string) => db(payload).one<{ node_id: string; port: number; status: string; suspension_reason: string | null; power_state: string }>(sql`SELECT * FROM servers WHERE id = ${id}`)
const actsOf = (id: string) => db(payload).rows<{ act: string; actor_id: string; detail: Record<string, unknown> }>(sql`SELECT act, actor_id, detail FROM server_acts WHERE server_id = ${id} ORDER BY created_at`)
const gameState = async (agent: TestAgent, id: string) => (await agent.call<{ state: string }>('GET', `/servers/${id}`)).body.state

async function addNode(id: string, regionId: string, url: string, memory = 65536, enabled = true) {
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${id}, ${id}, ${regionId}, ${url}, '127.0.0.1', ${TOKEN}, ${memory}, 10, ${enabled}, 'healthy', now(), now())`)
}

/** A server on `nodeId` (installed there when it is a real agent's), owned by `owner`. */
async function addServer(nodeId: string, agent?: TestAgent): Promise<string> {
  const id = `mv${Math.random().toString(36).slice(2, 12)}`
  await db(payload).rows(sql`
    INSERT INTO servers (id, name, owner_id, product_id, region_id, node_id, game_version, loader, status, power_state, updated_at, created_at)
    VALUES (${id}, ${id}, ${owner.id}, (SELECT id FROM billing_products WHERE key = 'server-small'), ${region}, ${nodeId}, '1.21.4', 'flying-squid', 'available', 'stopped', now(), now())`)
  if (agent) {
    const installed = await agent.call<{ port: number }>('PUT', `/servers/${id}`, { plan })
    expect(installed.status).toBe(200)
    await db(payload).rows(sql`UPDATE servers SET port = ${installed.body.port} WHERE id = ${id}`)
  }
  return id
}

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  const env = { AGENT_CAPACITY_MEMORY_MB: '65536' }
  ;[source, target] = await Promise.all([startTestAgent({ runtime: 'process', env }), startTestAgent({ runtime: 'process', env })])
  for (const key of [region, otherRegion]) await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${key}, ${key}, ${key}, false, now(), now())`)
  await addNode(node.source, region, source.url)
  await addNode(node.target, region, target.url)
  await addNode(node.full, region, target.url, 1024) // less memory than the plan's 2048 MiB
  await addNode(node.disabled, region, target.url, 65536, false)
  await addNode(node.down, region, 'http://127.0.0.1:9') // nothing listens there
  await addNode(node.other, otherRegion, target.url)
  owner = await makeUser(payload)
  staff = await makeUser(payload, 'moderator')
}, 120_000)

afterAll(async () => {
  // Other files on this worker's database must not place servers on these nodes.
  await db(payload)?.rows(sql`UPDATE hosting_nodes SET enabled = false WHERE id = ANY(${`{${Object.values(node).join(',')}}`}::text[])`)
  await Promise.all([source?.close({ stopGames: true }), target?.close({ stopGames: true })])
})

describe('staff move a server to another node of its region', () => {
  it('refuses a non-staff actor, and nodes a move cannot take; the select offers only the others', async () => {
    const id = await addServer(node.source, source)
    await expect(moveServer(payload, owner, id, node.target)).rejects.toThrow('Only staff can move a server.')
    await expect(moveServer(payload, staff, id, node.other)).rejects.toThrow('That node is in another region.')
    await expect(moveServer(payload, staff, id, node.full)).rejects.toThrow('That node has no room for this server’s plan.')
    await expect(moveServer(payload, staff, id, node.disabled)).rejects.toThrow('That node takes no new servers.')
    await expect(moveServer(payload, staff, id, node.source)).rejects.toThrow('The server is already on that node.')
    expect(await serverRow(id)).toMatchObject({ node_id: node.source, status: 'available' })
    expect((await moveTargets(viewer(staff), [id])).get(id)?.map((n) => n.id)).toEqual([node.target, node.down])
    expect(await moveTargets(viewer(owner), [id])).toEqual(new Map())
    // A backup being made (here: not yet taken by the node) holds the server where it is.
    await db(payload).rows(sql`INSERT INTO server_backups (id, server_id, name, state, updated_at, created_at) VALUES (${`q${id}`.slice(0, 64)}, ${id}, 'Queued', 'queued', now(), now())`)
    await expect(moveServer(payload, staff, id, node.target)).rejects.toThrow('A backup of this server is being made or restored. Move it once that is done.')
    await db(payload).rows(sql`DELETE FROM server_backups WHERE server_id = ${id}`)
  })

  it('moves a running server: its files on the new node, the row there, the act recorded, gone from the old node, running again', async () => {
    const id = await addServer(node.source, source)
    await writeFile(payload, owner, id, 'config/motd.txt', 'Moved with care\n')
    // A backup made before the move comes along, and can be restored on the new node.
    const kept = await createBackup(payload, owner, id, 'Before the move')
    await waitFor('the backup ready', async () => (await listBackups(payload, owner, id)).backups[0]?.state === 'ready', 30_000, 200)
    await writeFile(payload, owner, id, 'config/motd.txt', 'Changed after the backup\n')
    await power(payload, owner, id, 'start')
    await waitFor('the game running on the old node', async () => (await gameState(source, id)) === 'running', 90_000, 300)
    const before = (await staffUsage(viewer(staff), [id])).get(id)
    expect(before).toMatchObject({ answered: true, ramLimitMiB: 2048, storageLimitMiB: 16384 })
    expect(before?.usage?.storageMiB).toBeGreaterThanOrEqual(0)
    expect((await source.call<{ storage_bytes: number }>('GET', `/servers/${id}/stats`)).body.storage_bytes).toBeGreaterThan(0)

    expect((await moveServer(payload, staff, id, node.target)).id).toBe(node.target)
    const row = await serverRow(id)
    expect(row).toMatchObject({ node_id: node.target, status: 'installing', power_state: 'starting' })
    expect((await target.call<{ port: number }>('GET', `/servers/${id}`)).body.port).toBe(Number(row?.port))
    expect((await source.call('GET', `/servers/${id}`)).status).toBe(404)
    expect((await readFile(payload, owner, id, 'config/motd.txt')).content).toBe('Changed after the backup\n')
    // The folder's server.properties came along, with the new node's port in it; no archive left behind.
    expect((await readFile(payload, owner, id, 'server.properties')).content).toContain(`server-port=${row?.port}`)
    expect((await target.call<{ entries: { name: string }[] }>('GET', `/servers/${id}/files?path=`)).body.entries.map((e) => e.name)).not.toContainEqual(expect.stringMatching(/^archive-/))
    expect((await actsOf(id)).filter((a) => a.act === 'moved by staff')).toEqual([{ act: 'moved by staff', actor_id: staff.id, detail: { from: node.source, to: node.target } }])

    await waitFor('the game running on the new node', async () => {
      await reconcile(payload, new Date(), id)
      return (await serverRow(id))?.status === 'available'
    }, 90_000, 300)
    expect(await gameState(target, id)).toBe('running')
    expect((await staffUsage(viewer(staff), [id])).get(id)).toMatchObject({ answered: true, usage: { ramMiB: expect.any(Number) } })

    const moved = (await target.call<{ backups: { uuid: string; state: string; sha256: string }[] }>('GET', `/servers/${id}/backups`)).body.backups
    expect(moved).toEqual([expect.objectContaining({ uuid: kept.id, state: 'ready', sha256: (await listBackups(payload, owner, id)).backups[0]?.sha256 })])
    await restoreBackup(payload, owner, id, kept.id)
    await waitFor('the restore done', async () => (await listBackups(payload, owner, id)).backups[0]?.restore_state === null, 60_000, 300)
    expect((await readFile(payload, owner, id, 'config/motd.txt')).content).toBe('Moved with care\n')
  }, 240_000)

  it('a move whose new node does not answer leaves the server where it was, as it was', async () => {
    const id = await addServer(node.source, source)
    await writeFile(payload, owner, id, 'world/keep.txt', 'still here\n')
    await expect(moveServer(payload, staff, id, node.down)).rejects.toThrow(`The server was not moved to ${node.down}: ${node.down} is not answering. It stays on ${node.source}.`)
    expect(await serverRow(id)).toMatchObject({ node_id: node.source, status: 'available', suspension_reason: null })
    expect((await readFile(payload, owner, id, 'world/keep.txt')).content).toBe('still here\n')
    expect((await actsOf(id)).map((a) => [a.act, a.detail?.to])).toContainEqual(['move failed', node.down])
  })

  it('one at a time: while a move holds the server another is refused, staff’s suspend too, and the reconciler passes it by', async () => {
    const id = await addServer(node.source, source)
    // An install long overdue: the reconciler would mark it broken at once.
    await db(payload).rows(sql`UPDATE servers SET status = 'installing', status_changed_at = now() - interval '1 hour' WHERE id = ${id}`)
    await withServerLock(payload, id, async () => {
      await expect(moveServer(payload, staff, id, node.target)).rejects.toThrow(BUSY)
      expect(await reconcile(payload, new Date(), id)).toBe(0)
      // Staff's suspend waits a little for the lock, then says so rather than hold a transaction open for the move.
      await expect(staffSuspend(payload, staff, id, 'Griefing reported')).rejects.toThrow(BUSY)
    })
    expect(await reconcile(payload, new Date(), id)).toBe(1)
    expect((await serverRow(id))?.status).toBe('broken')
  }, 60_000)

  it('the usage column says when a node does not answer', async () => {
    const id = await addServer(node.down)
    const started = Date.now()
    expect((await staffUsage(viewer(staff), [id])).get(id)).toMatchObject({ answered: false, usage: null })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await staffUsage(viewer(owner), [id])).toEqual(new Map())
  })
})
