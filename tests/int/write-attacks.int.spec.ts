/**
 * Named tests for the rows of the write-side authorization issue that are not a single field write:
 * deletes and files on disk, transfers of ownership, the moderation thread link.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { canWrite } from '../../src/access/core/writeRules'
import { relationId } from '../../src/lib/ids'
import { mediaDir } from '../../src/lib/paths'
import { makeUser } from '../helpers/actors'
import { authOf } from '../helpers/hostile'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'
import { testJar } from '../helpers/jar'

let w: World
beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const fileOnDisk = async (versionId: string) => {
  const files = await w.payload.find({ collection: 'version-files', where: { version: { equals: versionId } }, overrideAccess: true, depth: 0 })
  const f = files.docs[0]
  return { id: f.id, path: path.join(mediaDir(), 'files', f.filename!) }
}

/** An ordinary creator: owns a project of their own (so holds delete bits somewhere), not the victim's. */
async function creatorSession(): Promise<string> {
  const creator = await makeUser(w.payload)
  await w.payload.create({ collection: 'projects', data: { slug: `own-${creator.id.toLowerCase()}`, title: 'My Own Project', summary: 'The attacker’s own project.', projectType: 'mod' }, user: creator, overrideAccess: true })
  return (await w.payload.login({ collection: 'users', data: { username: creator.username!, password: 'test-password-1' } })).token!
}

describe('deletes and files (critical)', () => {
  it('a creator deleting someone else’s version gets 404 and the victim’s file stays on disk', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    expect(existsSync(file.path)).toBe(true)
    const attackers = { creator: await creatorSession(), stranger: await authOf(w, 'stranger'), memberNoBits: await authOf(w, 'memberNoBits'), anonymous: null }
    for (const [actor, auth] of Object.entries(attackers)) {
      const res = await api('DELETE', `/versions/${version.id}`, { auth })
      expect(res.status, actor).toBeGreaterThanOrEqual(400)
      expect(existsSync(file.path), `${actor} removed the file`).toBe(true)
    }
    expect(await w.payload.count({ collection: 'version-files', where: { version: { equals: version.id } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
  })

  it('a creator deleting someone else’s hidden project gets 404 and nothing of it is removed', async () => {
    const project = await w.makeProject('draft')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    const res = await api('DELETE', `/projects/${project.id}`, { auth: await creatorSession() })
    expect(res.status).toBe(404)
    expect(existsSync(file.path)).toBe(true)
    expect((await w.payload.count({ collection: 'versions', where: { project: { equals: project.id } }, overrideAccess: true })).totalDocs).toBe(1)
  })

  it('a member who can see but not delete a file gets 403, and the file stays', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    const res = await api('DELETE', `/version-files/${file.id}`, { auth: await authOf(w, 'memberNoBits') })
    expect(res.status).toBe(403)
    expect(existsSync(file.path)).toBe(true)
  })

  it('the owner’s delete removes the file once committed', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    const res = await api('DELETE', `/versions/${version.id}`, { auth: await authOf(w, 'owner') })
    expect(res.status).toBe(200)
    expect(existsSync(file.path)).toBe(false)
  })

  it('a delete that rolls back puts the file back; one that commits removes it', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    const req = await createLocalReq({}, w.payload)
    await initTransaction(req)
    await w.payload.delete({ collection: 'versions', id: version.id, req })
    expect(existsSync(file.path)).toBe(false) // set aside while the transaction is open
    await killTransaction(req)
    expect(existsSync(file.path)).toBe(true)
    expect((await w.payload.count({ collection: 'version-files', where: { id: { equals: file.id } }, overrideAccess: true })).totalDocs).toBe(1)

    const again = await createLocalReq({}, w.payload)
    await initTransaction(again)
    await w.payload.delete({ collection: 'versions', id: version.id, req: again })
    await commitTransaction(again)
    expect(existsSync(file.path)).toBe(false)
  })

  it('replacing a file that is then refused keeps the old file', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const file = await fileOnDisk(version.id)
    const form = new FormData()
    form.set('_payload', JSON.stringify({ version: (await makeVersion(w.payload, await w.makeProject('approved'))).id }))
    form.set('file', new Blob([new Uint8Array(testJar('replacement'))]), 'replacement.jar')
    const res = await api('PATCH', `/version-files/${file.id}`, { auth: await authOf(w, 'member'), form })
    expect(res.status).toBe(403)
    expect(existsSync(file.path)).toBe(true)
    const stored = await w.payload.findByID({ collection: 'version-files', id: file.id, overrideAccess: true, depth: 0 })
    expect(relationId(stored.version)).toBe(version.id)
  })

  it('deleting another user’s account is 403/404, not a hint about what they own', async () => {
    const res = await api('DELETE', `/users/${w.users.owner.id}`, { auth: await authOf(w, 'stranger') })
    expect([403, 404]).toContain(res.status)
    expect(res.text).not.toContain('owns')
  })
})

describe('ownership', () => {
  it('moves only through a transfer by the owner, and the team always has an owner', async () => {
    const project = await w.makeProject('draft')
    const team = relationId(project.team)!
    const transfer = async (actor: 'member' | 'owner', user: string) =>
      api('POST', `/teams/${team}/transfer-ownership`, { auth: await authOf(w, actor), body: { user } })
    expect((await transfer('member', w.users.member.id)).status).toBe(403)
    const outsider = await makeUser(w.payload)
    expect((await transfer('owner', outsider.id)).status).toBe(400)
    expect((await transfer('owner', w.users.member.id)).status).toBe(200)
    const owners = await w.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { isOwner: { equals: true } }] }, overrideAccess: true, depth: 0 })
    expect(owners.docs.map((m) => relationId(m.user))).toEqual([w.users.member.id])
  })
})

describe('the moderation thread (low)', () => {
  it('an update asking for only the id does not detach the project from its thread', async () => {
    const project = await w.makeProject('draft')
    const thread = relationId((await w.payload.findByID({ collection: 'projects', id: project.id, overrideAccess: true, depth: 0 })).thread)
    const res = await api('PATCH', `/projects/${project.id}?select[id]=true`, { auth: await authOf(w, 'owner'), body: { title: 'Renamed With Select' } })
    expect(res.status).toBe(200)
    const after = await w.payload.findByID({ collection: 'projects', id: project.id, overrideAccess: true, depth: 0 })
    expect(relationId(after.thread)).toBe(thread)
    expect((await w.payload.count({ collection: 'threads', where: { project: { equals: project.id } }, overrideAccess: true })).totalDocs).toBe(1)
    // …and leaves no status-change record for a status it did not change.
    expect((await w.payload.count({ collection: 'thread-messages', where: { thread: { equals: thread } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

describe('the rules, asked by the UI', () => {
  it('canWrite gives the verdict the write would get', async () => {
    const project = await w.makeProject('draft')
    const row = (await w.payload.find({ collection: 'team-members', where: { and: [{ team: { equals: relationId(project.team)! } }, { user: { equals: w.users.memberNoBits.id } }] }, overrideAccess: true, depth: 0 })).docs[0]
    const reqFor = (user: typeof w.users.owner) => createLocalReq({ user }, w.payload)
    expect(await canWrite(await reqFor(w.users.owner), 'team-members', 'permissions', 1, row)).toBe(true)
    expect(await canWrite(await reqFor(w.users.memberNoBits), 'team-members', 'permissions', 1, row)).toBe(false)
    expect(await canWrite(await reqFor(w.users.member), 'projects', 'team', 'AAAAAAAA', project)).toBe(false)
    expect(await canWrite(await reqFor(w.users.admin), 'projects', 'team', 'AAAAAAAA', project)).toBe(true)
  })
})

describe('document locks (found on the way)', () => {
  it('nobody can lock someone else’s project against its owner’s edits', async () => {
    const project = await w.makeProject('approved')
    const lock = await api('POST', '/payload-locked-documents', { auth: await authOf(w, 'stranger'), body: { document: { relationTo: 'projects', value: project.id }, user: { relationTo: 'users', value: w.users.stranger.id } } })
    expect(lock.status).toBe(404)
    expect((await api('PATCH', `/projects/${project.id}`, { auth: await authOf(w, 'owner'), body: { title: 'Owner Edit' } })).status).toBe(200)
  })
})

describe('follows (low)', () => {
  it('following a hidden project, or one that does not exist, is a 404 — never a 500', async () => {
    const stranger = await authOf(w, 'stranger')
    const hidden = await w.makeProject('draft')
    for (const project of [hidden.id, 'AAAAAAAA', 'not-an-id', '']) {
      const res = await api('POST', '/follows', { auth: stranger, body: { project } })
      expect(res.status, project).toBeLessThan(500)
      expect(res.status, project).toBeGreaterThanOrEqual(400)
    }
    expect((await w.payload.count({ collection: 'follows', where: { user: { equals: w.users.stranger.id } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})
