/**
 * The `/v2` project write side (issue 13 item 7): a personal access token creates a project
 * (multipart, with an icon), edits it, changes and removes its icon, follows it and deletes it —
 * within its scopes and the caller's rights; refusals change nothing.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { POST } from '../../src/app/v2/[...path]/route'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { patFor, v2 } from '../helpers/v2'
import { tinyPng } from '../helpers/world'

let payload: Payload
let owner: User & { collection: 'users' }
let stranger: User & { collection: 'users' }
let pat: string
type Json = Record<string, unknown>
const run = Date.now().toString(36)
let n = 0

async function createProject(data: unknown, auth: string, icon?: Buffer) {
  n += 1
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  if (icon) form.append('icon', new Blob([new Uint8Array(icon)], { type: 'image/png' }), 'icon.png')
  const res = await POST(new Request('http://localhost/v2/project', { method: 'POST', body: form, headers: { authorization: auth, 'x-forwarded-for': `10.99.0.${n}` } }))
  const text = await res.text()
  return { status: res.status, text, json: <T = Json>() => JSON.parse(text) as T }
}
const newProject = (extra: Json = {}) => ({ title: 'Ore Tools', slug: `ore-tools-${run}-${++n}`, description: 'Tools for ores, made through the API.', project_type: 'mod', categories: ['technology'], client_side: 'required', server_side: 'optional', license_id: 'MIT', initial_versions: [], is_draft: true, ...extra })
const count = async () => (await payload.count({ collection: 'projects', overrideAccess: true })).totalDocs

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  pat = await patFor(payload, owner, ['PROJECT_CREATE', 'PROJECT_WRITE', 'PROJECT_DELETE', 'PROJECT_READ', 'USER_WRITE'])
})

describe('projects through /v2', () => {
  it('creates a draft with an icon, hidden from others, visible to its owner', async () => {
    const data = newProject()
    const res = await createProject(data, pat, await tinyPng(32))
    expect(res.status, res.text).toBe(200)
    const project = res.json()
    expect(project).toMatchObject({ slug: data.slug, title: 'Ore Tools', description: 'Tools for ores, made through the API.', project_type: 'mod', status: 'draft', categories: ['technology'], client_side: 'required', license: { id: 'MIT' } })
    expect(project.icon_url).toEqual(expect.any(String))
    expect((await v2(`/project/${data.slug}`, { auth: pat })).status).toBe(200)
    expect((await v2(`/project/${data.slug}`)).status).toBe(404)
    const team = await v2(`/project/${data.slug}/members`, { auth: pat })
    expect(team.json<{ user: { id: string } }[]>().map((m) => m.user.id)).toEqual([owner.id])
  })

  it('refuses a taken slug, a short title, initial versions, an unknown category and a token without PROJECT_CREATE; creates nothing', async () => {
    const first = newProject()
    expect((await createProject(first, pat)).status).toBe(200)
    const before = await count()
    const cases: [Json, RegExp][] = [
      [newProject({ slug: first.slug }), /slug is already taken/],
      [newProject({ title: 'ab' }), /title/],
      [newProject({ initial_versions: [{}] }), /initial_versions/],
      [newProject({ categories: ['not-a-category'] }), /categor/i],
    ]
    for (const [data, message] of cases) {
      const res = await createProject(data, pat)
      expect(res.status, JSON.stringify(data)).toBe(400)
      expect(res.json<{ description: string }>().description).toMatch(message)
    }
    const readOnly = await patFor(payload, owner, ['PROJECT_READ'])
    expect((await createProject(newProject(), readOnly)).status).toBe(401)
    expect(await count()).toBe(before)
  })

  it('edits, changes and removes the icon; a stranger cannot; deletes', async () => {
    const data = newProject()
    const created = (await createProject(data, pat)).json<{ id: string }>()
    const patch = await v2(`/project/${created.id}`, { method: 'PATCH', auth: pat, body: { title: 'Ore Tools Plus', body: '# Ore Tools\n\nMore tools.', additional_categories: ['magic'], source_url: 'https://git.example/ore-tools' } })
    expect(patch.status, patch.text).toBe(204)
    expect((await v2(`/project/${created.id}`, { auth: pat })).json()).toMatchObject({ title: 'Ore Tools Plus', body: '# Ore Tools\n\nMore tools.', additional_categories: ['magic'], source_url: 'https://git.example/ore-tools' })
    expect((await v2(`/project/${created.id}`, { method: 'PATCH', auth: pat, body: { source_url: 'not a url' } })).status).toBe(400)

    const png = await tinyPng(16)
    const icon = await v2(`/project/${created.id}/icon?ext=png`, { method: 'PATCH', auth: pat, rawBody: png as unknown as string, headers: { 'content-type': 'image/png' } })
    expect(icon.status, icon.text).toBe(204)
    expect((await v2(`/project/${created.id}`, { auth: pat })).json<{ icon_url: string | null }>().icon_url).toEqual(expect.any(String))
    expect((await v2(`/project/${created.id}/icon?ext=exe`, { method: 'PATCH', auth: pat, rawBody: 'MZ', headers: { 'content-type': 'application/octet-stream' } })).status).toBe(400)
    expect((await v2(`/project/${created.id}/icon`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect((await v2(`/project/${created.id}`, { auth: pat })).json<{ icon_url: string | null }>().icon_url).toBeNull()

    await payload.update({ collection: 'projects', id: created.id, data: { status: 'approved' }, overrideAccess: true })
    const strangerPat = await patFor(payload, stranger, ['PROJECT_WRITE', 'PROJECT_DELETE', 'PROJECT_READ'])
    expect((await v2(`/project/${created.id}`, { method: 'PATCH', auth: strangerPat, body: { title: 'Hijacked' } })).status).toBe(401)
    expect((await v2(`/project/${created.id}`, { method: 'DELETE', auth: strangerPat })).status).toBe(401)
    expect((await v2(`/project/${created.id}`)).json()).toMatchObject({ title: 'Ore Tools Plus' })

    expect((await v2(`/project/${created.id}`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect((await v2(`/project/${created.id}`, { auth: pat })).status).toBe(404)
  })

  it('follows and unfollows, once each', async () => {
    const created = (await createProject(newProject(), pat)).json<{ id: string }>()
    await payload.update({ collection: 'projects', id: created.id, data: { status: 'approved' }, overrideAccess: true })
    const fan = await patFor(payload, stranger, ['USER_WRITE', 'USER_READ'])
    expect((await v2(`/project/${created.id}/follow`, { method: 'POST', auth: fan })).status).toBe(204)
    expect((await v2(`/project/${created.id}/follow`, { method: 'POST', auth: fan })).status).toBe(400)
    const followed = await payload.count({ collection: 'follows', where: { and: [{ user: { equals: stranger.id } }, { project: { equals: created.id } }] }, overrideAccess: true })
    expect(followed.totalDocs).toBe(1)
    expect((await v2(`/project/${created.id}/follow`, { method: 'DELETE', auth: fan })).status).toBe(204)
    expect((await v2(`/project/${created.id}/follow`, { method: 'DELETE', auth: fan })).status).toBe(400)
    const noScope = await patFor(payload, stranger, ['USER_READ'])
    expect((await v2(`/project/${created.id}/follow`, { method: 'POST', auth: noScope })).status).toBe(401)
  })
})

describe('teams through /v2', () => {
  it('invites, is joined only by the invited user, edits bits, hands over, and removes', async () => {
    const created = (await createProject(newProject(), pat)).json<{ id: string; team: string }>()
    await payload.update({ collection: 'projects', id: created.id, data: { status: 'approved' }, overrideAccess: true })
    const invitee = await makeUser(payload)
    const inviteePat = await patFor(payload, invitee, ['PROJECT_WRITE', 'PROJECT_READ'])
    const strangerPat = await patFor(payload, stranger, ['PROJECT_WRITE', 'PROJECT_READ'])
    const team = created.team

    expect((await v2(`/team/${team}/members`, { method: 'POST', auth: strangerPat, body: { user_id: stranger.id, permissions: 1023 } })).status).toBe(401)
    const invited = await v2(`/team/${team}/members`, { method: 'POST', auth: pat, body: { user_id: invitee.id, role: 'Artist', permissions: 1 } })
    expect(invited.status, invited.text).toBe(204)
    expect((await v2(`/team/${team}/members`, { method: 'POST', auth: pat, body: { user_id: invitee.id } })).status).toBe(400)
    // Nobody accepts for someone else.
    expect((await v2(`/team/${team}/join`, { method: 'POST', auth: strangerPat })).status).toBe(400)
    expect((await v2(`/team/${team}/join`, { method: 'POST', auth: inviteePat })).status).toBe(204)
    const members = (await v2(`/team/${team}/members`, { auth: pat })).json<{ user: { id: string }; role: string; accepted: boolean }[]>()
    expect(members.find((m) => m.user.id === invitee.id)).toMatchObject({ role: 'Artist', accepted: true })

    // A member without EDIT_MEMBER cannot raise their own bits.
    expect((await v2(`/team/${team}/members/${invitee.id}`, { method: 'PATCH', auth: inviteePat, body: { permissions: 1023 } })).status).toBe(401)
    expect((await v2(`/team/${team}/members/${invitee.id}`, { method: 'PATCH', auth: pat, body: { role: 'Lead artist' } })).status).toBe(204)

    expect((await v2(`/team/${team}/owner`, { method: 'PATCH', auth: inviteePat, body: { user_id: invitee.id } })).status).toBe(401)
    expect((await v2(`/team/${team}/owner`, { method: 'PATCH', auth: pat, body: { user_id: stranger.id } })).status).toBe(400)
    expect((await v2(`/team/${team}/owner`, { method: 'PATCH', auth: pat, body: { user_id: invitee.id } })).status).toBe(204)
    const after = (await v2(`/team/${team}/members`, { auth: pat })).json<{ user: { id: string }; role: string }[]>()
    expect(after.find((m) => m.user.id === invitee.id)?.role).toBe('Owner')
    expect((await v2(`/team/${team}/members/${invitee.id}`, { method: 'DELETE', auth: inviteePat })).status).toBe(400)
    // The new owner removes the old one.
    expect((await v2(`/team/${team}/members/${owner.id}`, { method: 'DELETE', auth: inviteePat })).status).toBe(204)
  })
})

describe('the gallery through /v2', () => {
  it('adds images, features one at a time, edits and removes by URL; a stranger cannot', async () => {
    const created = (await createProject(newProject(), pat)).json<{ id: string }>()
    const png = async (size: number) => (await tinyPng(size)) as unknown as string
    const add = async (query: string, size: number) => v2(`/project/${created.id}/gallery?ext=png&${query}`, { method: 'POST', auth: pat, rawBody: await png(size), headers: { 'content-type': 'image/png' } })
    expect((await v2(`/project/${created.id}/gallery?ext=png&featured=false`, { method: 'POST', auth: pat, rawBody: '', headers: { 'content-type': 'image/png' } })).status).toBe(400)
    expect((await add('featured=true&title=First', 20)).status).toBe(204)
    expect((await add('featured=true&title=Second&description=Night', 24)).status).toBe(204)
    type Gallery = { gallery: { url: string; featured: boolean; title: string | null; description: string | null; ordering: number }[] }
    let gallery = (await v2(`/project/${created.id}`, { auth: pat })).json<Gallery>().gallery
    expect(gallery.map((g) => [g.title, g.featured, g.ordering])).toEqual([['First', false, 0], ['Second', true, 1]])

    const first = gallery[0].url
    expect((await v2(`/project/${created.id}/gallery?url=${encodeURIComponent(first)}&featured=true&description=Day`, { method: 'PATCH', auth: pat })).status).toBe(204)
    gallery = (await v2(`/project/${created.id}`, { auth: pat })).json<Gallery>().gallery
    expect(gallery.map((g) => [g.title, g.featured, g.description])).toEqual([['First', true, 'Day'], ['Second', false, 'Night']])

    await payload.update({ collection: 'projects', id: created.id, data: { status: 'approved' }, overrideAccess: true })
    const strangerPat = await patFor(payload, stranger, ['PROJECT_WRITE', 'PROJECT_READ'])
    expect((await v2(`/project/${created.id}/gallery?url=${encodeURIComponent(first)}`, { method: 'DELETE', auth: strangerPat })).status).toBe(401)
    expect((await v2(`/project/${created.id}/gallery?url=${encodeURIComponent('/nope.png')}`, { method: 'DELETE', auth: pat })).status).toBe(400)
    expect((await v2(`/project/${created.id}/gallery?url=${encodeURIComponent(first)}`, { method: 'DELETE', auth: pat })).status).toBe(204)
    gallery = (await v2(`/project/${created.id}`)).json<Gallery>().gallery
    expect(gallery.map((g) => g.title)).toEqual(['Second'])
  })
})
