/** GET /v2/search through the route handler: the search plugin behind the v2 wire format. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let projectId = ''
const TAG = `v2s${Date.now().toString(36)}`

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const p = await w.makeProject('draft')
  await payload.create({ collection: 'versions', data: { project: p.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
  await payload.update({ collection: 'projects', id: p.id, data: { slug: `${TAG}-lumen`, title: `Lumen ${TAG}`, summary: 'Dynamic light for the v2 search tests.', status: 'approved', categories: ['utility'], downloads: 42, license: 'MIT' }, overrideAccess: true })
  projectId = p.id
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
