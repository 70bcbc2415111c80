import type { Payload } from 'payload'
import { expect } from 'vitest'

import type { Project, User } from '../../src/payload-types'
import { db, inTransaction, sql } from '../../src/plugins/revenue/service/db'
import { post, systemAccount, userAccounts, type SystemAccount } from '../../src/plugins/revenue/service/ledger'

/*
 * Creator revenue's test fixtures (tests/int/revenue-*.int.spec.ts): teams and projects with payout
 * shares, counted views, balances credited straight into the ledger, and the ledger's invariant.
 */

let seq = 0
const uniq = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7)}`

export type Member = { user: User; share?: number; accepted?: boolean }

export async function makeTeam(payload: Payload, members: Member[], kind: 'project' | 'organization' = 'project'): Promise<string> {
  const team = await payload.create({ collection: 'teams', data: { kind }, overrideAccess: true })
  for (const [i, m] of members.entries()) {
    await payload.create({
      collection: 'team-members',
      data: { team: team.id, user: m.user.id, role: i === 0 ? 'Owner' : 'Member', isOwner: i === 0, accepted: m.accepted ?? true, payoutsSplit: m.share ?? 0, ordering: i },
      overrideAccess: true,
    })
  }
  return team.id
}

export async function makeOrganization(payload: Payload, members: Member[]): Promise<string> {
  const team = await makeTeam(payload, members, 'organization')
  const org = await payload.create({ collection: 'organizations', data: { name: 'Revenue Org', slug: uniq('rev-org'), team }, overrideAccess: true })
  return org.id
}

export async function makeProject(
  payload: Payload,
  input: { team: string; status?: Project['status']; monetizationStatus?: Project['monetizationStatus']; organization?: string },
): Promise<string> {
  const slug = uniq('rev-project')
  const project = await payload.create({
    collection: 'projects',
    data: {
      slug,
      title: slug,
      summary: 'A project earning revenue in the tests.',
      projectType: 'mod',
      status: input.status ?? 'approved',
      monetizationStatus: input.monetizationStatus ?? 'monetized',
      team: input.team,
      organization: input.organization,
      body: 'Body text',
    },
    overrideAccess: true,
    depth: 0,
  })
  return project.id
}

/** Sets a project's counted views and downloads for a day (as src/lib/analytics/count.ts writes them). */
export async function setCounts(payload: Payload, projectId: string, day: string, views: number, downloads = 0): Promise<void> {
  if (views) await db(payload).rows(sql`INSERT INTO analytics_daily (kind, project_id, version_id, day, count) VALUES ('view', ${projectId}, '', ${day}::date, ${views})`)
  // Downloads are counted per version: two versions, to see them summed.
  if (downloads) {
    const half = Math.floor(downloads / 2)
    await db(payload).rows(sql`INSERT INTO analytics_daily (kind, project_id, version_id, day, count) VALUES ('download', ${projectId}, 'v1', ${day}::date, ${downloads - half})`)
    if (half) await db(payload).rows(sql`INSERT INTO analytics_daily (kind, project_id, version_id, day, count) VALUES ('download', ${projectId}, 'v2', ${day}::date, ${half})`)
  }
}

/** Credits a user's balance from the revenue pool, available from `availableAt` (default: already). */
export async function credit(payload: Payload, userId: string, amount: bigint, availableAt = new Date('2020-01-01T00:00:00Z')): Promise<void> {
  await inTransaction(payload, async (tx) => {
    const account = (await userAccounts(tx, [userId])).get(userId)!
    await post(tx, {
      key: uniq('test-credit'),
      kind: 'revenue',
      memo: 'test credit',
      entries: [
        { account: await systemAccount(tx, 'revenue_pool'), amount: -amount, availableAt },
        { account, amount, availableAt },
      ],
    })
  })
}

/** A system account's balance (all its entries). */
export async function systemBalance(payload: Payload, kind: SystemAccount): Promise<bigint> {
  const row = await db(payload).one<{ total: string }>(sql`
    SELECT COALESCE(sum(e.amount), 0)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = ${kind}`)
  return BigInt(row!.total)
}

/** The invariant, after every scenario: every transaction sums to zero, and so does the whole ledger. */
export async function expectLedgerBalanced(payload: Payload): Promise<void> {
  const unbalanced = await db(payload).rows(sql`SELECT transaction_id, sum(amount) FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`)
  expect(unbalanced).toEqual([])
  const total = await db(payload).one<{ total: string }>(sql`SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entries`)
  expect(total?.total).toBe('0')
}
