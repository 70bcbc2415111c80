/**
 * The `?ids=` batch reads (`/v2/projects`, `/v2/versions`, `/v2/users`, `/v2/teams`) go through the
 * public-read cache with one multi-get: the misses are read together, in as many statements as one
 * miss takes (not one set per id), and kept under the single reads' keys and tags, so a single read
 * after a batch is a hit and an edit shows in both. What the cache may keep is unchanged: hidden
 * projects and draft versions stay out for anonymous callers and in for their team.
 */
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { cacheEnabled, publicReadStats, startPublicReadCache, stopPublicReadCache } from '../../src/lib/cache'
import { RATE_LIMIT_TABLE } from '../../src/lib/ratelimit/store'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, makeV2Project, makeVersion, patFor, v2, type MadeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

type Json = { id: string; title?: string; slug?: string; version_number?: string; username?: string }

let payload: Payload
let w: World
let projects: Project[]
let versions: MadeVersion[]
let hidden: Project
let ownerPat: string

/**
 * Data statements issued while `fn` runs, counted on the pool's client class (every statement goes
 * through `Client.query`). Only reads of tables count: background work on the same pool is not a
 * read of the batch — the rate limiter's bookkeeping (its table), and statements that read no table
 * (a late `pg_notify` of a throttled cache announcement, a job's `pg_advisory_xact_lock`; CI saw both
 * land inside a window).
 */
const issued: string[] = []
async function statements(fn: () => Promise<unknown>): Promise<string[]> {
  issued.length = 0
  await fn()
  return issued.filter((text) => /^\s*(with|select)\b[\s\S]*\bfrom\b/i.test(text) && !text.includes(RATE_LIMIT_TABLE))
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  projects = []
  versions = []
  // Alike projects (one version each, no icon, license or gallery): a cold read of each takes the same statements.
  for (let i = 0; i < 8; i++) {
    const project = await makeV2Project(w, 'approved', { title: `Batch ${i}` })
    projects.push(project)
    versions.push(await makeVersion(payload, project, { versionNumber: `1.${i}.0` }))
  }
  hidden = await makeV2Project(w, 'draft', { title: 'Batch hidden' })
  ownerPat = await patFor(payload, w.users.owner, ['PROJECT_READ', 'VERSION_READ', 'USER_READ'])
  const client = (payload.db.pool as unknown as { Client: { prototype: { query: (...args: unknown[]) => unknown } } }).Client.prototype
  const query = client.query
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = args[0]
    issued.push(typeof text === 'string' ? text : ((text as { text?: string } | null)?.text ?? ''))
    return query.apply(this, args)
  }
  startPublicReadCache(payload)
  await vi.waitFor(() => expect(cacheEnabled()).toBe(true), { timeout: 10_000 })
})

afterAll(async () => {
  await stopPublicReadCache()
})

const get = async <T = Json[]>(path: string, auth?: string) => {
  const res = await v2(path, { auth })
  expect(res.status, `${path}: ${res.text}`).toBe(200)
  return res.json<T>()
}

describe('GET /v2/projects?ids=', () => {
  it('reads the misses of a batch together: as many statements for 5 as for 1; the next batch is all hits', async () => {
    // Warm what every read shares (the tag lists), so both cold reads below start alike.
    await get(`/projects?ids=${ids([projects[7].id])}`)
    const one = await statements(() => get(`/projects?ids=${ids([projects[0].id])}`))
    const batch = projects.slice(1, 6).map((p) => p.id)
    const five = await statements(() => get(`/projects?ids=${ids(batch)}`))
    expect(one.length).toBeGreaterThan(0)
    expect(five.length, `one:\n${one.join('\n')}\nfive:\n${five.join('\n')}`).toBe(one.length)

    const hits = publicReadStats().hits
    const again = await statements(async () => expect((await get(`/projects?ids=${ids(batch)}`)).map((p) => p.id)).toEqual(batch))
    expect(again).toEqual([])
    expect(publicReadStats().hits).toBe(hits + batch.length)
  })

  it('fills the single reads: a single read after a batch is a hit, and the other way round', async () => {
    const [a, b] = [projects[1], projects[6]]
    await get(`/projects?ids=${ids([a.id])}`)
    expect(await statements(() => get<Json>(`/project/${a.id}`))).toEqual([])
    await get<Json>(`/project/${b.id}`)
    expect(await statements(() => get(`/projects?ids=${ids([b.id, a.id])}`))).toEqual([])
  })

  it('shows an edit in the next batch and the next single read', async () => {
    const p = projects[2]
    await get(`/projects?ids=${ids([p.id, projects[3].id])}`)
    await payload.update({ collection: 'projects', id: p.id, data: { title: 'Batch 2, renamed' }, overrideAccess: true })
    expect((await get(`/projects?ids=${ids([p.id, projects[3].id])}`))[0].title).toBe('Batch 2, renamed')
    expect((await get<Json>(`/project/${p.id}`)).title).toBe('Batch 2, renamed')
  })

  it('leaves a hidden project out for anonymous callers, every time, and shows it to its team', async () => {
    const asked = ids([hidden.id, projects[4].id])
    expect((await get(`/projects?ids=${asked}`)).map((p) => p.id)).toEqual([projects[4].id])
    // The team's read is not kept for anyone else.
    expect((await get(`/projects?ids=${asked}`, ownerPat)).map((p) => p.id)).toEqual([hidden.id, projects[4].id])
    expect((await get(`/projects?ids=${asked}`)).map((p) => p.id)).toEqual([projects[4].id])
    expect((await v2(`/project/${hidden.id}`)).status).toBe(404)
  })

  it('takes slugs and ids mixed, in the order asked, each project once', async () => {
    const [a, b] = [projects[5], projects[6]]
    const asked = [b.slug!, a.id, b.id, a.slug!.toUpperCase(), 'no-such-project']
    expect((await get(`/projects?ids=${ids(asked)}`)).map((p) => p.id)).toEqual([b.id, a.id])
    // A slug's entry is the single read's by that slug.
    expect(await statements(() => get<Json>(`/project/${b.slug}`))).toEqual([])
  })
})

describe('GET /v2/versions?ids=', () => {
  it('reads the misses together, then answers from the cache, and fills the single reads', async () => {
    await get(`/versions?ids=${ids([versions[7].id])}`)
    const one = await statements(() => get(`/versions?ids=${ids([versions[0].id])}`))
    const batch = versions.slice(1, 6).map((v) => v.id)
    const five = await statements(() => get(`/versions?ids=${ids(batch)}`))
    expect(five.length, `one:\n${one.join('\n')}\nfive:\n${five.join('\n')}`).toBe(one.length)
    expect(await statements(async () => expect((await get(`/versions?ids=${ids(batch)}`)).map((v) => v.id)).toEqual(batch))).toEqual([])
    expect(await statements(() => get<Json>(`/version/${batch[0]}`))).toEqual([])
  })

  it('leaves a draft version out for anonymous callers and shows it to the team; an edit shows at once', async () => {
    const draft = await makeVersion(payload, projects[0], { versionNumber: '9.9.9-draft', status: 'draft' })
    const asked = ids([draft.id, versions[0].id])
    expect((await get(`/versions?ids=${asked}`)).map((v) => v.id)).toEqual([versions[0].id])
    expect((await get(`/versions?ids=${asked}`, ownerPat)).map((v) => v.id)).toEqual([draft.id, versions[0].id])
    expect((await get(`/versions?ids=${asked}`)).map((v) => v.id)).toEqual([versions[0].id])

    await payload.update({ collection: 'versions', id: versions[0].id, data: { versionNumber: '1.0.1' }, overrideAccess: true })
    expect((await get(`/versions?ids=${asked}`))[0].version_number).toBe('1.0.1')
    expect((await get<Json>(`/version/${versions[0].id}`)).version_number).toBe('1.0.1')
  })
})

describe('GET /v2/users?ids= and /v2/teams?ids=', () => {
  it('users: ids and usernames mixed, each once; the second batch and a single read are hits; an edit shows', async () => {
    const { owner, member } = w.users
    const asked = [owner.username, member.id, owner.id, 'no-such-user']
    expect((await get(`/users?ids=${ids(asked)}`)).map((u) => u.id)).toEqual([owner.id, member.id])
    // The unknown name is a miss every time ("nothing" is not kept): only it is read again.
    const again = await statements(() => get(`/users?ids=${ids(asked)}`))
    expect(again).toHaveLength(1)
    expect(await statements(() => get(`/users?ids=${ids(asked.slice(0, 3))}`))).toEqual([])
    expect(await statements(() => get<Json>(`/user/${member.id}`))).toEqual([])
    await payload.update({ collection: 'users', id: member.id, data: { bio: 'Batches things.' }, overrideAccess: true })
    expect((await get<(Json & { bio: string })[]>(`/users?ids=${ids(asked)}`))[1].bio).toBe('Batches things.')
  })

  it('teams: the members lists are kept under /team/{id}/members; a new member shows in both', async () => {
    const teams = projects.slice(0, 3).map((p) => p.team as string)
    const lists = await get<{ user: { id: string } }[][]>(`/teams?ids=${ids([...teams, 'unknownteam', teams[0]])}`)
    expect(lists).toHaveLength(3)
    expect(await statements(() => get(`/teams?ids=${ids(teams)}`))).toEqual([])
    expect(await statements(() => get(`/team/${teams[1]}/members`))).toEqual([])

    await payload.create({ collection: 'team-members', data: { team: teams[1], user: w.users.stranger.id, role: 'Member', accepted: true, ordering: 9 }, overrideAccess: true })
    const members = (list: { user: { id: string } }[]) => list.map((m) => m.user.id)
    expect(members((await get<{ user: { id: string } }[][]>(`/teams?ids=${ids(teams)}`))[1])).toContain(w.users.stranger.id)
    expect(members(await get<{ user: { id: string } }[]>(`/team/${teams[1]}/members`))).toContain(w.users.stranger.id)
  })
})
