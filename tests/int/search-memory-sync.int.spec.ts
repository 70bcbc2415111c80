/**
 * The in-memory index follows commits made anywhere: two indexes stand for two app instances, and
 * writes come through separate connections, committed in an order other than the order they began.
 */
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { SearchQuery } from '../../src/lib/search/query'
import { drizzleOf as poolOf } from '../../src/lib/db/sql'
import { memoryEngine } from '../../src/plugins/search/memory/engine'
import { postgresEngine } from '../../src/plugins/search/postgres/engine'
import type { SearchEngine, Sql } from '../../src/plugins/search/types'
import { bootPayload } from '../helpers/payload'
import { searchDoc } from '../helpers/searchDoc'

let payload: Payload
let a: ReturnType<typeof memoryEngine>
let b: ReturnType<typeof memoryEngine>
const clients: pg.Client[] = []
const TAG = `m${Date.now().toString(36)}`
const WORD = `zm${TAG}`
const doc = (i: number, title: string, downloads = 0) => searchDoc(TAG, i, { title: `${WORD} ${title}`, downloads })
const q = (over: Partial<SearchQuery> = {}): SearchQuery => ({ text: WORD, filters: [], sort: 'downloads', offset: 0, limit: 50, facets: false, ...over })
const titles = async (engine: SearchEngine, over: Partial<SearchQuery> = {}) => (await engine.search(q(over))).hits.map((h) => h.title.replace(`${WORD} `, ''))

/** A connection of its own, for a transaction that stays open across awaits. */
async function connection(): Promise<{ db: Sql; query: (text: string) => Promise<unknown> }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  clients.push(client)
  return { db: drizzle(client) as unknown as Sql, query: (text) => client.query(text) }
}

beforeAll(async () => {
  payload = await bootPayload()
  const pool = () => poolOf(payload)
  const writer = postgresEngine(pool)
  a = memoryEngine(pool, writer)
  b = memoryEngine(pool, postgresEngine(pool))
  await writer.upsert(doc(0, 'Alpha', 10))
  await Promise.all([a.ready(), b.ready()])
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()))
  const writer = postgresEngine(() => poolOf(payload))
  for (let i = 0; i < 5; i++) await writer.remove(`${TAG}${i}`.slice(0, 16))
})

describe('in-memory search index', () => {
  it('answers from SQL while it loads, then from memory', async () => {
    const fresh = memoryEngine(() => poolOf(payload), postgresEngine(() => poolOf(payload)))
    expect(await titles(fresh)).toEqual(['Alpha'])
    await fresh.ready()
    expect(await titles(fresh)).toEqual(['Alpha'])
  })

  it('shows a commit from another instance in the next search of both', async () => {
    expect(await titles(a)).toEqual(['Alpha'])
    expect(await titles(b)).toEqual(['Alpha'])
    const other = postgresEngine(() => poolOf(payload))
    await other.upsert(doc(1, 'Beta', 20))
    expect(await titles(a)).toEqual(['Beta', 'Alpha'])
    expect(await titles(b)).toEqual(['Beta', 'Alpha'])
  })

  it('catches a transaction that began first but committed last', async () => {
    const early = await connection()
    const late = await connection()
    const engine = postgresEngine(() => poolOf(payload))
    await early.query('BEGIN')
    await engine.upsert(doc(2, 'Early', 30), early.db)
    await late.query('BEGIN')
    await engine.upsert(doc(3, 'Late', 40), late.db)
    await late.query('COMMIT')
    expect(await titles(a)).toEqual(['Late', 'Beta', 'Alpha'])
    await early.query('COMMIT')
    expect(await titles(a)).toEqual(['Late', 'Early', 'Beta', 'Alpha'])
  })

  it('never shows a rolled-back write, and follows updates and removals', async () => {
    const tx = await connection()
    const engine = postgresEngine(() => poolOf(payload))
    await tx.query('BEGIN')
    await engine.upsert(doc(4, 'Ghost', 99), tx.db)
    await engine.remove(`${TAG}0`.slice(0, 16), tx.db)
    await tx.query('ROLLBACK')
    expect(await titles(b)).toEqual(['Late', 'Early', 'Beta', 'Alpha'])
    await engine.upsert(doc(0, 'Alpha Prime', 1000))
    await engine.remove(`${TAG}3`.slice(0, 16))
    expect(await titles(b)).toEqual(['Alpha Prime', 'Early', 'Beta'])
    expect(await titles(b, { text: `${WORD} prime` })).toEqual(['Alpha Prime'])
  })

  it('answers concurrent searches consistently while writes land', async () => {
    const engine = postgresEngine(() => poolOf(payload))
    const searches = Array.from({ length: 20 }, () => a.search(q()))
    await engine.upsert(doc(4, 'Delta', 5))
    const after = await titles(a)
    expect(after).toContain('Delta')
    for (const r of await Promise.all(searches)) expect(r.hits.length).toBeGreaterThanOrEqual(3)
  })

  it('reloads from scratch after the index is cleared elsewhere', async () => {
    // A write that left no change behind (as a bulk load would) shows only after a rebuild, which
    // '*' in the change log (what clear() writes) asks every reader for.
    const tx = await connection()
    await tx.query('BEGIN')
    await postgresEngine(() => poolOf(payload)).upsert(doc(4, 'Delta', 500), tx.db)
    await tx.db.execute(sql`DELETE FROM search_changes WHERE project_id = ${`${TAG}4`.slice(0, 16)}`)
    await tx.query('COMMIT')
    // b has not searched since Delta first appeared, and its log rows are gone: it cannot know.
    expect(await titles(b)).toEqual(['Alpha Prime', 'Early', 'Beta'])
    await poolOf(payload).execute(sql`INSERT INTO search_changes (project_id) VALUES ('*')`)
    expect(await titles(b)).toEqual(['Alpha Prime', 'Delta', 'Early', 'Beta'])
  })

  it('keeps its index through idle time, catching up from the change log (no reload)', async () => {
    // Searches that reach SQL are counted: the memory engine only asks SQL while it (re)loads.
    let sqlSearches = 0
    const sqlEngine = postgresEngine(() => poolOf(payload))
    const counted: SearchEngine = { ...sqlEngine, search: (query) => (sqlSearches++, sqlEngine.search(query)) }
    // Its clock and keep-alive timer are fake; database I/O is real.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const idle = memoryEngine(() => poolOf(payload), counted)
      await idle.ready()
      const before = await titles(idle)
      expect(sqlSearches).toBe(0)
      // Two hours without a search, a keep-alive tick every five minutes; a write lands meanwhile.
      for (let m = 0; m < 120; m += 5) {
        if (m === 60) await sqlEngine.upsert(doc(2, 'Early Renamed', 30))
        vi.advanceTimersByTime(5 * 60_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(await titles(idle)).toEqual(before.map((t) => (t === 'Early' ? 'Early Renamed' : t)))
      expect(sqlSearches).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
