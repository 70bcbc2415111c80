/** GET /v2/search through the route handler: the search plugin behind the v2 wire format. */
import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/lib/db/sql'
import { up as fillHitFields } from '../../src/migrations/20261128_113000_search_hit_owner'

import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let projectId = ''
let latestId = ''
let orgProject = { id: '', latest: '', org: '', orgName: '' }
const TAG = `v2s${Date.now().toString(36)}`
/** The organization's project: a word of its own (not even similar), so the other tests here find only the first project. */
const OTAG = `zq${Math.random().toString(36).slice(2, 10)}`

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const p = await w.makeProject('draft')
  const version = (project: string, versionNumber: string, daysAgo: number, versionType: 'release' | 'beta' = 'release', loaders = ['fabric']) =>
    payload.create({
      collection: 'versions',
      data: { project, versionNumber, versionType, gameVersions: ['1.21'], loaders, datePublished: new Date(Date.now() - daysAgo * 86_400_000).toISOString() },
      overrideAccess: true,
    })
  await version(p.id, '0.9.0-datapack', 5, 'release', ['datapack'])
  await version(p.id, '1.0.0', 3)
  latestId = (await version(p.id, '1.1.0', 1, 'beta')).id
  await payload.update({ collection: 'projects', id: p.id, data: { slug: `${TAG}-lumen`, title: `Lumen ${TAG}`, summary: 'Dynamic light for the v2 search tests.', status: 'approved', categories: ['utility'], downloads: 42, license: 'MIT', clientSide: 'required', serverSide: 'optional' }, overrideAccess: true })
  projectId = p.id
  // A plugin owned by an organization (whose team's owner is the stranger), then archived.
  const org = await payload.create({ collection: 'organizations', data: { slug: `${OTAG}-guild`, name: `Guild ${OTAG}` }, user: w.users.stranger, overrideAccess: false })
  const q = await w.makeProject('draft')
  const only = await version(q.id, '2.0.0', 2)
  await payload.update({ collection: 'projects', id: q.id, data: { slug: `${OTAG}-warden`, title: `Warden ${OTAG}`, summary: 'A plugin for the v2 search tests.', projectType: 'plugin', organization: org.id, status: 'approved' }, overrideAccess: true })
  await payload.update({ collection: 'projects', id: q.id, data: { status: 'archived' }, overrideAccess: true })
  orgProject = { id: q.id, latest: only.id, org: org.id, orgName: org.name }
})

describe('GET /v2/search', () => {
  it('answers the v2 shape with facets and exclusions', async () => {
    const facets = encodeURIComponent(JSON.stringify([['categories:fabric'], ['versions:1.21'], ['project_type:mod']]))
    const res = await v2(`/search?query=${TAG}&facets=${facets}&index=downloads&limit=5`)
    expect(res.status).toBe(200)
    const body = res.json<{ hits: { project_id: string; categories: string[] }[]; offset: number; limit: number; total_hits: number }>()
    expect(body).toMatchObject({ offset: 0, limit: 5, total_hits: 1 })
    expect(body.hits[0].project_id).toBe(projectId)
    expect(body.hits[0].categories).toEqual(expect.arrayContaining(['utility', 'fabric']))
    const excluded = await v2(`/search?query=${TAG}&facets=${encodeURIComponent('[["categories!=utility"]]')}`)
    expect(excluded.json<{ total_hits: number }>().total_hits).toBe(0)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it("carries the fields Modrinth's ProjectResult requires, latest_version being a version id", async () => {
    const hits = [TAG, OTAG].map(async (text) => (await v2(`/search?query=${text}`)).json<{ hits: Record<string, unknown>[] }>().hits)
    const all = (await Promise.all(hits)).flat()
    const hit = (id: string) => all.find((h) => h.project_id === id)!
    expect(hit(projectId)).toMatchObject({
      project_type: 'mod',
      // Its versions make it a data pack too.
      all_project_types: ['mod', 'datapack'],
      latest_version: latestId,
      author: w.users.owner.username,
      author_id: w.users.owner.id,
      organization: null,
      organization_id: null,
      environment: ['client_only_server_optional'],
      disclosure_types: [],
    })
    expect(hit(orgProject.id)).toMatchObject({
      project_type: 'mod',
      all_project_types: ['plugin'],
      latest_version: orgProject.latest,
      author: orgProject.orgName,
      author_id: w.users.stranger.id,
      organization: orgProject.orgName,
      organization_id: orgProject.org,
      disclosure_types: ['archived'],
    })
    // Every required property of ProjectResult (modrinth-openapi.yaml), and the nullable owner ones.
    for (const key of ['project_id', 'project_type', 'all_project_types', 'title', 'description', 'author', 'categories', 'display_categories', 'versions', 'downloads', 'follows', 'icon_url', 'date_created', 'date_modified', 'latest_version', 'license', 'environment', 'disclosure_types', 'gallery', 'client_side', 'server_side', 'slug', 'author_id', 'organization', 'organization_id', 'featured_gallery', 'color']) {
      expect(hit(projectId), key).toHaveProperty(key)
    }
  })

  it('fills in documents indexed before these fields existed (the migration)', async () => {
    const db = drizzleOf(payload)
    await db.execute(sql`UPDATE search_projects SET latest_version = '1.1.0', author_id = NULL, organization = NULL, organization_id = NULL, disclosure_types = '{}' WHERE project_id IN (${projectId}, ${orgProject.id})`)
    await fillHitFields({ db, payload, req: {} } as unknown as Parameters<typeof fillHitFields>[0])
    const { rows } = await db.execute(sql`SELECT project_id, latest_version, author_id, organization, organization_id, disclosure_types FROM search_projects WHERE project_id IN (${projectId}, ${orgProject.id}) ORDER BY project_id = ${projectId} DESC`)
    expect(rows).toEqual([
      { project_id: projectId, latest_version: latestId, author_id: w.users.owner.id, organization: null, organization_id: null, disclosure_types: [] },
      { project_id: orgProject.id, latest_version: orgProject.latest, author_id: w.users.stranger.id, organization: orgProject.orgName, organization_id: orgProject.org, disclosure_types: ['archived'] },
    ])
  })

  it('filters by an SPDX licence id as written', async () => {
    const total = async (facet: string) => (await v2(`/search?query=${TAG}&facets=${encodeURIComponent(JSON.stringify([[facet]]))}`)).json<{ total_hits: number }>().total_hits
    expect(await total('license:MIT')).toBe(1)
    expect(await total('license!=MIT')).toBe(0)
  })

  it('sorts by trending and clamps the limit', async () => {
    const res = await v2(`/search?index=trending&limit=1000`)
    expect(res.status).toBe(200)
    expect(res.json<{ limit: number }>().limit).toBe(100)
  })

  it.each([
    ['index=popularity', 'invalid index'],
    ['facets=%5B%5Bnot', 'not valid JSON'],
    ['facets=' + encodeURIComponent('[["colour:red"]]'), 'unknown field'],
    ['offset=-3', 'offset'],
  ])('refuses %s with a 400 and a description', async (qs, text) => {
    const res = await v2(`/search?${qs}`)
    expect(res.status).toBe(400)
    const body = res.json<{ error: string; description: string }>()
    expect(body.error).toBe('invalid_input')
    expect(body.description).toContain(text)
  })
})
