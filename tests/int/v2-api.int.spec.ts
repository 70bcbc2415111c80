/**
 * `/v2` as a whole: tags and statistics, the not-found route JSON, rate limiting (headers on every
 * response, 429 past 300 a minute), CORS, the OpenAPI document and docs page, and that no bad input
 * anywhere gets a 500.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { clientAddress, GcraRateLimiter } from '../../src/plugins/api-v2'
import { bootPayload } from '../helpers/payload'
import { seedLicenses } from '../../src/seed/licenses'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'
import { makeUser } from '../helpers/actors'

let payload: Payload
let w: World
type Json = Record<string, unknown>

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('tags', () => {
  it('serves categories, loaders, game versions, licenses, donation platforms and report types in the v2 shapes', async () => {
    const categories = (await v2('/tag/category')).json<Json[]>()
    expect(categories).toContainEqual({ icon: '', name: 'technology', project_type: 'mod', header: 'categories' })
    const loaders = (await v2('/tag/loader')).json<Json[]>()
    expect(loaders.find((l) => l.name === 'fabric')).toEqual({ icon: '', name: 'fabric', supported_project_types: ['mod', 'modpack', 'project'] })
    expect(loaders.find((l) => l.name === 'paper')?.supported_project_types).toEqual(['plugin', 'project', 'mod'])
    // Other test files add game versions to the same database: check order and filters, not the full list.
    const versions = (await v2('/tag/game_version')).json<Json[]>()
    const dates = versions.map((v) => Date.parse(v.date as string))
    expect(dates).toEqual([...dates].sort((x, y) => y - x))
    expect(versions.find((v) => v.version === '1.21')).toEqual({ version: '1.21', version_type: 'release', date: '2024-06-13T00:00:00.000Z', major: true })
    const majors = (await v2('/tag/game_version?major=true')).json<Json[]>()
    expect(majors.map((v) => v.version)).toContain('1.21')
    for (const v of majors) expect(v.major).toBe(true)
    for (const v of (await v2('/tag/game_version?type=snapshot')).json<Json[]>()) expect(v.version_type).toBe('snapshot')
    expect((await v2('/tag/game_version?major=maybe')).status).toBe(400)
    expect((await v2('/tag/license')).json()).toContainEqual({ short: 'MIT', name: 'MIT License' })
    expect((await v2('/tag/donation_platform')).json()).toContainEqual({ short: 'patreon', name: 'Patreon' })
    expect((await v2('/tag/report_type')).json()).toContain('spam')
    expect((await v2('/tag/project_type')).json()).toEqual(['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack'])
    expect((await v2('/tag/side_type')).json()).toEqual(['required', 'optional', 'unsupported', 'unknown'])
  })

  it('serves a license text by SPDX id; an unknown id is 400', async () => {
    await payload.update({ collection: 'licenses', id: 'MIT', data: { body: 'Permission is hereby granted…' }, overrideAccess: true })
    expect((await v2('/tag/license/MIT')).json()).toEqual({ title: 'MIT License', body: 'Permission is hereby granted…' })
    const res = await v2('/tag/license/Not-A-License')
    expect(res.status).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_input', description: 'Invalid SPDX identifier specified' })
  })

  it('serves the SPDX list’s text of every licence the site offers, as the demo site is seeded; a text an admin wrote is kept', async () => {
    await seedLicenses(payload)
    const apache = (await v2('/tag/license/Apache-2.0')).json<{ title: string; body: string }>()
    expect(apache.title).toBe('Apache License 2.0')
    expect(apache.body).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION')
    expect((await v2('/tag/license/GPL-3.0-only')).json<{ body: string }>().body).toContain('GNU GENERAL PUBLIC LICENSE')
    expect((await v2('/tag/license/CC0-1.0')).json<{ body: string }>().body).toContain('CC0 1.0 Universal')
    // MIT had a text before (the test above): it stays.
    expect((await v2('/tag/license/MIT')).json()).toEqual({ title: 'MIT License', body: 'Permission is hereby granted…' })
    // Our own references have no list text.
    expect((await v2('/tag/license/LicenseRef-Custom')).json()).toEqual({ title: 'Custom License', body: '' })
  })
})

describe('GET /v2/statistics', () => {
  it('counts listed projects, their listed versions, files and authors', async () => {
    const before = (await v2('/statistics')).json<Record<string, number>>()
    expect(Object.keys(before).sort()).toEqual(['authors', 'files', 'projects', 'versions'])
    const author = await makeUser(payload)
    const team = await payload.create({ collection: 'teams', data: { kind: 'project' }, overrideAccess: true })
    await payload.create({ collection: 'team-members', data: { team: team.id, user: author.id, role: 'Owner', isOwner: true, accepted: true }, overrideAccess: true })
    const project = await payload.create({ collection: 'projects', data: { slug: `stats-${Date.now()}`, title: 'Stats', summary: 'Counts for statistics.', projectType: 'mod', status: 'approved', team: team.id }, overrideAccess: true })
    await makeVersion(payload, project)
    await makeVersion(payload, project, { status: 'draft' })
    await makeV2Project(w, 'draft')
    const after = (await v2('/statistics')).json<Record<string, number>>()
    expect(after).toEqual({ projects: before.projects + 1, versions: before.versions + 1, files: before.files + 1, authors: before.authors + 1 })
  })
})

describe('routing and errors', () => {
  it('answers unknown routes and methods with the not-found JSON', async () => {
    for (const [path, method] of [['/nope', 'GET'], ['/project', 'GET'], ['/search', 'POST'], ['/statistics', 'DELETE'], ['/tag/category', 'POST']] as const) {
      const res = await v2(path, { method, rawBody: method === 'POST' ? '{}' : undefined })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' })
    }
  })

  it('never answers 500 to bad input', async () => {
    const hash = 'a'.repeat(40)
    const gets = [
      '/project/%E0%A4%A', '/project/' + 'x'.repeat(5000), '/projects?ids=' + encodeURIComponent(JSON.stringify(Array.from({ length: 1001 }, (_, i) => `p${i}`))),
      '/projects?ids=[null]', '/projects?ids=[[]]', '/projects?ids=%00', '/projects_random?count=1e3', '/project/x/version?limit=1000000000000000000000',
      '/project/x/version?loaders=[1]', '/versions?ids=["\'; drop table versions; --"]', '/version_file/' + hash + '?algorithm=', '/version_file/' + hash + '?version_id=' + 'x'.repeat(100),
      '/tag/game_version?type=' + 'x'.repeat(100), '/user/%20', '/users?ids=[{}]', '/teams?ids="x"', '/tag/license/%2e%2e', '/version_file/%00/download',
      // NUL and other control characters: Postgres refuses NUL in text, so they must be stopped before any query.
      '/project/%00', '/user/a%00b', '/team/%00/members', '/tag/license/%00', '/project/x/version/%00', `/versions?ids=${encodeURIComponent('["\u0000"]')}`,
      `/projects?ids=${encodeURIComponent('["a\u0001"]')}`, '/tag/game_version?type=%00', `/version_file/${hash}?version_id=%00`, `/project/x/version?loaders=${encodeURIComponent('["\u0000"]')}`,
    ]
    for (const path of gets) {
      const res = await v2(path)
      expect(res.status, path).toBeLessThan(500)
    }
    const posts: [string, string][] = [
      ['/version_files', '{"hashes":[' + Array.from({ length: 10_001 }, () => `"${hash}"`).join(',') + ']}'],
      ['/version_files', '{"hashes":null}'], ['/version_files', 'null'], ['/version_files', '"x"'], ['/version_files', '{"hashes":[],"algorithm":5}'],
      ['/version_files/update', `{"hashes":["${hash}"],"loaders":"fabric"}`], ['/version_files/update_many', `{"hashes":["${hash}"],"game_versions":[1]}`],
      [`/version_file/${hash}/update`, '[]'], [`/version_file/${hash}/update`, '{"loaders":[null]}'], ['/version_file/project', '{"hashes":["zz"]}'],
      ['/version_files/update', `{"hashes":["${hash}"],"loaders":["fab\u0000ric"]}`], ['/version_files', '{"hashes":["\u0000"]}'],
    ]
    for (const [path, rawBody] of posts) {
      const res = await v2(path, { rawBody })
      expect(res.status, `${path} ${rawBody.slice(0, 40)}`).toBe(400)
      expect(res.json<Json>().error).toBe('invalid_input')
    }
  })

  it('refuses bodies over 4 MiB without reading them whole', async () => {
    const res = await v2('/version_files', { rawBody: JSON.stringify({ hashes: ['x'.repeat(5 * 1024 * 1024)] }) })
    expect(res.status).toBe(400)
    expect(res.json()).toEqual({ error: 'invalid_input', description: 'The request body is larger than 4 MiB' })
  })
})

describe('rate limiting', () => {
  it('puts the X-Ratelimit headers on every response', async () => {
    for (const [path, status] of [['/tag/side_type', 200], ['/nope', 404], ['/projects?ids=x', 400], ['/project/unknown-project', 404]] as const) {
      const res = await v2(path)
      expect(res.status).toBe(status)
      expect(res.headers.get('x-ratelimit-limit')).toBe('300')
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(299)
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(0)
    }
  })

  it('allows 300 requests a minute per client, then answers 429 ratelimit_error', async () => {
    const ip = '192.0.2.77'
    const started = Date.now()
    let allowed = 0
    let last = 300
    let refused: Awaited<ReturnType<typeof v2>> | undefined
    while (!refused && allowed < 400) {
      const res = await v2('/tag/side_type', { ip })
      if (res.status === 429) refused = res
      else {
        expect(res.status).toBe(200)
        const remaining = Number(res.headers.get('x-ratelimit-remaining'))
        expect(remaining).toBeLessThanOrEqual(last + 1) // counts down (a refill may add one back)
        last = remaining
        allowed += 1
      }
    }
    // A burst of 300, plus one more for every 200 ms that passed meanwhile (GCRA refills steadily).
    expect(allowed).toBeGreaterThanOrEqual(300)
    expect(allowed).toBeLessThanOrEqual(300 + Math.ceil((Date.now() - started) / 200) + 1)
    if (!refused) throw new Error('never refused')
    expect(refused.json()).toEqual({ error: 'ratelimit_error', description: expect.stringMatching(/^rate limit exceeded; retry after \d+ milliseconds$/) })
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    // Another client is not affected.
    expect((await v2('/tag/side_type', { ip: '192.0.2.78' })).status).toBe(200)
  })

  it('refills steadily (GCRA: 300 a minute = one every 200 ms)', async () => {
    let now = 0
    const limiter = new GcraRateLimiter({ limit: 300, periodMs: 60_000, now: () => now })
    for (let i = 0; i < 300; i++) expect((await limiter.check('k')).allowed).toBe(true)
    expect((await limiter.check('k')).allowed).toBe(false)
    now += 199
    expect((await limiter.check('k')).allowed).toBe(false)
    now += 1
    const next = await limiter.check('k')
    expect(next).toMatchObject({ allowed: true, remaining: 0 })
    now += 60_000
    expect(await limiter.check('k')).toMatchObject({ allowed: true, remaining: 299 })
  })

  it('honours X-Forwarded-For only as far as TRUST_PROXY proxies wrote it', () => {
    // The rightmost entry is the peer (appended by src/instrumentation.ts); each trusted proxy adds one to its left.
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.2' })
    expect(clientAddress(headers, 0)).toBe('10.0.0.2')
    expect(clientAddress(headers, 1)).toBe('203.0.113.9')
    expect(clientAddress(headers, 2)).toBe('198.51.100.7')
    expect(clientAddress(headers, 5)).toBe('198.51.100.7')
    expect(clientAddress(new Headers({ 'x-real-ip': '203.0.113.9' }), 0)).toBe('unknown')
  })

  it('does not let a spoofed X-Forwarded-For reset a client\'s limit', async () => {
    const first = await v2('/tag/side_type', { ip: '192.0.2.201' })
    expect(first.headers.get('x-ratelimit-remaining')).toBe('299')
    // The same peer naming other addresses in front of its own is still the same client.
    for (const spoofed of ['203.0.113.1', '203.0.113.2, 198.51.100.3']) {
      const res = await v2('/tag/side_type', { ip: `${spoofed}, 192.0.2.201` })
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(299)
    }
  })

  it('follows TRUST_PROXY in the handler', async () => {
    const viaProxy = '198.51.100.1, 192.0.2.200'
    expect((await v2('/tag/side_type', { ip: viaProxy })).headers.get('x-ratelimit-remaining')).toBe('299')
    // Without TRUST_PROXY the last address counts: the same client as a plain 192.0.2.200.
    expect((await v2('/tag/side_type', { ip: '192.0.2.200' })).headers.get('x-ratelimit-remaining')).toBe('298')
    process.env.TRUST_PROXY = '1'
    try {
      // Behind one proxy (192.0.2.200), the client it names is a client of its own.
      expect((await v2('/tag/side_type', { ip: viaProxy })).headers.get('x-ratelimit-remaining')).toBe('299')
    } finally {
      delete process.env.TRUST_PROXY
    }
  })
})

describe('CORS', () => {
  it('opens every response to any origin and answers preflights', async () => {
    expect((await v2('/tag/side_type')).headers.get('access-control-allow-origin')).toBe('*')
    const pre = await v2('/version_files', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type', origin: 'https://launcher.example' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/POST/)
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type')
  })
})

describe('documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the schemas', async () => {
    const res = await v2('/openapi.json')
    expect(res.status).toBe(200)
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } }>()
    expect(doc.openapi).toBe('3.1.0')
    for (const path of ['/project/{id}', '/projects', '/projects_random', '/project/{id}/check', '/project/{id}/dependencies', '/project/{id}/members', '/project/{id}/version', '/project/{id}/version/{version}', '/version/{id}', '/versions', '/version_file/{hash}', '/version_file/{hash}/download', '/version_files', '/version_file/{hash}/update', '/version_files/update', '/version_files/update_many', '/version_files/update_individual', '/version_file/project', '/user/{id}', '/users', '/user/{id}/projects', '/team/{id}/members', '/teams', '/tag/category', '/tag/loader', '/tag/game_version', '/tag/license', '/tag/license/{id}', '/tag/donation_platform', '/tag/report_type', '/tag/project_type', '/tag/side_type', '/statistics']) {
      expect(doc.paths[path], path).toBeDefined()
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Project', 'Version', 'VersionFile', 'User', 'TeamMember', 'CategoryTag', 'Statistics', 'Error']))
    expect((doc.components.schemas.Project as { required: string[] }).required).toContain('body_url')
    const ids = (doc.paths['/projects'].get as { parameters: Json[] }).parameters[0]
    expect(ids).toMatchObject({ name: 'ids', in: 'query', required: true, content: { 'application/json': { schema: { type: 'array' } } } })
    expect(JSON.stringify(doc)).not.toMatch(/\$defs/)
    // The write side's uploads: a multipart `data` JSON part with its schema, and raw image bodies.
    const createVersion = (doc.paths['/version'].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, { properties?: Record<string, unknown> }>; required?: string[] } }> } }).requestBody
    const multipart = createVersion.content['multipart/form-data'].schema
    expect(multipart.required).toEqual(['data'])
    expect(Object.keys(multipart.properties.data.properties ?? {})).toEqual(expect.arrayContaining(['project_id', 'version_number', 'file_parts', 'game_versions', 'loaders']))
    expect(Object.keys((doc.paths['/project/{id}/icon'].patch as { requestBody: { content: Json } }).requestBody.content)).toEqual(expect.arrayContaining(['image/png', 'image/jpeg']))
    expect(doc.paths['/project'].post).toBeDefined()
    expect(doc.paths['/version_file/{hash}'].delete).toBeDefined()
    const operationIds = new Set<string>()
    for (const [path, methods] of Object.entries(doc.paths)) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      for (const op of Object.values(methods) as { operationId: string; parameters?: { name: string; in: string }[] }[]) {
        expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort(), path).toEqual(placeholders)
        expect(operationIds.has(op.operationId), op.operationId).toBe(false)
        operationIds.add(op.operationId)
      }
    }
  })

  it('serves a human page linking to it', async () => {
    for (const path of ['/docs', '']) {
      const res = await v2(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expect(res.text).toContain('href="/v2/openapi.json"')
      expect(res.text).toContain('/v2/version_files')
    }
  })
})
