/**
 * Issue 27, rows H6 (item 6, cost limits) and L3 (item 8, jobs).
 *
 * H6: one anonymous GraphQL query nesting team → members / projects joins twelve deep held the site
 * for 35–52 s; REST's `depth`, `limit`, `pagination=false` and join limits were the caller's to set.
 * Now GraphQL refuses, before running, a query nested or fanned out beyond its limits (a 400 naming
 * the limit), and REST answers bounded pages and depths (src/access/costLimits.ts).
 *
 * L3: any signed-in user queued `schedulePublish` jobs through the admin's `schedule-publish` server
 * function, and a job naming nobody published with access off. Now only who may schedule the document
 * queues its job, and the job checks who queued it before publishing as the system.
 */
import config from '@payload-config'
import { schedulePublishHandler } from '@payloadcms/ui/utilities/schedulePublishHandler'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import { createLocalReq, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { API_MAX_DEPTH, API_MAX_JOIN_LIMIT, API_MAX_LIMIT, GRAPHQL_MAX_COMPLEXITY, GRAPHQL_MAX_DOCUMENTS, GRAPHQL_MAX_RELATION_DEPTH } from '../../src/access/costLimits'
import { offersScheduledPublishing } from '../../src/access/editorial'
import { PUBLISH_QUEUE } from '../../src/jobs'
import { guardGraphQL } from '../../src/lib/http/apiGuard'
import type { Project, Version } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { sessionFor } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
let version: Version
const suffix = Date.now().toString(36)

/** `/api/graphql` as the site serves it (src/app/(payload)/api/graphql/route.ts), called in-process. */
const route = guardGraphQL(config, GRAPHQL_POST(config))
async function graphql(query: string, variables: Record<string, unknown> = {}) {
  const res = await route(new Request('http://localhost:3000/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) }))
  const body = (await res.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string; limit?: string } }[] }
  return { status: res.status, ...body }
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await w.makeProject('approved')
  // A chain deeper than the bound: version → project → its icon → the icon's project → …
  const png = await tinyPng(16)
  const icon = await payload.create({ collection: 'images', data: { kind: 'gallery', project: project.id, uploader: w.users.owner.id }, file: { data: png, mimetype: 'image/png', name: `cost-${suffix}.png`, size: png.length }, overrideAccess: true })
  project = await payload.update({ collection: 'projects', id: project.id, data: { icon: icon.id }, overrideAccess: true, depth: 0 })
  version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: `1.0.${suffix}`, gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed' }, overrideAccess: true, depth: 0 })
})

describe('H6: cost limits', () => {
  /** Project → team → members and projects → each project's team → … `levels` times. */
  const nested = (levels: number): string => (levels === 0 ? 'id' : `id team { id members { docs { id role } } projects { docs { ${nested(levels - 1)} } } }`)

  it('H6: the 12-level nested GraphQL query (Projects(limit:100) → team → members / projects …) is refused before it runs, a 400 naming the limit', async () => {
    const res = await graphql(`{ Projects(limit: 100) { docs { ${nested(12)} } } }`)
    expect(res.status).toBe(400)
    expect(res.data ?? null).toBeNull()
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_RELATION_DEPTH' })
    expect(res.errors?.[0]?.message).toContain(`the limit is ${GRAPHQL_MAX_RELATION_DEPTH} (GRAPHQL_MAX_RELATION_DEPTH)`)
  })

  it('H6: a shallow GraphQL query that fans out (100 projects × every member and project of each team) is refused, a 400 naming the limit; variables count', async () => {
    const query = 'query ($n: Int) { Projects(limit: $n) { docs { team { members { docs { id } } projects { docs { id } } } } } }'
    const res = await graphql(query, { n: 100 })
    expect(res.status).toBe(400)
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_DOCUMENTS' })
    expect(res.errors?.[0]?.message).toContain(`the limit is ${GRAPHQL_MAX_DOCUMENTS.toLocaleString('en-US')} (GRAPHQL_MAX_DOCUMENTS)`)
    // The same shape with modest limits is answered.
    const modest = await graphql(query.replace('members {', 'members(limit: 10) {').replace('projects {', 'projects(limit: 5) {'), { n: 10 })
    expect(modest.status).toBe(200)
    expect(modest.errors).toBeUndefined()
  })

  it('H6: fragments and aliases count where they are spread; a fragment cycle or a fragment bomb is refused before any rule follows it', async () => {
    const fanOut = await graphql(
      'fragment T on Team { members { docs { id } } projects { docs { id } } } { a: Projects(limit: 60) { docs { team { ...T } } } b: Projects(limit: 60) { docs { team { ...T } } } }',
    )
    expect(fanOut.status).toBe(400)
    expect(fanOut.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_DOCUMENTS' })
    // Payload's complexity rule overflowed the stack on this (a 500)…
    const cycle = await graphql('fragment A on Project { team { projects { docs { ...A } } } } { Projects { docs { ...A } } }')
    expect(cycle.status).toBe(400)
    expect(cycle.errors?.[0]?.message).toBe('Fragment "A" spreads itself (A → A); fragments may not form cycles.')
    // … and took twice as long for each fragment spreading the next twice (20: 2.4 s; 40: days).
    const bomb = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Project { id ${i < 39 ? `...F${i + 1} ...F${i + 1}` : ''} }`).join(' ')
    const exploded = await graphql(`${bomb} { Projects(limit: 1) { docs { ...F0 } } }`)
    expect(exploded.status).toBe(400)
    expect(exploded.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: 'GRAPHQL_MAX_COMPLEXITY' })
    expect(exploded.errors?.[0]?.message).toContain(`the limit is ${GRAPHQL_MAX_COMPLEXITY.toLocaleString('en-US')} (GRAPHQL_MAX_COMPLEXITY)`)
  })

  it('H6: a modest nested GraphQL query (project → team → members → user) still answers', async () => {
    const res = await graphql(`{ Projects(where: { id: { equals: "${project.id}" } }) { docs { id title team { members { docs { role user { username } } } } } } }`)
    expect(res.status).toBe(200)
    expect(res.errors).toBeUndefined()
    const docs = (res.data?.Projects as { docs: { id: string; team: { members: { docs: { user: { username: string } | null }[] } } }[] }).docs
    expect(docs.map((d) => d.id)).toEqual([project.id])
    expect(docs[0]!.team.members.docs.map((m) => m.user?.username)).toContain(w.users.owner.username)
  })

  /** How many documents deep a REST answer is populated (the document itself is 1). */
  const populatedDepth = (value: unknown): number => {
    if (Array.isArray(value)) return Math.max(0, ...value.map(populatedDepth))
    if (!value || typeof value !== 'object') return 0
    const inner = Math.max(0, ...Object.values(value).map(populatedDepth))
    return 'id' in value && 'createdAt' in value ? 1 + inner : inner
  }

  it('H6: REST ?depth=50 populates no deeper than API_MAX_DEPTH', async () => {
    const res = await api('GET', `/versions/${version.id}?depth=50`)
    expect(res.status).toBe(200)
    expect(API_MAX_DEPTH).toBe(2)
    expect(populatedDepth(res.body)).toBe(1 + API_MAX_DEPTH)
    // Depth 1: the project; depth 2: its icon; the icon's project is a third level, left as its id.
    const doc = res.body as { project: { icon: { id: string; project: unknown } } }
    expect(doc.project.icon.project).toBe(project.id)
    const list = await api('GET', '/versions?depth=50&limit=1')
    expect(populatedDepth(list.body)).toBeLessThanOrEqual(1 + API_MAX_DEPTH)
  })

  it('H6: REST ?limit=100000, ?limit=0 and ?pagination=false answer one page of at most API_MAX_LIMIT, and say there is more', async () => {
    for (let i = 0; i <= API_MAX_LIMIT; i++) {
      await payload.create({ collection: 'game-versions', data: { id: `cost-${suffix}-${i}`, versionType: 'snapshot', date: new Date(Date.UTC(2001, 0, 1 + i)).toISOString() }, overrideAccess: true })
    }
    for (const query of ['limit=100000', 'limit=0', 'pagination=false', 'pagination=false&limit=0']) {
      const res = await api('GET', `/game-versions?${query}&depth=0`)
      expect(res.status, query).toBe(200)
      const body = res.body as { docs: unknown[]; limit: number; totalDocs: number; hasNextPage: boolean }
      expect(body.limit, query).toBe(API_MAX_LIMIT)
      expect(body.docs.length, query).toBe(API_MAX_LIMIT)
      expect(body.totalDocs, query).toBeGreaterThan(API_MAX_LIMIT)
      expect(body.hasNextPage, query).toBe(true)
    }
    const projects = await api('GET', '/projects?limit=100000&pagination=false')
    expect((projects.body as { limit: number }).limit).toBe(API_MAX_LIMIT)
  })

  it("H6: REST ?joins[members][limit]=100000 (or 0) is cut at API_MAX_JOIN_LIMIT", async () => {
    const extra = []
    for (let i = 0; i < API_MAX_JOIN_LIMIT + 2; i++) extra.push({ user: await makeUser(payload), permissions: 0 })
    const big = await w.makeProject('approved', extra)
    for (const limit of ['100000', '0']) {
      const res = await api('GET', `/teams/${big.team}?depth=0&joins[members][limit]=${limit}`)
      expect(res.status, limit).toBe(200)
      const members = (res.body as { members: { docs: unknown[]; hasNextPage: boolean } }).members
      expect(members.docs.length, limit).toBe(API_MAX_JOIN_LIMIT)
      expect(members.hasNextPage, limit).toBe(true)
    }
  })

  it('H6: the bounds bind what the client asks, not the site’s reads inside its request: a version naming more game versions than a page is created through REST and shows them all', async () => {
    for (let i = 0; i <= API_MAX_LIMIT; i++) {
      await payload.create({ collection: 'game-versions', data: { id: `many-${suffix}-${i}`, versionType: 'snapshot', date: new Date(Date.UTC(2002, 0, 1 + i)).toISOString() }, overrideAccess: true })
    }
    const ids = (await payload.find({ collection: 'game-versions', where: { id: { like: `many-${suffix}-` } }, pagination: false, depth: 0, overrideAccess: true, select: {} })).docs.map((g) => String(g.id))
    expect(ids.length).toBeGreaterThan(API_MAX_LIMIT)
    const auth = await sessionFor(payload, w.users.owner)
    const made = await api('POST', '/versions?depth=0', { auth, body: { project: project.id, versionNumber: `9.9.${suffix}`, gameVersions: ids, loaders: ['fabric'], status: 'draft' } })
    expect(made.status, made.text).toBe(201)
    const id = (made.body as { doc: { id: string } }).doc.id
    // Populated (depth 1): every related game version, not a page of them.
    const read = await api('GET', `/versions/${id}?depth=1`, { auth })
    expect((read.body as { gameVersions: { id: string }[] }).gameVersions.map((g) => g.id).sort()).toEqual([...ids].sort())
  })

  it('H6: the site’s own Local API reads are not bounded', async () => {
    const all = await payload.find({ collection: 'game-versions', pagination: false, depth: 0, overrideAccess: true })
    expect(all.docs.length).toBeGreaterThan(API_MAX_LIMIT)
  })
})

describe('L3: scheduled publishing', () => {
  const lexical = (text: string) => ({
    root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] },
  })
  let n = 0
  const draft = async () =>
    payload.create({ collection: 'news', data: { slug: `sched-${suffix}-${++n}`, title: `Scheduled ${n}`, summary: 'A summary.', content: lexical('Body.') as never, _status: 'draft' }, draft: true, user: w.users.newsEditor, overrideAccess: false })

  /** The admin's "Schedule publish" drawer: the `schedule-publish` server function, as `user` calls it. */
  async function scheduleFromAdmin(user: World['users'][keyof World['users']], docId: string, date: Date) {
    const req = await createLocalReq({ user }, payload)
    const call = schedulePublishHandler as unknown as (args: Record<string, unknown>) => Promise<{ error?: string; message?: string }>
    return call({ type: 'publish', date, doc: { relationTo: 'news', value: docId }, req, cookies: new Map(), importMap: {}, locale: undefined, permissions: {} })
  }
  const jobsFor = async (docId: string) =>
    (await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'schedulePublish' } }, pagination: false, overrideAccess: true })).docs.filter(
      (j) => (j.input as { doc?: { value?: string } } | null)?.doc?.value === docId,
    )
  const statusOf = async (id: string) => (await payload.findByID({ collection: 'news', id, depth: 0, overrideAccess: true }))._status
  const runDue = async (jobId: string | number) => {
    await payload.update({ collection: 'payload-jobs', id: jobId, data: { waitUntil: new Date(Date.now() - 1000).toISOString() }, overrideAccess: true })
    await payload.jobs.run({ queue: PUBLISH_QUEUE })
  }

  it('L3: a signed-in user without the right (a developer, a moderator) gets the schedule-publish server function refused, and no job row appears', async () => {
    const doc = await draft()
    for (const who of [w.users.stranger, w.users.moderator]) {
      const result = await scheduleFromAdmin(who, doc.id, new Date(Date.now() + 3_600_000))
      expect(result.error, who.username ?? who.id).toBeTruthy()
      expect(result.message, who.username ?? who.id).toBeUndefined()
    }
    expect(await jobsFor(doc.id)).toEqual([])
    // The same through the Local API queue, in that user's name or with access checked.
    await expect(payload.jobs.queue({ task: 'schedulePublish', input: { type: 'publish', doc: { relationTo: 'news', value: doc.id }, user: w.users.stranger.id }, waitUntil: new Date() })).rejects.toThrow(
      'Only news editors may schedule news articles.',
    )
    const strangerReq = await createLocalReq({ user: w.users.stranger }, payload)
    await expect(payload.jobs.queue({ task: 'schedulePublish', input: { type: 'publish', doc: { relationTo: 'news', value: doc.id }, user: w.users.stranger.id }, req: strangerReq, overrideAccess: false })).rejects.toThrow()
    expect(await jobsFor(doc.id)).toEqual([])
    expect(await statusOf(doc.id)).toBe('draft')
  })

  it('L3: a news editor schedules through the same server function, and the job publishes when due', async () => {
    const doc = await draft()
    const result = await scheduleFromAdmin(w.users.newsEditor, doc.id, new Date(Date.now() + 3_600_000))
    expect(result.error).toBeUndefined()
    const [job] = await jobsFor(doc.id)
    expect(job).toBeTruthy()
    expect(await statusOf(doc.id)).toBe('draft')
    await runDue(job!.id)
    expect(await statusOf(doc.id)).toBe('published')
  })

  it('L3: a job row written around the queue, naming a user without the right or nobody, publishes nothing when run', async () => {
    for (const user of [w.users.stranger.id, undefined]) {
      const doc = await draft()
      const job = await payload.create({
        collection: 'payload-jobs',
        data: { taskSlug: 'schedulePublish', queue: PUBLISH_QUEUE, input: { type: 'publish', doc: { relationTo: 'news', value: doc.id }, ...(user ? { user } : {}) }, waitUntil: new Date(Date.now() + 3_600_000).toISOString() },
        overrideAccess: true,
      })
      await runDue(job.id)
      expect(await statusOf(doc.id), user ?? 'nobody').toBe('draft')
      const after = await payload.findByID({ collection: 'payload-jobs', id: job.id, overrideAccess: true, disableErrors: true })
      expect(after?.hasError, user ?? 'nobody').toBe(true)
    }
  })

  it('L3: a publication scheduled by an editor who has since lost the right publishes nothing', async () => {
    const editor = await makeUser(payload, 'developer', { newsEditor: true })
    const doc = await draft()
    const job = await payload.jobs.queue({ task: 'schedulePublish', input: { type: 'publish', doc: { relationTo: 'news', value: doc.id }, user: editor.id }, waitUntil: new Date(Date.now() + 3_600_000) })
    await payload.update({ collection: 'users', id: editor.id, data: { newsEditor: false }, overrideAccess: true })
    await runDue(job.id)
    expect(await statusOf(doc.id)).toBe('draft')
  })

  it('L3: every collection with scheduled publishing names who may schedule it, and no other offers it', () => {
    const withSchedule = payload.config.collections.filter((c) => typeof c.versions === 'object' && typeof c.versions.drafts === 'object' && !!c.versions.drafts.schedulePublish).map((c) => c.slug)
    expect(withSchedule.sort()).toEqual(['changelog-entries', 'news'])
    for (const c of payload.config.collections) expect(offersScheduledPublishing(c.slug), c.slug).toBe(withSchedule.includes(c.slug))
  })
})
