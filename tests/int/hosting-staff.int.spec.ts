/**
 * Staff's side of hosting (issue 32, items 4–5) against Postgres and a real node agent (process
 * runtime): staff suspend a running server with a reason its owner reads (stopped on its node, never
 * resumed by the reconciler, the owner's acts refused) and lift it; notices reach the servers they
 * are assigned to while they run, and their owner dismisses the dismissable ones for good; the acts
 * on a server are its owner's to read, not a stranger's.
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { addMethod } from '../../src/plugins/billing/service/methods'
import { power, ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { buyServer } from '../../src/plugins/hosting/service/buy'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { dismissNotice } from '../../src/plugins/hosting/service/notices'
import { reconcile } from '../../src/plugins/hosting/service/provision'
import { staffSuspend, staffUnsuspend } from '../../src/plugins/hosting/service/staff'
import { noticesFor, serverActsOf, staffServers } from '../../src/lib/data/serverStaff'
import { startTestAgent, TOKEN, waitFor, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let agent: TestAgent
let nodeId: string
let regionKey: string

const viewer = (user: { id: string; role?: string | null }) => ({ payload, user }) as never
const serverRow = (id: string) => db(payload).one<{ status: string; suspension_reason: string | null; staff_reason: string | null; node_id: string | null }>(sql`SELECT * FROM servers WHERE id = ${id}`)
const reconciledTo = (id: string, status: string) =>
  waitFor(`server ${id} ${status}`, async () => {
    await reconcile(payload, new Date(), id)
    return (await serverRow(id))?.status === status ? true : null
  }, 150_000, 300)

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process', env: { AGENT_CAPACITY_MEMORY_MB: '65536' } })
  regionKey = `staff-${Math.random().toString(36).slice(2, 7)}`
  await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${regionKey.slice(0, 12)}, ${regionKey}, ${regionKey}, true, now(), now())`)
  nodeId = `n${Math.random().toString(36).slice(2, 9)}`
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${nodeId}, ${nodeId}, ${regionKey.slice(0, 12)}, ${agent.url}, '127.0.0.1', ${TOKEN}, 65536, 10, true, 'unknown', now(), now())`)
}, 120_000)

afterAll(async () => {
  // Its node goes with its agent: later files on this worker's database must not place servers on it.
  if (nodeId) await db(payload).rows(sql`UPDATE hosting_nodes SET enabled = false WHERE id = ${nodeId}`)
  await agent?.close({ stopGames: true })
})

async function runningServer() {
  const owner = await makeUser(payload)
  await addMethod(payload, owner, 'test_card_visa')
  const { serverId } = await buyServer(payload, owner, { productKey: 'server-small', regionKey, interval: 'monthly', currency: 'USD', name: 'Staff test' })
  await reconciledTo(serverId, 'available')
  return { owner, serverId }
}

describe('staff suspend and lift a server', () => {
  it('suspended with a reason: stopped on its node, its owner reads why, the reconciler leaves it, the owner cannot start it; lifted: it runs again', async () => {
    const { owner, serverId } = await runningServer()
    const moderator = await makeUser(payload, 'moderator')
    await expect(staffSuspend(payload, owner, serverId, 'Trying my luck')).rejects.toThrow('Only staff can suspend or unsuspend a server.')
    await expect(staffSuspend(payload, await makeUser(payload), serverId, 'Nope')).rejects.toBeInstanceOf(ServerNotFound)
    await expect(staffSuspend(payload, moderator, serverId, ' ')).rejects.toThrow('Say why the server is suspended')

    await staffSuspend(payload, moderator, serverId, 'Reported for griefing; write to support.')
    expect(await serverRow(serverId)).toMatchObject({ status: 'suspended', suspension_reason: 'moderated', staff_reason: 'Reported for griefing; write to support.' })
    await waitFor('the game stopped', async () => ((await agent.call<{ state: string }>('GET', `/servers/${serverId}`)).body.state === 'stopped' ? true : null))
    await reconcile(payload, new Date(), serverId)
    expect((await serverRow(serverId))?.status).toBe('suspended')
    await expect(power(payload, owner, serverId, 'start')).rejects.toThrow('This server is suspended.')
    await expect(staffSuspend(payload, moderator, serverId, 'Again')).rejects.toThrow('This server is already suspended by staff.')
    // Staff find it by its owner's name and state.
    const found = await staffServers(viewer(moderator), { q: owner.username!, status: 'suspended' })
    expect(found?.map((s) => s.id)).toEqual([serverId])
    expect(await staffServers(viewer(owner), { q: '', status: '' })).toBeNull()

    // Its plan changes meanwhile (a paid renewal to another plan): still suspended, the node holds the new plan.
    await db(payload).rows(sql`UPDATE subscriptions SET product_id = (SELECT id FROM billing_products WHERE key = 'server-medium') WHERE id = (SELECT subscription_id FROM servers WHERE id = ${serverId})`)
    await reconcile(payload, new Date(), serverId)
    await reconcile(payload, new Date(), serverId)
    expect(await serverRow(serverId)).toMatchObject({ status: 'suspended', suspension_reason: 'moderated' })
    expect((await agent.call<{ plan: { ram_mb: number } }>('GET', `/servers/${serverId}`)).body.plan.ram_mb).toBe(4096)

    await expect(staffUnsuspend(payload, owner, serverId)).rejects.toThrow('Only staff can suspend or unsuspend a server.')
    await staffUnsuspend(payload, moderator, serverId)
    await reconciledTo(serverId, 'available')
    expect((await serverRow(serverId))?.staff_reason).toBeNull()
    await expect(staffUnsuspend(payload, moderator, serverId)).rejects.toThrow('This server is not suspended by staff.')

    // Every act, the staff's included, is the owner's to read on the info page; a stranger reads none.
    const acts = (await serverActsOf(viewer(owner), serverId)).map((a) => [a.act, a.actor])
    expect(acts).toEqual(expect.arrayContaining([['suspended by staff', moderator.username], ['unsuspended by staff', moderator.username], ['purchased', owner.username]]))
    expect(await serverActsOf(viewer(await makeUser(payload)), serverId)).toEqual([])
  }, 300_000)
})

describe('notices', () => {
  it('reach the servers they are assigned to while they run; the owner dismisses the dismissable ones for good', async () => {
    const { owner, serverId } = await runningServer()
    const other = await runningServer()
    const admin = await makeUser(payload, 'admin')
    const hour = 3_600_000
    const make = (data: Record<string, unknown>) =>
      payload.create({ collection: 'server-notices', data: { level: 'info', message: 'Details.', dismissable: true, assignedTo: 'all', begins: new Date(Date.now() - hour).toISOString(), ...data } as never, overrideAccess: false, user: admin })
    const all = await make({ title: `Maintenance ${serverId}`, level: 'warn' })
    const onNode = await make({ title: `Node ${nodeId}`, assignedTo: 'node', node: nodeId, dismissable: false })
    const chosen = await make({ title: `Chosen ${serverId}`, assignedTo: 'servers', servers: [serverId] })
    await make({ title: `Expired ${serverId}`, expires: new Date(Date.now() - 1000).toISOString() })
    await make({ title: `Later ${serverId}`, begins: new Date(Date.now() + hour).toISOString() })
    // A plain user cannot publish one.
    await expect(payload.create({ collection: 'server-notices', data: { title: 'Fake', message: 'x', level: 'critical', assignedTo: 'all', begins: new Date().toISOString() }, overrideAccess: false, user: owner })).rejects.toThrow()

    const titles = async (user: typeof owner, id: string, nodeOfServer: string | null = nodeId) => (await noticesFor(viewer(user), { id, nodeId: nodeOfServer })).map((n) => n.title)
    const mine = await titles(owner, serverId)
    expect(mine).toEqual(expect.arrayContaining([all.title, onNode.title, chosen.title]))
    expect(mine.filter((t) => t.includes(serverId) || t.includes(nodeId))).toHaveLength(3)
    expect(await titles(other.owner, other.serverId)).not.toContain(chosen.title)

    await dismissNotice(payload, owner, serverId, chosen.id)
    await dismissNotice(payload, owner, serverId, chosen.id) // a repeat changes nothing
    expect(await titles(owner, serverId)).not.toContain(chosen.title)
    await expect(dismissNotice(payload, owner, serverId, onNode.id)).rejects.toThrow('This notice cannot be dismissed.')
    await expect(dismissNotice(payload, other.owner, other.serverId, chosen.id)).rejects.toThrow('That notice was not found.')
    await expect(dismissNotice(payload, other.owner, serverId, all.id)).rejects.toBeInstanceOf(ServerNotFound)
    expect(await db(payload).rows(sql`SELECT 1 FROM server_notice_dismissals WHERE notice_id = ${chosen.id}`)).toHaveLength(1)
  }, 300_000)
})
