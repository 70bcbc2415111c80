/**
 * More than EXACT_TOTAL_CAP projects match. The SQL engine then pages with one index-ordered query
 * per relevance tier and reports the planner's estimate; the in-memory index must give the same
 * pages and the exact total.
 * Documents go straight into the engine (1,100 through Payload would take minutes); the indexing
 * hooks themselves are covered by search.int.spec.ts.
 */
import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { parseFacets } from '../../src/lib/search/facets'
import type { SearchQuery } from '../../src/lib/search/query'
import { drizzleOf as poolOf } from '../../src/lib/db/sql'
import { enginesOf } from '../../src/plugins/search/engines'
import { EXACT_TOTAL_CAP } from '../../src/plugins/search/postgres/engine'
import type { ProjectSearchDocument, SearchEngine } from '../../src/plugins/search/types'
import { bootPayload } from '../helpers/payload'
import { searchDoc } from '../helpers/searchDoc'

let payload: Payload
let writer: SearchEngine
const TAG = `s${Date.now().toString(36)}`
const WORD = `zq${TAG}` // in every document of this file, and nowhere else
const COUNT = EXACT_TOTAL_CAP + 100
const TITLED = 30 // documents with the word in their title (after the exact one)

const doc = (i: number, over: Partial<ProjectSearchDocument>) => searchDoc(TAG, i, { summary: `Adds ${WORD} tools and things`, ...over })

const q = (over: Partial<SearchQuery>): SearchQuery => ({ text: WORD, filters: [], sort: 'relevance', offset: 0, limit: 20, facets: false, ...over })
const downloadsOf = (i: number) => (i * 7919) % 100_000 // spread, and body-only matches outrank titled ones

beforeAll(async () => {
  payload = await bootPayload()
  writer = enginesOf(payload).postgres
  await writer.upsert(doc(0, { title: WORD, downloads: 1 })) // the exact match, with the fewest downloads
  for (let i = 1; i < COUNT; i++) {
    await writer.upsert(doc(i, { title: i <= TITLED ? `${WORD} Tools ${i}` : `Project ${i}`, downloads: i <= TITLED ? 1000 + i : 10_000 + downloadsOf(i), follows: i }))
  }
  await poolOf(payload).execute(sql`ANALYZE search_projects`)
  await enginesOf(payload).memory.ready()
}, 300_000)

afterAll(async () => {
  for (let i = 0; i < COUNT; i++) await writer.remove(`${TAG}${i}`.slice(0, 16))
})

describe.each(['postgres', 'memory'] as const)('%s engine past the exact-count cap', (name) => {
  const engine = { search: (query: SearchQuery) => enginesOf(payload)[name].search(query) }
  it('ranks exact title, then title words by downloads, then the rest by downloads', async () => {
    const { hits } = await engine.search(q({ limit: 40 }))
    expect(hits[0].title).toBe(WORD)
    const titled = hits.slice(1, 1 + TITLED)
    expect(titled.every((h) => h.title.startsWith(`${WORD} Tools`))).toBe(true)
    expect(titled.map((h) => h.downloads)).toEqual([...titled.map((h) => h.downloads)].sort((a, b) => b - a))
    const rest = hits.slice(1 + TITLED)
    expect(rest.length).toBe(40 - 1 - TITLED)
    expect(rest.every((h) => h.title.startsWith('Project'))).toBe(true)
    expect(rest.map((h) => h.downloads)).toEqual([...rest.map((h) => h.downloads)].sort((a, b) => b - a))
    // The body-only matches with the most downloads come right after the titled ones.
    expect(rest[0].downloads).toBe(10_000 + Math.max(...Array.from({ length: COUNT - TITLED - 1 }, (_, k) => downloadsOf(k + TITLED + 1))))
  })

  it('ranks a title holding every word of a multi-word query above body-only matches', async () => {
    const { hits } = await engine.search(q({ text: `${WORD} tools`, limit: TITLED }))
    expect(hits.map((h) => h.title).every((t) => t.startsWith(`${WORD} Tools`))).toBe(true)
  })

  it('pages across the tier boundaries without gaps or repeats', async () => {
    const all = (await engine.search(q({ limit: 100 }))).hits.map((h) => h.project_id)
    const paged: string[] = []
    for (let offset = 0; offset < 100; offset += 15) paged.push(...(await engine.search(q({ offset, limit: 15 }))).hits.map((h) => h.project_id))
    expect(paged.slice(0, 100)).toEqual(all)
    expect(new Set(all).size).toBe(100)
  })

  it('reports an estimated total of at least the cap, close to the real count (exact in memory)', async () => {
    const { total_hits } = await engine.search(q({}))
    if (name === 'memory') expect(total_hits).toBe(COUNT)
    expect(total_hits).toBeGreaterThan(EXACT_TOTAL_CAP)
    expect(total_hits).toBeGreaterThanOrEqual(COUNT * 0.5)
    expect(total_hits).toBeLessThanOrEqual(COUNT * 2)
  })

  it('counts exactly when a filter brings the matches under the cap', async () => {
    const { total_hits, hits } = await engine.search(q({ filters: parseFacets('[["categories:magic"]]', new Set(['fabric'])), limit: 100 }))
    expect(total_hits).toBe(Math.ceil(COUNT / 10))
    expect(hits.every((h) => h.categories.includes('magic'))).toBe(true)
  })

  it('sorts a large text result by downloads and by follows', async () => {
    const byDownloads = (await engine.search(q({ sort: 'downloads', limit: 5 }))).hits
    expect(byDownloads.map((h) => h.downloads)).toEqual([...byDownloads.map((h) => h.downloads)].sort((a, b) => b - a))
    expect(byDownloads[0].title.startsWith('Project')).toBe(true)
    const byFollows = (await engine.search(q({ sort: 'follows', limit: 3 }))).hits
    expect(byFollows.map((h) => h.follows)).toEqual([COUNT - 1, COUNT - 2, COUNT - 3])
  })
})
