import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions } from '../../src/access/core/permissions'
import { revenueHistory, revenueOverview, revenueSeries } from '../../src/lib/data/revenue'
import { staffLedgerOf, staffRevenueOverview } from '../../src/lib/data/revenueStaff'
import { viewerFor, type AuthUser } from '../../src/lib/data/viewer'
import { base62Id } from '../../src/lib/ids'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { computeDay, runDaily } from '../../src/plugins/revenue/service/daily'
import { db, sql } from '../../src/plugins/revenue/service/db'
import { balanceOf } from '../../src/plugins/revenue/service/ledger'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { expectLedgerBalanced, makeOrganization, makeProject, makeTeam, setCounts } from '../helpers/revenue'

/*
 * The daily revenue job (issue 30): counted views → the day's pool split over projects and their
 * teams, exactly; each day once.
 */
let payload: Payload

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
})

afterAll(async () => {
  await expectLedgerBalanced(payload)
})

const entriesOf = (day: string) =>
  db(payload).rows<{ user_id: string | null; kind: string; amount: string; available_at: string }>(sql`
    SELECT a.user_id, a.kind, e.amount::text AS amount, e.available_at FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.idempotency_key = ${`revenue:${day}`} ORDER BY e.id`)
const explanationsOf = (day: string) =>
  db(payload).rows<{ project_id: string; user_id: string; views: string; downloads: string; weight: string; project_amount: string; share: string; shares_total: string; equal_split: boolean; amount: string }>(
    sql`SELECT * FROM revenue_explanations WHERE day = ${day}::date ORDER BY project_id, user_id`,
  )
const dayRow = (day: string) => db(payload).one<Record<string, string | number>>(sql`SELECT * FROM revenue_days WHERE day = ${day}::date`)

/** A Plus charge (or refund) taken on `at`, in `currency`'s minor units. */
async function plusCharge(at: string, amount: number, currency: 'USD' | 'EUR' | 'JPY', type: 'subscription' | 'refund' = 'subscription', status = 'succeeded') {
  const user = await makeUser(payload)
  const price = await db(payload).one<{ id: string }>(sql`SELECT p.id FROM billing_prices p JOIN billing_products b ON b.id = p.product_id WHERE b.key = 'plus' AND p.currency = ${currency}`)
  await db(payload).rows(sql`
    INSERT INTO charges (id, user_id, price_id, type, status, amount, currency, due, last_attempt, attempts, provider, updated_at, created_at)
    VALUES (${base62Id()}, ${user.id}, ${price!.id}, ${type}, ${status}, ${amount}, ${currency}, ${at}, ${type === 'refund' ? null : at}, 1, 'test', now(), ${at})`)
}

describe('a revenue day', () => {
  const DAY = '2025-03-10'

  it('counts → amounts per member, exactly summing to the pool; the inputs kept', async () => {
    const [alice, bob, carol, dan, erin, frank, gina, hugo] = await Promise.all(Array.from({ length: 8 }, () => makeUser(payload)))
    // A: 70/30 shares. B: every share unset → equal thirds. C: an organization's project → its members are paid.
    const a = await makeProject(payload, { team: await makeTeam(payload, [{ user: alice, share: 70 }, { user: bob, share: 30 }, { user: hugo, share: 50, accepted: false }]) })
    const b = await makeProject(payload, { team: await makeTeam(payload, [{ user: alice }, { user: carol }, { user: dan }]) })
    const org = await makeOrganization(payload, [{ user: erin, share: 1 }, { user: frank, share: 2 }])
    const c = await makeProject(payload, { team: await makeTeam(payload, [{ user: gina, share: 100 }]), organization: org })
    // Not paid: demonetized, a draft, an unlisted one, a project with no points.
    const demonetized = await makeProject(payload, { team: await makeTeam(payload, [{ user: gina }]), monetizationStatus: 'demonetized' })
    const draft = await makeProject(payload, { team: await makeTeam(payload, [{ user: gina }]), status: 'draft' })
    const unlisted = await makeProject(payload, { team: await makeTeam(payload, [{ user: gina }]), status: 'unlisted' })
    await makeProject(payload, { team: await makeTeam(payload, [{ user: gina }]) })
    await setCounts(payload, a, DAY, 150, 40)
    await setCounts(payload, b, DAY, 32)
    await setCounts(payload, c, DAY, 48, 3)
    for (const p of [demonetized, draft, unlisted]) await setCounts(payload, p, DAY, 1000)
    await setCounts(payload, a, '2025-03-09', 5000) // another day's views count for that day only

    // Staff: $75.00 for the day, $3.10 for March (10 cents a day). Plus: $4.99 + €4.59 − $4.99 refunded, a failed one ignored.
    await payload.create({ collection: 'revenue-pools', data: { period: DAY, amount: 7500, source: 'ads' }, overrideAccess: true })
    await payload.create({ collection: 'revenue-pools', data: { period: '2025-03', amount: 310, source: 'sponsorship' }, overrideAccess: true })
    await plusCharge(`${DAY}T10:00:00Z`, 499, 'USD')
    await plusCharge(`${DAY}T23:59:59Z`, 459, 'EUR')
    await plusCharge(`${DAY}T12:00:00Z`, -499, 'USD', 'refund')
    await plusCharge(`${DAY}T12:00:00Z`, 499, 'USD', 'subscription', 'failed')
    await plusCharge('2025-03-11T00:00:00Z', 499, 'USD') // the next day's

    const result = await computeDay(payload, DAY, { plusSharePercent: 50, downloadWeight: 0, holdDays: 60 })
    const staff = 75_100_000n
    const plus = 4_989_130n / 2n // €4.59 at the demo rate, half of it
    const pool = staff + plus
    expect(result).toMatchObject({ status: 'computed', pool, distributed: pool, projects: 3, members: 7 })
    expect(await dayRow(DAY)).toMatchObject({ staff_income: String(staff), plus_net: '4989130', plus_share_percent: 50, plus_income: String(plus), pool: String(pool), distributed: String(pool), total_weight: '230', projects: 3 })

    const explained = await explanationsOf(DAY)
    expect(explained.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(pool)
    const byProject = new Map<string, typeof explained>()
    for (const r of explained) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r])
    expect([...byProject.keys()].sort()).toEqual([a, b, c].sort())
    for (const [, rows] of byProject) expect(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(BigInt(rows[0].project_amount))
    // Each project's part is the pool × its views / all views, within a micro-unit.
    for (const [id, views] of [[a, 150n], [b, 32n], [c, 48n]] as const) {
      const part = BigInt(byProject.get(id)![0].project_amount)
      expect(part - (pool * views) / 230n).toBeGreaterThanOrEqual(0n)
      expect(part - (pool * views) / 230n).toBeLessThanOrEqual(1n)
    }
    const rowOf = (project: string, user: string) => explained.find((r) => r.project_id === project && r.user_id === user)!
    expect(rowOf(a, alice.id)).toMatchObject({ views: '150', downloads: '40', weight: '150', share: '70000000', shares_total: '100000000', equal_split: false })
    expect(BigInt(rowOf(a, alice.id).amount) * 3n - BigInt(rowOf(a, bob.id).amount) * 7n).toBeLessThanOrEqual(10n)
    expect(explained.some((r) => r.user_id === hugo.id)).toBe(false) // an invitation not accepted earns nothing
    expect([carol, dan, alice].map((u) => rowOf(b, u.id).equal_split)).toEqual([true, true, true])
    const thirds = [alice, carol, dan].map((u) => BigInt(rowOf(b, u.id).amount))
    expect(thirds.reduce((x, y) => x + y, 0n)).toBe(BigInt(rowOf(b, alice.id).project_amount))
    expect(Math.max(...thirds.map(Number)) - Math.min(...thirds.map(Number))).toBeLessThanOrEqual(1)
    expect(explained.filter((r) => r.project_id === c).map((r) => r.user_id).sort()).toEqual([erin.id, frank.id].sort())
    expect(explained.some((r) => r.user_id === gina.id)).toBe(false)

    // The ledger: one credit per member (alice's two projects together), the pool debited, available at the hold.
    const entries = await entriesOf(DAY)
    expect(entries.reduce((sum, e) => sum + BigInt(e.amount), 0n)).toBe(0n)
    expect(entries.find((e) => e.kind === 'revenue_pool')?.amount).toBe(String(-pool))
    const credits = entries.filter((e) => e.kind === 'user')
    expect(credits).toHaveLength(6)
    for (const e of credits) {
      expect(BigInt(e.amount)).toBe(explained.filter((r) => r.user_id === e.user_id).reduce((sum, r) => sum + BigInt(r.amount), 0n))
      expect(new Date(e.available_at).toISOString()).toBe('2025-05-31T00:00:00.000Z') // March's end + 60 days
    }
    expect((await balanceOf(payload, alice.id)).available).toBe(BigInt(rowOf(a, alice.id).amount) + BigInt(rowOf(b, alice.id).amount))
    expect(await balanceOf(payload, alice.id, new Date('2025-05-30T00:00:00Z'))).toMatchObject({ available: 0n })
  })

  it('computed twice, it writes once', async () => {
    const count = async () => (await db(payload).one<{ n: string }>(sql`SELECT (SELECT count(*) FROM ledger_entries) + (SELECT count(*) FROM revenue_explanations) AS n`))!.n
    const before = await count()
    expect(await computeDay(payload, DAY)).toEqual({ day: DAY, status: 'already' })
    expect(await count()).toBe(before)
  })

  it('the pool of a paid day can no longer change', async () => {
    await expect(payload.create({ collection: 'revenue-pools', data: { period: DAY, amount: 1, source: 'ads' }, overrideAccess: true })).rejects.toThrow(/paid out already/)
    await expect(payload.create({ collection: 'revenue-pools', data: { period: '2025-03', amount: 1, source: 'ads' }, overrideAccess: true })).rejects.toThrow(/paid out already/)
    const entry = await payload.find({ collection: 'revenue-pools', where: { period: { equals: DAY } }, overrideAccess: true })
    await expect(payload.update({ collection: 'revenue-pools', id: entry.docs[0].id, data: { amount: 1 }, overrideAccess: true })).rejects.toThrow(/paid out already/)
    await expect(payload.delete({ collection: 'revenue-pools', id: entry.docs[0].id, overrideAccess: true })).rejects.toThrow(/paid out already/)
    await expect(payload.create({ collection: 'revenue-pools', data: { period: '2025-13', amount: 1, source: 'ads' }, overrideAccess: true })).rejects.toThrow()
    await expect(payload.create({ collection: 'revenue-pools', data: { period: '2025-04', amount: 1.5, source: 'ads' }, overrideAccess: true })).rejects.toThrow()
  })
})

describe('the job', () => {
  it('pays each closed day after the last one, the day still closing waits', async () => {
    const owner = await makeUser(payload)
    const project = await makeProject(payload, { team: await makeTeam(payload, [{ user: owner }]) })
    await setCounts(payload, project, '2025-03-11', 10)
    await setCounts(payload, project, '2025-03-12', 10)
    // 2025-03-12 ended 2025-03-13T00:00Z; with 24 hours to close it is not paid before 2025-03-14T00:00Z.
    const first = await runDaily(payload, new Date('2025-03-13T23:00:00Z'), { closeHours: 24, plusSharePercent: 50, downloadWeight: 0, holdDays: 60 })
    expect(first.map((d) => [d.day, d.status])).toEqual([['2025-03-11', 'computed']])
    // The next day's Plus charge and March's 10 cents: the owner of the only project with views takes the pool.
    expect(first[0]).toMatchObject({ pool: 100_000n + 2_495_000n, distributed: 100_000n + 2_495_000n })
    const second = await runDaily(payload, new Date('2025-03-14T00:00:00Z'), { closeHours: 24, plusSharePercent: 50, downloadWeight: 0, holdDays: 60 })
    expect(second.map((d) => [d.day, d.status])).toEqual([['2025-03-12', 'computed']])
    expect(second[0]).toMatchObject({ pool: 100_000n, distributed: 100_000n })
    expect(await runDaily(payload, new Date('2025-03-14T00:00:00Z'), { closeHours: 24 })).toEqual([])
  })

  it('two runners on one day: one writes', async () => {
    const owner = await makeUser(payload)
    const project = await makeProject(payload, { team: await makeTeam(payload, [{ user: owner }]) })
    await payload.create({ collection: 'revenue-pools', data: { period: '2025-03-13', amount: 100, source: 'ads' }, overrideAccess: true })
    await setCounts(payload, project, '2025-03-13', 1, 1)
    const results = await Promise.all([computeDay(payload, '2025-03-13', { downloadWeight: 2 }), computeDay(payload, '2025-03-13', { downloadWeight: 2 })])
    expect(results.map((r) => r.status).sort()).toEqual(['already', 'computed'])
    expect(await explanationsOf('2025-03-13')).toEqual([expect.objectContaining({ user_id: owner.id, views: '1', downloads: '1', weight: '3' })])
  })

  it('a day with income but no points pays nobody and says so', async () => {
    await payload.create({ collection: 'revenue-pools', data: { period: '2025-03-20', amount: 100, source: 'ads' }, overrideAccess: true })
    expect(await computeDay(payload, '2025-03-20')).toMatchObject({ status: 'computed', pool: 1_100_000n, distributed: 0n, projects: 0 })
    expect(await entriesOf('2025-03-20')).toEqual([])
    expect(await dayRow('2025-03-20')).toMatchObject({ pool: '1100000', distributed: '0' })
  })
})

describe('what each viewer reads of a day (the revenue page; issue 30)', () => {
  const DAY = '2025-04-21'
  const as = async (user: Awaited<ReturnType<typeof makeUser>>) => ({ ...(await viewerFor(payload, user as AuthUser)), user: user as AuthUser })

  it('a paid member: their part and how it was split; a member with “View revenue”: the project’s part, never another member’s; others: nothing', async () => {
    const [erin, frank, gina, hugo, stranger, moderator] = await Promise.all([makeUser(payload), makeUser(payload), makeUser(payload), makeUser(payload), makeUser(payload), makeUser(payload, 'moderator')])
    // The organization's team is paid (erin 1 share, frank 3); the project's own team only views: gina holds VIEW_PAYOUTS, hugo does not.
    const org = await makeOrganization(payload, [{ user: erin, share: 1 }, { user: frank, share: 3 }])
    const team = (await payload.create({ collection: 'teams', data: { kind: 'project' }, overrideAccess: true })).id
    await payload.create({ collection: 'team-members', data: { team, user: gina.id, role: 'Owner', isOwner: true, accepted: true, permissions: ProjectPermissions.VIEW_PAYOUTS }, overrideAccess: true })
    await payload.create({ collection: 'team-members', data: { team, user: hugo.id, role: 'Member', accepted: true, permissions: ProjectPermissions.VIEW_ANALYTICS }, overrideAccess: true })
    const project = await makeProject(payload, { team, organization: org })
    const other = await makeProject(payload, { team: await makeTeam(payload, [{ user: stranger }]) })
    await payload.create({ collection: 'revenue-pools', data: { period: DAY, amount: 1000, source: 'ads' }, overrideAccess: true })
    await setCounts(payload, project, DAY, 30)
    await setCounts(payload, other, DAY, 10)
    expect(await computeDay(payload, DAY, { plusSharePercent: 0, downloadWeight: 0, holdDays: 60 })).toMatchObject({ status: 'computed', pool: 10_000_000n })

    const erinSees = await revenueHistory(await as(erin), 365)
    const erinDay = erinSees.explained.find((d) => d.day === DAY)!
    expect(erinDay).toMatchObject({ pool: '10000000', totalWeight: '40', plusPercent: 0 })
    expect(erinDay.projects).toEqual([
      { projectId: project, views: '30', downloads: '0', weight: '30', projectAmount: '7500000', members: 2, mine: { share: '1000000', sharesTotal: '4000000', equalSplit: false, amount: '1875000' } },
    ])
    expect(revenueSeries(erinSees, 'mine', (id) => id).find((s) => s.id === project)?.values.at(-1)).toBe(187) // the chart is in whole cents
    expect(await revenueOverview(await as(erin))).toMatchObject({ available: '1875000', pending: '0', held: false, testMode: true }) // long past its hold

    const ginaSees = await revenueHistory(await as(gina), 365)
    expect(ginaSees.projects.find((p) => p.id === project)).toMatchObject({ teamView: true })
    expect(ginaSees.explained.find((d) => d.day === DAY)!.projects).toEqual([{ projectId: project, views: '30', downloads: '0', weight: '30', projectAmount: '7500000', members: 2, mine: null }])
    expect(JSON.stringify(ginaSees)).not.toContain(erin.id)
    expect(JSON.stringify(ginaSees)).not.toMatch(/1875000|5625000/) // neither paid member's part

    for (const outsider of [hugo, stranger, moderator]) {
      const seen = await revenueHistory(await as(outsider), 365)
      expect(seen.explained.flatMap((d) => d.projects).filter((p) => p.projectId === project)).toEqual([])
    }

    // Staff read any user's ledger; nobody else does.
    expect(await staffLedgerOf(await as(moderator), erin.id)).toMatchObject({ user: { id: erin.id }, available: '1875000', hold: null })
    expect(await staffRevenueOverview(await as(moderator))).toMatchObject({ held: expect.any(Array), failed: expect.any(Array) })
    for (const notStaff of [erin, gina, stranger]) {
      expect(await staffLedgerOf(await as(notStaff), erin.id)).toBeNull()
      expect(await staffRevenueOverview(await as(notStaff))).toBeNull()
    }
  })
})
