import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { db, inTransaction, sql } from '../../src/plugins/revenue/service/db'
import { balanceOf, pendingByDate, post, systemAccount, userAccounts } from '../../src/plugins/revenue/service/ledger'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { credit, expectLedgerBalanced } from '../helpers/revenue'

/*
 * The creator-revenue ledger (issue 30, migration revenue_ledger): its rules are the database's,
 * not only the code's — raw SQL that breaks them is refused.
 */
let payload: Payload
let userId: string
let userAccount: string
let poolAccount: string

beforeAll(async () => {
  payload = await bootPayload()
  userId = (await makeUser(payload)).id
  await inTransaction(payload, async (tx) => {
    userAccount = (await userAccounts(tx, [userId])).get(userId)!
    poolAccount = await systemAccount(tx, 'revenue_pool')
  })
})

afterAll(async () => {
  await expectLedgerBalanced(payload)
})

/** The database's refusal: drizzle wraps it ("Failed query: …"), the cause is Postgres' own message. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    const e = error as Error & { cause?: Error }
    return `${e.message} ${e.cause?.message ?? ''}`
  }
  return 'accepted'
}

const count = async (table: 'ledger_transactions' | 'ledger_entries') => Number((await db(payload).one<{ n: string }>(sql`SELECT count(*)::text AS n FROM ${sql.raw(table)}`))!.n)

describe('the database enforces the ledger', () => {
  it('a raw unbalanced insert is refused at commit, not before; nothing of it stays', async () => {
    const before = [await count('ledger_transactions'), await count('ledger_entries')]
    let insertedBeforeCommit = false
    expect(
      await refusal(inTransaction(payload, async (tx) => {
        const t = await tx.one<{ id: string }>(sql`INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw-unbalanced', 'test') RETURNING id::text`)
        await tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${poolAccount}::bigint, -5), (${t!.id}::bigint, ${userAccount}::bigint, 4)`)
        insertedBeforeCommit = true // the check is deferred: the statement itself passed
      })),
    ).toMatch(/does not balance: its entries sum to -1/)
    expect(insertedBeforeCommit).toBe(true)
    expect([await count('ledger_transactions'), await count('ledger_entries')]).toEqual(before)
  })

  it('a balanced transaction may take several statements', async () => {
    await inTransaction(payload, async (tx) => {
      const t = await tx.one<{ id: string }>(sql`INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw-balanced', 'test') RETURNING id::text`)
      await tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${poolAccount}::bigint, -7)`)
      await tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${userAccount}::bigint, 7)`)
    })
    expect((await balanceOf(payload, userId)).available).toBe(7n)
  })

  it('checked statement by statement under SET CONSTRAINTS IMMEDIATE, ids and all', async () => {
    expect(
      await refusal(inTransaction(payload, async (tx) => {
        await tx.rows(sql`SET CONSTRAINTS ALL IMMEDIATE`)
        const t = await tx.one<{ id: string }>(sql`INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw-immediate', 'test') RETURNING id::text`)
        await tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${poolAccount}::bigint, -3), (${t!.id}::bigint, ${userAccount}::bigint, 3)`)
        // An explicit, smaller id does not slip an unbalanced entry past the check: the trigger numbers entries itself.
        await tx.rows(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount) VALUES (1, ${t!.id}::bigint, ${userAccount}::bigint, 100)`)
      })),
    ).toMatch(/does not balance/)
  })

  it('a committed transaction is closed: no entry can join it later, balanced or not', async () => {
    const t = await db(payload).one<{ id: string }>(sql`SELECT id::text FROM ledger_transactions WHERE idempotency_key = 'raw-balanced'`)
    expect(
      await refusal(inTransaction(payload, (tx) => tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${poolAccount}::bigint, -1), (${t!.id}::bigint, ${userAccount}::bigint, 1)`))),
    ).toMatch(/is closed/)
  })

  it('nothing is updated, deleted or truncated', async () => {
    expect(await refusal(db(payload).rows(sql`UPDATE ledger_entries SET amount = amount * 2`))).toMatch(/append-only/)
    expect(await refusal(db(payload).rows(sql`DELETE FROM ledger_entries`))).toMatch(/append-only/)
    expect(await refusal(db(payload).rows(sql`UPDATE ledger_transactions SET idempotency_key = idempotency_key || 'x'`))).toMatch(/append-only/)
    expect(await refusal(db(payload).rows(sql`DELETE FROM ledger_transactions`))).toMatch(/append-only/)
    expect(await refusal(db(payload).rows(sql`TRUNCATE ledger_entries`))).toMatch(/append-only/)
  })

  it('zero amounts and a second system account of a kind are refused', async () => {
    expect(await refusal(db(payload).rows(sql`INSERT INTO ledger_accounts (kind) VALUES ('fees')`))).toMatch(/duplicate key/)
    expect(await refusal(db(payload).rows(sql`INSERT INTO ledger_accounts (kind, user_id) VALUES ('fees', ${userId})`))).toMatch(/check constraint/)
    expect(
      await refusal(inTransaction(payload, async (tx) => {
        const t = await tx.one<{ id: string }>(sql`INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('raw-zero', 'test') RETURNING id::text`)
        await tx.rows(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${t!.id}::bigint, ${poolAccount}::bigint, 0)`)
      })),
    ).toMatch(/check constraint/)
  })
})

describe('posting', () => {
  it('an idempotency key is written once: the second post writes nothing', async () => {
    const entries = [
      { account: poolAccount, amount: -10n },
      { account: userAccount, amount: 10n },
    ]
    const first = await inTransaction(payload, (tx) => post(tx, { key: 'once', kind: 'revenue', entries }))
    const second = await inTransaction(payload, (tx) => post(tx, { key: 'once', kind: 'revenue', entries }))
    expect(first).not.toBeNull()
    expect(second).toBeNull()
    const written = await db(payload).rows(sql`SELECT e.id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.idempotency_key = 'once'`)
    expect(written).toHaveLength(2)
  })

  it('two posts of one key at once: one writes', async () => {
    const entries = [
      { account: poolAccount, amount: -1n },
      { account: userAccount, amount: 1n },
    ]
    const results = await Promise.all([1, 2, 3].map(() => inTransaction(payload, (tx) => post(tx, { key: 'racing', kind: 'revenue', entries }))))
    expect(results.filter((r) => r !== null)).toHaveLength(1)
  })

  it('balances: money in is pending until its date, money out counts at once', async () => {
    const user = await makeUser(payload)
    const later = new Date(Date.now() + 30 * 86_400_000)
    await credit(payload, user.id, 1_000_000n) // available
    await credit(payload, user.id, 250_000n, later) // pending
    expect(await balanceOf(payload, user.id)).toEqual({ available: 1_000_000n, pending: 250_000n, total: 1_250_000n })
    expect(await pendingByDate(payload, user.id)).toEqual([{ availableAt: later, amount: 250_000n }])
    expect((await balanceOf(payload, user.id, new Date(later.getTime() + 1))).available).toBe(1_250_000n)
    // A debit dated in the future still counts now.
    await inTransaction(payload, async (tx) => {
      const account = (await userAccounts(tx, [user.id])).get(user.id)!
      await post(tx, { key: `future-debit-${user.id}`, kind: 'withdrawal', entries: [{ account, amount: -400_000n, availableAt: later }, { account: await systemAccount(tx, 'in_transit'), amount: 400_000n, availableAt: later }] })
    })
    expect(await balanceOf(payload, user.id)).toEqual({ available: 600_000n, pending: 250_000n, total: 850_000n })
  })

  it('a deleted account keeps its ledger whole', async () => {
    const user = await makeUser(payload)
    await credit(payload, user.id, 5n)
    await payload.delete({ collection: 'users', id: user.id, overrideAccess: true })
    const orphan = await db(payload).rows(sql`SELECT a.id FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = 'user' AND a.user_id IS NULL`)
    expect(orphan.length).toBeGreaterThan(0)
    await expectLedgerBalanced(payload)
  })
})
