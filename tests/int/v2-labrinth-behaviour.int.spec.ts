/**
 * Behaviour taken from labrinth's source where ours differed (issue 35 item 4): an owner's permission
 * bits are fixed (through every door), payout shares are 0–5000, quoted facet values match, and a
 * thread's `members` are user objects.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ALL_PROJECT_PERMISSIONS } from '../../src/access/core/permissions'
import type { Project, TeamMember } from '../../src/payload-types'
import { api, gql } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { patFor, sessionFor, v2 } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const TAG = `lb${Date.now().toString(36)}`
const OWNER_FIXED = "The owner's permission's in a team cannot be edited"
const SPLIT_RANGE = 'Payouts split must be between 0 and 5000!'

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const teamOf = (p: Project) => (typeof p.team === 'string' ? p.team : p.team!.id)
async function rowOf(team: string, user: string): Promise<TeamMember> {
  return (await payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { user: { equals: user } }] }, limit: 1, depth: 0, overrideAccess: true })).docs[0]!
}
const write = ['PROJECT_WRITE', 'PROJECT_READ'] as const

describe("an owner's permissions (labrinth edit_team_member)", () => {
  it('are refused through /v2 with 400 and labrinth’s words — to editors, to admins, even unchanged', async () => {
    const p = await w.makeProject('approved')
    const team = teamOf(p)
    for (const actor of ['member', 'admin', 'owner'] as const) {
      const pat = await patFor(payload, w.users[actor], [...write])
      const res = await v2(`/team/${team}/members/${w.users.owner.id}`, { method: 'PATCH', auth: pat, body: { permissions: actor === 'owner' ? ALL_PROJECT_PERMISSIONS : 0 } })
      expect(res.status, `${actor}: ${res.text}`).toBe(400)
      expect(res.json()).toEqual({ error: 'invalid_input', description: OWNER_FIXED })
      const org = await v2(`/team/${team}/members/${w.users.owner.id}`, { method: 'PATCH', auth: pat, body: { organization_permissions: 0 } })
      expect(org.status, `${actor}: ${org.text}`).toBe(400)
    }
    // The owner's other details stay editable.
    const ownerPat = await patFor(payload, w.users.owner, [...write])
    expect((await v2(`/team/${team}/members/${w.users.owner.id}`, { method: 'PATCH', auth: ownerPat, body: { role: 'Lead', payouts_split: 60 } })).status).toBe(204)
    expect(await rowOf(team, w.users.owner.id)).toMatchObject({ permissions: ALL_PROJECT_PERMISSIONS, isOwner: true, role: 'Lead', payoutsSplit: 60 })
  })

  it('are refused through REST and GraphQL too, judged on the stored row', async () => {
    const p = await w.makeProject('approved')
    const row = await rowOf(teamOf(p), w.users.owner.id)
    for (const actor of ['member', 'admin'] as const) {
      const auth = await sessionFor(payload, w.users[actor])
      const rest = await api('PATCH', `/team-members/${row.id}`, { auth, body: { permissions: 1 } })
      expect(rest.status, `${actor} REST: ${rest.text}`).toBe(400)
      expect(rest.text).toContain(OWNER_FIXED)
      const g = await gql('mutation($id: String!) { updateTeamMember(id: $id, data: { permissions: 1 }) { id permissions } }', { id: row.id }, auth)
      expect(g.errors?.[0]?.message, `${actor} GraphQL`).toContain(OWNER_FIXED)
    }
    expect((await rowOf(teamOf(p), w.users.owner.id)).permissions).toBe(ALL_PROJECT_PERMISSIONS)
  })

  it("keeps every project bit of the organization's owner on its projects", async () => {
    const orgOwner = w.users.stranger
    const org = await payload.create({ collection: 'organizations', data: { slug: `${TAG}-guild`, name: `Guild ${TAG}` }, user: orgOwner, overrideAccess: false })
    const p = await w.makeProject('approved', [{ user: orgOwner, permissions: ALL_PROJECT_PERMISSIONS }])
    await payload.update({ collection: 'projects', id: p.id, data: { organization: org.id }, overrideAccess: true })
    const pat = await patFor(payload, w.users.member, [...write])
    const res = await v2(`/team/${teamOf(p)}/members/${orgOwner.id}`, { method: 'PATCH', auth: pat, body: { permissions: 1 } })
    expect(res.status, res.text).toBe(401)
    expect((await rowOf(teamOf(p), orgOwner.id)).permissions).toBe(ALL_PROJECT_PERMISSIONS)
    // Another member's bits are still the editor's to set.
    expect((await v2(`/team/${teamOf(p)}/members/${w.users.memberNoBits.id}`, { method: 'PATCH', auth: pat, body: { permissions: 1 } })).status).toBe(204)
  })
})

describe('payouts_split (labrinth: 0..=5000)', () => {
  it('is refused outside 0–5000 on /v2 edits and invitations, with labrinth’s words', async () => {
    const p = await w.makeProject('approved')
    const team = teamOf(p)
    const pat = await patFor(payload, w.users.owner, [...write])
    for (const split of [5001, -1, 1e9]) {
      const res = await v2(`/team/${team}/members/${w.users.member.id}`, { method: 'PATCH', auth: pat, body: { payouts_split: split } })
      expect(res.status, `${split}: ${res.text}`).toBe(400)
      expect(res.json()).toEqual({ error: 'invalid_input', description: SPLIT_RANGE })
    }
    const invite = await v2(`/team/${team}/members`, { method: 'POST', auth: pat, body: { user_id: w.users.newsEditor.id, payouts_split: 6000 } })
    expect(invite.status, invite.text).toBe(400)
    expect(invite.json()).toEqual({ error: 'invalid_input', description: SPLIT_RANGE })
    expect(await payload.count({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { user: { equals: w.users.newsEditor.id } }] }, overrideAccess: true })).toMatchObject({ totalDocs: 0 })
    expect((await v2(`/team/${team}/members/${w.users.member.id}`, { method: 'PATCH', auth: pat, body: { payouts_split: 5000 } })).status).toBe(204)
    expect((await rowOf(team, w.users.member.id)).payoutsSplit).toBe(5000)
  })

  it('is refused outside 0–5000 on the collection (REST)', async () => {
    const p = await w.makeProject('approved')
    const row = await rowOf(teamOf(p), w.users.member.id)
    const auth = await sessionFor(payload, w.users.owner)
    const res = await api('PATCH', `/team-members/${row.id}`, { auth, body: { payoutsSplit: 5001 } })
    expect(res.status, res.text).toBe(400)
    expect(res.text).toContain(SPLIT_RANGE)
    expect((await rowOf(teamOf(p), w.users.member.id)).payoutsSplit ?? 0).toBe(0)
    expect((await api('PATCH', `/team-members/${row.id}`, { auth, body: { payoutsSplit: 2500 } })).status).toBe(200)
  })
})

describe('quoted facet values (labrinth search/filter/parse.rs)', () => {
  it("match without their quotes: title:'…', categories:\"…\", `…`", async () => {
    const p = await w.makeProject('draft')
    await payload.create({ collection: 'versions', data: { project: p.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'], datePublished: new Date().toISOString() }, overrideAccess: true })
    const title = `Quoted Lumen ${TAG}`
    await payload.update({ collection: 'projects', id: p.id, data: { slug: `${TAG}-quoted`, title, summary: 'Quoted facets for the v2 search tests.', status: 'approved', categories: ['utility'] }, overrideAccess: true })
    const hits = async (facet: string) => {
      const res = await v2(`/search?query=${TAG}&facets=${encodeURIComponent(JSON.stringify([[facet]]))}`)
      expect(res.status, res.text).toBe(200)
      return res.json<{ hits: { project_id: string }[] }>().hits.map((h) => h.project_id)
    }
    expect(await hits(`title:${title}`)).toEqual([p.id])
    expect(await hits(`title:'${title}'`)).toEqual([p.id])
    expect(await hits(`title = "${title}"`)).toEqual([p.id])
    expect(await hits('categories:"utility"')).toEqual([p.id])
    expect(await hits("categories:'fabric'")).toEqual([p.id])
    expect(await hits('categories:`utility`')).toEqual([p.id])
    expect(await hits(`"title":'${title}'`)).toEqual([p.id])
    expect(await hits('categories:"magic"')).toEqual([])
  })
})

describe('/v2 thread members', () => {
  it('are user objects (Modrinth’s Thread schema), for the members and the authors', async () => {
    const p = await w.makeProject('approved')
    const reporter = w.users.memberNoBits
    const token = await patFor(payload, reporter, ['REPORT_CREATE', 'REPORT_READ', 'THREAD_READ'])
    const reason = (await payload.create({ collection: 'report-types', data: { id: `spam-${TAG}` } as never, overrideAccess: true })).id
    const filed = await v2('/report', { method: 'POST', auth: token, body: { report_type: reason, item_id: p.id, item_type: 'project', body: 'Members test.' } })
    expect(filed.status, filed.text).toBe(200)
    const threadId = filed.json<{ thread_id: string }>().thread_id
    const modToken = await patFor(payload, w.users.moderator, ['THREAD_READ', 'THREAD_WRITE'])
    expect((await v2(`/thread/${threadId}`, { method: 'POST', auth: modToken, body: { body: { type: 'text', body: 'Looking.' } } })).status).toBe(204)
    const thread = await v2(`/thread/${threadId}`, { auth: token })
    expect(thread.status, thread.text).toBe(200)
    const members = thread.json<{ members: { id: string; username: string; avatar_url: string | null; email: string | null }[] }>().members
    expect(members.map((m) => m.id).sort()).toEqual([reporter.id, w.users.moderator.id].sort())
    expect(members.find((m) => m.id === reporter.id)).toMatchObject({ username: reporter.username, email: null })
    const many = (await v2(`/threads?ids=${encodeURIComponent(JSON.stringify([threadId]))}`, { auth: token })).json<{ members: unknown[] }[]>()
    expect(many[0]!.members).toEqual(members)
  })
})

describe('/v2/user/{id}/payouts', () => {
  // Modrinth's description still lists it, but labrinth's v2 users.rs no longer serves it (payouts
  // moved to /v3/payout): a client meets labrinth's "route does not exist", and so it does here.
  it('answers as labrinth does: 404, the route does not exist, even with the payout scopes', async () => {
    const pat = await patFor(payload, w.users.owner, ['PAYOUTS_READ', 'PAYOUTS_WRITE'])
    for (const method of ['GET', 'POST'] as const) {
      const res = await v2(`/user/${w.users.owner.id}/payouts${method === 'POST' ? '?amount=100' : ''}`, { method, auth: pat })
      expect(res.status, `${method}: ${res.text}`).toBe(404)
      expect(res.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' })
    }
  })
})
