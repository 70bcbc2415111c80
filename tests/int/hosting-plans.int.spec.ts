/**
 * A server's plan changes (issue 31) against Postgres and a real node agent (process runtime,
 * a real flying-squid game): a trial is kept on a paid plan on the same node, port and world; a
 * bigger plan is charged now (less what is left of the period) and the node gets its limits while
 * the server shows `upgrading`; a smaller one waits for the renewal; a declined card or a node
 * without room changes nothing; only the owner may do it.
 */
import { status as ping } from 'minecraft-server-util'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { addMethod, setPrimary } from '../../src/plugins/billing/service/methods'
import { runRenewals } from '../../src/plugins/billing/service/renewals'
import { ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { buyServer } from '../../src/plugins/hosting/service/buy'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { changeServerPlan, keepAfterTrial } from '../../src/plugins/hosting/service/plan'
import { reconcile } from '../../src/plugins/hosting/service/provision'
import { startTestAgent, TOKEN, waitFor, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let agent: TestAgent
let nodeId: string
const DAY = 86_400_000
/** Room for every server this file buys (on paper: the games themselves use far less). */
const NODE_MIB = 65_536

type Row = { status: string; suspension_reason: string | null; power_state: string; port: string | null; node_id: string | null; product_id: string; subscription_id: string | null; next_subscription_id: string | null; last_error: string | null }
const serverRow = (id: string) => db(payload).one<Row>(sql`SELECT * FROM servers WHERE id = ${id}`)
const planKeyOf = async (id: string) => (await db(payload).one<{ key: string }>(sql`SELECT b.key FROM servers s JOIN billing_products b ON b.id = s.product_id WHERE s.id = ${id}`))?.key
const agentPlan = async (id: string) => (await agent.call<{ plan: { ram_mb: number; cpu_cores: number } }>('GET', `/servers/${id}`)).body.plan

// Generous: a game's first start generates its world, and CI runs two files at a time on two cores.
const reconciledTo = (id: string, status: string, timeoutMs = 150_000) =>
  waitFor(`server ${id} ${status}`, async () => {
    await reconcile(payload, new Date(), id)
    const row = await serverRow(id)
    return row?.status === status ? row : null
  }, timeoutMs, 300)

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process', env: { AGENT_CAPACITY_MEMORY_MB: '65536' } })
  // The trial's region (`local`) served by this file's agent alone: other files' nodes there (this worker's database is shared) take nothing.
  await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES ('rlocal', 'local', 'Local', true, now(), now()) ON CONFLICT (key) DO NOTHING`)
  const region = (await db(payload).one<{ id: string }>(sql`SELECT id FROM hosting_regions WHERE key = 'local'`))!.id
  await db(payload).rows(sql`UPDATE hosting_nodes SET enabled = false WHERE region_id = ${region}`)
  nodeId = `n${Math.random().toString(36).slice(2, 9)}`
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${nodeId}, ${nodeId}, ${region}, ${agent.url}, '127.0.0.1', ${TOKEN}, ${NODE_MIB}, 10, true, 'unknown', now(), now())`)
}, 120_000)

afterAll(async () => {
  // Its node goes with its agent: later files on this worker's database must not place servers on it.
  if (nodeId) await db(payload).rows(sql`UPDATE hosting_nodes SET enabled = false WHERE id = ${nodeId}`)
  await agent?.close({ stopGames: true })
})

describe('a trial kept, then upgraded and downgraded', () => {
  let owner: Awaited<ReturnType<typeof makeUser>>
  let serverId: string
  let port: string | null

  it('the owner keeps the trial on a paid plan: same node, port and world, the trial ends, nothing is charged twice', async () => {
    owner = await makeUser(payload)
    serverId = (await buyServer(payload, owner, { productKey: 'trial', regionKey: 'local', interval: 'fiveDays', currency: 'USD', name: 'Kept trial' })).serverId
    const ready = await reconciledTo(serverId, 'available')
    port = ready.port
    const trialSub = ready.subscription_id!

    // Staff see the server but do not spend the owner's money; a stranger does not see it.
    const moderator = await makeUser(payload, 'moderator')
    await expect(keepAfterTrial(payload, moderator, serverId, { productKey: 'server-small', interval: 'monthly', currency: 'USD' })).rejects.toThrow('Only the server’s owner can change its plan.')
    await expect(keepAfterTrial(payload, await makeUser(payload), serverId, { productKey: 'server-small', interval: 'monthly', currency: 'USD' })).rejects.toBeInstanceOf(ServerNotFound)
    // No card: refused, the trial as it was.
    await expect(keepAfterTrial(payload, owner, serverId, { productKey: 'server-small', interval: 'monthly', currency: 'USD' })).rejects.toThrow('Add a payment method first.')
    expect((await serverRow(serverId))?.subscription_id).toBe(trialSub)

    await addMethod(payload, owner, 'test_card_visa')
    expect(await keepAfterTrial(payload, owner, serverId, { productKey: 'server-small', interval: 'monthly', currency: 'USD' })).toEqual({ outcome: 'succeeded' })
    const row = await serverRow(serverId)
    expect(row).toMatchObject({ next_subscription_id: null, port, node_id: ready.node_id })
    expect(row?.subscription_id).not.toBe(trialSub)
    expect(await planKeyOf(serverId)).toBe('server-small')
    expect(await db(payload).one(sql`SELECT status, ended_reason FROM subscriptions WHERE id = ${trialSub}`)).toEqual({ status: 'unprovisioned', ended_reason: 'cancelled' })
    expect(await db(payload).one(sql`SELECT status FROM charges WHERE subscription_id = ${trialSub} AND type = 'renewal'`)).toEqual({ status: 'cancelled' })
    expect(await db(payload).rows(sql`SELECT amount FROM charges WHERE user_id = ${owner.id} AND status = 'succeeded' AND amount > 0`)).toEqual([{ amount: '600' }])
    await reconciledTo(serverId, 'available')
    expect(await db(payload).one(sql`SELECT 1 AS kept FROM server_acts WHERE server_id = ${serverId} AND act = 'kept after the trial'`)).toEqual({ kept: 1 })
    // A second trial is still refused: the account used it.
    await expect(buyServer(payload, owner, { productKey: 'trial', regionKey: 'local', interval: 'fiveDays', currency: 'USD' })).rejects.toThrow('You have already used your free trial.')
  }, 300_000)

  it('a bigger plan is charged now, less what is left of the period; the server shows upgrading, then runs with the new limits on its port', async () => {
    await expect(changeServerPlan(payload, owner, serverId, 'server-small')).rejects.toThrow('This is already your plan.')
    const change = await changeServerPlan(payload, owner, serverId, 'server-medium')
    expect(change).toMatchObject({ when: 'now', outcome: 'succeeded' })
    // Medium costs 1200 a month; almost the whole small month (600) is left: about 600 is charged.
    expect(change.when === 'now' && change.charged).toBeGreaterThanOrEqual(600)
    expect(change.when === 'now' && change.charged).toBeLessThanOrEqual(601)
    const upgrading = await serverRow(serverId)
    expect(upgrading).toMatchObject({ status: 'suspended', suspension_reason: 'upgrading' })
    // No second change races the first on the node.
    await expect(changeServerPlan(payload, owner, serverId, 'server-large')).rejects.toThrow('This server is still moving to its new plan.')
    const after = await reconciledTo(serverId, 'available')
    expect(after.port).toBe(port)
    expect(await planKeyOf(serverId)).toBe('server-medium')
    expect(await agentPlan(serverId)).toMatchObject({ ram_mb: 4096, cpu_cores: 3 })
    // Restarted under the new limits; its settings (max players included) are the owner's and stay.
    expect((await agent.call<{ ram_total_bytes: number }>('GET', `/servers/${serverId}/stats`)).body.ram_total_bytes).toBe(4096 * 1024 * 1024)
    const answer = await waitFor('a status ping', () => ping('127.0.0.1', Number(port), { timeout: 2_000 }).catch(() => null))
    expect(answer.players.max).toBe(5)
    expect(await db(payload).rows(sql`SELECT act FROM server_acts WHERE server_id = ${serverId} AND act IN ('plan change', 'plan changed', 'upgraded') ORDER BY created_at`)).toEqual([
      { act: 'plan changed' }, { act: 'upgraded' }, // kept after the trial
      { act: 'plan change' }, { act: 'plan changed' }, { act: 'upgraded' }, // the owner's upgrade
    ])
    // The next renewal is a medium month, a month from today.
    const next = await db(payload).one<{ amount: string; due: Date }>(sql`SELECT amount, due FROM charges WHERE subscription_id = ${after.subscription_id} AND type = 'renewal' AND status = 'open'`)
    expect(next?.amount).toBe('1200')
    expect(Math.abs(new Date(next!.due).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(DAY)
  }, 300_000)

  it('a smaller plan waits for the renewal (choosing the current one again undoes it), then the server follows', async () => {
    const before = await serverRow(serverId)
    const change = await changeServerPlan(payload, owner, serverId, 'server-small')
    expect(change).toMatchObject({ when: 'renewal', amount: 600 })
    expect(await planKeyOf(serverId)).toBe('server-medium')
    expect(await changeServerPlan(payload, owner, serverId, 'server-medium')).toEqual({ when: 'kept' })
    expect((await db(payload).one<{ amount: string }>(sql`SELECT amount FROM charges WHERE subscription_id = ${before!.subscription_id} AND type = 'renewal' AND status = 'open'`))?.amount).toBe('1200')
    await changeServerPlan(payload, owner, serverId, 'server-small')

    await runRenewals(payload, new Date(Date.now() + 31 * DAY))
    expect(await db(payload).rows(sql`SELECT amount FROM charges WHERE subscription_id = ${before!.subscription_id} AND type = 'renewal' AND status = 'succeeded'`)).toEqual([{ amount: '600' }])
    await reconciledTo(serverId, 'available')
    expect(await planKeyOf(serverId)).toBe('server-small')
    expect(await agentPlan(serverId)).toMatchObject({ ram_mb: 2048 })
  }, 300_000)
})

describe('custom RAM', () => {
  it('a size the buyer picks is a plan of its own, priced per GiB; it moves to another size like any plan; sizes out of range are not offered', async () => {
    const user = await makeUser(payload)
    await addMethod(payload, user, 'test_card_visa')
    await expect(buyServer(payload, user, { productKey: 'server-custom-64g', regionKey: 'local', interval: 'monthly', currency: 'USD' })).rejects.toThrow('That plan is not offered.')
    const bought = await buyServer(payload, user, { productKey: 'server-custom-3g', regionKey: 'local', interval: 'monthly', currency: 'USD' })
    expect(bought.outcome).toBe('succeeded')
    await reconciledTo(bought.serverId, 'available')
    expect(await agentPlan(bought.serverId)).toMatchObject({ ram_mb: 3072, cpu_cores: 3 })
    expect(await db(payload).rows(sql`SELECT amount FROM charges WHERE user_id = ${user.id} AND type = 'subscription'`)).toEqual([{ amount: '900' }])
    // A second buyer of the same size shares its plan: one product per size.
    const other = await makeUser(payload)
    await addMethod(payload, other, 'test_card_visa')
    await buyServer(payload, other, { productKey: 'server-custom-3g', regionKey: 'local', interval: 'monthly', currency: 'USD' })
    expect(await db(payload).rows(sql`SELECT key FROM billing_products WHERE key = 'server-custom-3g'`)).toHaveLength(1)

    await expect(changeServerPlan(payload, user, bought.serverId, 'server-custom-99g')).rejects.toThrow('That plan is not offered.')
    expect(await changeServerPlan(payload, user, bought.serverId, 'server-custom-5g')).toMatchObject({ when: 'now', outcome: 'succeeded' })
    await reconciledTo(bought.serverId, 'available')
    expect(await planKeyOf(bought.serverId)).toBe('server-custom-5g')
    expect(await agentPlan(bought.serverId)).toMatchObject({ ram_mb: 5120, cpu_cores: 4 })
  }, 300_000)
})

describe('refused plan changes change nothing', () => {
  it('a declined card: the plan, the server and the next renewal stay as they were', async () => {
    const user = await makeUser(payload)
    await addMethod(payload, user, 'test_card_visa')
    const bought = await buyServer(payload, user, { productKey: 'server-small', regionKey: 'local', interval: 'monthly', currency: 'USD' })
    await reconciledTo(bought.serverId, 'available')
    await setPrimary(payload, user, (await addMethod(payload, user, 'test_card_declined')).id)
    await expect(changeServerPlan(payload, user, bought.serverId, 'server-large')).rejects.toThrow('The payment for the new plan was declined. Your plan is unchanged.')
    await reconcile(payload, new Date(), bought.serverId)
    expect(await planKeyOf(bought.serverId)).toBe('server-small')
    expect((await serverRow(bought.serverId))?.status).toBe('available')
  }, 300_000)

  it('a node without room for the bigger plan refuses before anything is charged', async () => {
    const user = await makeUser(payload)
    await addMethod(payload, user, 'test_card_visa')
    const bought = await buyServer(payload, user, { productKey: 'server-small', regionKey: 'local', interval: 'monthly', currency: 'USD' })
    await reconciledTo(bought.serverId, 'available')
    await db(payload).rows(sql`UPDATE hosting_nodes SET memory_mi_b = (SELECT sum(p.ram_mi_b) FROM servers s JOIN billing_products p ON p.id = s.product_id WHERE s.node_id = ${nodeId}) WHERE id = ${nodeId}`)
    try {
      await expect(changeServerPlan(payload, user, bought.serverId, 'server-large')).rejects.toThrow('This server’s machine has no room for a bigger plan right now.')
      expect(await db(payload).rows(sql`SELECT 1 FROM charges WHERE user_id = ${user.id} AND type = 'proration'`)).toEqual([])
    } finally {
      await db(payload).rows(sql`UPDATE hosting_nodes SET memory_mi_b = ${NODE_MIB} WHERE id = ${nodeId}`)
    }
  }, 300_000)
})
