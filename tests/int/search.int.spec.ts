/**
 * Search contract: runs against every reachable engine (Postgres SQL and the in-memory index over it
 * always; Typesense when TYPESENSE_URL and TYPESENSE_API_KEY are set). Projects are written through Payload, so these also
 * prove the index hooks keep search in step with the database.
 */
import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseFacets } from '../../src/lib/search/facets'
import type { SearchQuery } from '../../src/lib/search/query'
import { drizzleOf as poolOf } from '../../src/lib/db/sql'
import { enginesOf } from '../../src/plugins/search/engines'
import type { SearchEngine } from '../../src/plugins/search/types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const LOADERS = new Set(['fabric', 'forge', 'paper', 'iris', 'minecraft', 'datapack'])
const TAG = `t${Date.now().toString(36)}` // keeps this file's projects apart from others in the database

type Made = { id: string; slug: string; title: string }
async function project(title: string, opts: { status?: 'approved' | 'draft' | 'private' | 'archived'; categories?: string[]; downloads?: number; followers?: number; published?: string; versions?: [string, string][] } = {}): Promise<Made> {
  const p = await w.makeProject('draft')
  const slug = `${TAG}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  for (const [i, [loader, gv]] of (opts.versions ?? [['fabric', '1.21']]).entries()) {
    await payload.create({ collection: 'versions', data: { project: p.id, versionNumber: `${i + 1}.0.0`, gameVersions: [gv], loaders: [loader] }, overrideAccess: true })
  }
  await payload.update({
    collection: 'projects',
    id: p.id,
    data: { slug, title, summary: `${title} summary for ${TAG} search tests.`, status: opts.status ?? 'approved', categories: opts.categories ?? ['technology'], downloads: opts.downloads ?? 100, followers: opts.followers ?? 10, published: opts.published ?? new Date().toISOString() },
    overrideAccess: true,
  })
  return { id: p.id, slug, title }
}

const q = (over: Partial<SearchQuery> & { facets?: boolean }): SearchQuery => ({ text: '', filters: [], sort: 'relevance', offset: 0, limit: 100, facets: false, ...over })
let made: Record<string, Made>

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const day = 86_400_000
  made = {
    sodium: await project('Sodium', { downloads: 500, followers: 50, published: new Date(Date.now() - 30 * day).toISOString() }),
    sodiumExtra: await project('Sodium Extra', { downloads: 5000, followers: 5, published: new Date(Date.now() - 20 * day).toISOString() }),
    tweaks: await project('Extra Sodium Tweaks', { downloads: 90, followers: 900, published: new Date(Date.now() - 10 * day).toISOString() }),
    split: await project('Split Loader Mod', { versions: [['fabric', '1.20.1'], ['forge', '1.21']], categories: ['magic'] }),
    both: await project('Fabric Modern Mod', { versions: [['fabric', '1.21']], categories: ['utility'] }),
    hidden: await project('Sodium Hidden Draft', { status: 'draft' }),
  }
  await enginesOf(payload).memory.ready() // else the SQL engine answers while it loads
}, 120_000)

// 'memory' is the in-memory index over the Postgres tables, which answers the site's searches.
const ENGINES = ['postgres', 'memory', ...(process.env.TYPESENSE_URL && process.env.TYPESENSE_API_KEY ? ['typesense'] : [])]

describe.each(ENGINES)('%s engine', (name) => {
  const engine = (): SearchEngine | null => enginesOf(payload)[name as 'postgres' | 'memory' | 'typesense']
  const run = (query: SearchQuery) => engine()!.search(query)
  const ids = async (query: SearchQuery) => (await run(query)).hits.map((h) => h.project_id).filter((id) => Object.values(made).some((m) => m.id === id))

  it('puts an exact title match first', async () => {
    const { hits } = await run(q({ text: 'sodium' }))
    expect(hits[0].project_id).toBe(made.sodium.id)
    expect(hits.map((h) => h.project_id)).toEqual(expect.arrayContaining([made.sodiumExtra.id, made.tweaks.id]))
  })

  it('finds a title despite a typo', async () => {
    const { hits } = await run(q({ text: 'sodum' }))
    expect(hits.map((h) => h.project_id)).toContain(made.sodium.id)
  })

  it('matches loader and game version on the same version', async () => {
    const found = await ids(q({ filters: parseFacets('[["categories:fabric"],["versions:1.21"]]', LOADERS) }))
    expect(found).toContain(made.both.id)
    expect(found).not.toContain(made.split.id)
    // Each half alone matches the split project.
    expect(await ids(q({ filters: parseFacets('[["categories:forge"],["versions:1.21"]]', LOADERS) }))).toContain(made.split.id)
    expect(await ids(q({ filters: parseFacets('[["categories:fabric"],["versions:1.20.1"]]', LOADERS) }))).toContain(made.split.id)
  })

  it('excludes categories, loaders and game versions with !=', async () => {
    const noMagic = await ids(q({ filters: parseFacets('[["categories!=magic"]]', LOADERS) }))
    expect(noMagic).not.toContain(made.split.id)
    expect(noMagic).toContain(made.both.id)
    const noForge = await ids(q({ filters: parseFacets('[["categories!=forge"]]', LOADERS) }))
    expect(noForge).not.toContain(made.split.id)
    const not120 = await ids(q({ filters: parseFacets('[["versions!=1.20.1"]]', LOADERS) }))
    expect(not120).not.toContain(made.split.id)
    expect(not120).toContain(made.both.id)
  })

  it('sorts by downloads, follows, newest, updated and trending', async () => {
    const trio = [made.sodium.id, made.sodiumExtra.id, made.tweaks.id]
    const order = async (sort: SearchQuery['sort']) => (await ids(q({ text: 'sodium', sort }))).filter((id) => trio.includes(id))
    expect(await order('downloads')).toEqual([made.sodiumExtra.id, made.sodium.id, made.tweaks.id])
    expect(await order('follows')).toEqual([made.tweaks.id, made.sodium.id, made.sodiumExtra.id])
    expect(await order('newest')).toEqual([made.tweaks.id, made.sodiumExtra.id, made.sodium.id])
    // Editing a project bumps its updated date.
    await payload.update({ collection: 'projects', id: made.sodium.id, data: { summary: `Sodium summary for ${TAG} search tests, edited.` }, user: w.users.owner, overrideAccess: false })
    expect((await order('updated'))[0]).toBe(made.sodium.id)
    // Trending: downloads in the last 7 days, whatever the all-time total.
    const db = poolOf(payload)
    await db.execute(sql`INSERT INTO analytics_daily (kind, project_id, day, count) VALUES ('download', ${made.tweaks.id}, current_date, 900), ('download', ${made.sodium.id}, current_date - 2, 300), ('download', ${made.sodiumExtra.id}, current_date - 20, 100000)
      ON CONFLICT (kind, project_id, version_id, day) DO UPDATE SET count = EXCLUDED.count`)
    await engine()!.refreshTrending()
    expect(await order('trending')).toEqual([made.tweaks.id, made.sodium.id, made.sodiumExtra.id])
  })

  it('never shows hidden statuses, and drops a project made private', async () => {
    expect(await ids(q({ text: 'hidden draft' }))).not.toContain(made.hidden.id)
    const p = await project(`Soon Private ${name}`)
    const found = async () => (await run(q({ text: `soon private ${name}` }))).hits.map((h) => h.project_id)
    expect(await found()).toContain(p.id)
    await payload.update({ collection: 'projects', id: p.id, data: { status: 'private' }, user: w.users.owner, overrideAccess: false })
    expect(await found()).not.toContain(p.id)
  })

  it('shows an edit as soon as it commits', async () => {
    await payload.update({ collection: 'projects', id: made.both.id, data: { title: 'Quasar Lighting' }, user: w.users.owner, overrideAccess: false })
    const { hits } = await run(q({ text: 'quasar' }))
    expect(hits[0]?.project_id).toBe(made.both.id)
    expect(hits[0]?.title).toBe('Quasar Lighting')
  })

  it('returns v2 hit fields and facet counts', async () => {
    const res = await run(q({ text: 'sodium extra', facets: true, limit: 1 }))
    expect(res.limit).toBe(1)
    expect(res.total_hits).toBeGreaterThanOrEqual(2)
    expect(Object.keys(res.hits[0]).sort()).toEqual(
      ['author', 'author_id', 'categories', 'client_side', 'color', 'date_created', 'date_modified', 'description', 'disclosure_types', 'display_categories', 'downloads', 'featured_gallery', 'follows', 'gallery', 'icon_url', 'latest_version', 'license', 'organization', 'organization_id', 'project_id', 'project_type', 'server_side', 'slug', 'title', 'versions'].sort(),
    )
    // latest_version is the newest listed version's id (as Modrinth's hits have it), not its number.
    const newest = await payload.find({ collection: 'versions', where: { project: { equals: res.hits[0].project_id } }, sort: '-datePublished', limit: 1, overrideAccess: true, depth: 0 })
    expect(res.hits[0]).toMatchObject({ latest_version: newest.docs[0].id, author_id: w.users.owner.id, organization: null, organization_id: null, disclosure_types: [] })
    expect(res.hits[0].categories).toEqual(expect.arrayContaining(['technology', 'fabric']))
    expect(res.facets?.project_type.mod).toBeGreaterThanOrEqual(2)
    expect(res.facets?.loaders.fabric).toBeGreaterThanOrEqual(2)
  })
})

describe('engine-independent', () => {
  it('paginates with offset and limit', async () => {
    const engine = enginesOf(payload).postgres
    const all = (await engine.search(q({ text: 'sodium', sort: 'downloads' }))).hits.map((h) => h.project_id)
    const page2 = (await engine.search(q({ text: 'sodium', sort: 'downloads', offset: 1, limit: 1 }))).hits.map((h) => h.project_id)
    expect(page2).toEqual([all[1]])
  })
})
