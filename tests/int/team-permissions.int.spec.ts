/** Each project permission bit, held alone, allows its action; every other bit together does not. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ALL_PROJECT_PERMISSIONS, ALL_ORGANIZATION_PERMISSIONS, ProjectPermissions as P, type ProjectPermission } from '../../src/access/core/permissions'
import { relationId } from '../../src/lib/ids'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

type U = Awaited<ReturnType<typeof makeUser>>
const ok = async (p: Promise<unknown>) => p.then(() => true, (e) => { if ([403, 404].includes(e.status)) return false; throw e })

/** A fresh project with a member holding `bits`, plus a bystander member to act on. */
async function setup(bits: number) {
  const actor = await makeUser(payload)
  const bystander = await makeUser(payload)
  const project = await w.makeProject('draft', [{ user: actor, permissions: bits }, { user: bystander, permissions: 0 }])
  const team = relationId(project.team)!
  const bystanderRow = (await payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { user: { equals: bystander.id } }] }, overrideAccess: true })).docs[0]
  const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
  return { actor, project, team, bystanderRow, version }
}

const actions: Record<Exclude<ProjectPermission, 'VIEW_ANALYTICS' | 'VIEW_PAYOUTS'>, (s: Awaited<ReturnType<typeof setup>>, user: U) => Promise<boolean>> = {
  UPLOAD_VERSION: (s, user) => ok(payload.create({ collection: 'versions', data: { project: s.project.id, versionNumber: '2.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, user, overrideAccess: false })),
  DELETE_VERSION: (s, user) => ok(payload.delete({ collection: 'versions', id: s.version.id, user, overrideAccess: false })),
  EDIT_DETAILS: (s, user) => ok(payload.update({ collection: 'projects', id: s.project.id, data: { title: 'New title' }, user, overrideAccess: false })),
  EDIT_BODY: (s, user) => ok(payload.update({ collection: 'projects', id: s.project.id, data: { body: 'New description' }, user, overrideAccess: false })),
  MANAGE_INVITES: async (s, user) => ok(payload.create({ collection: 'team-members', data: { team: s.team, user: (await makeUser(payload)).id }, user, overrideAccess: false })),
  REMOVE_MEMBER: (s, user) => ok(payload.delete({ collection: 'team-members', id: s.bystanderRow.id, user, overrideAccess: false })),
  EDIT_MEMBER: (s, user) => ok(payload.update({ collection: 'team-members', id: s.bystanderRow.id, data: { role: 'Artist' }, user, overrideAccess: false })),
  DELETE_PROJECT: (s, user) => ok(payload.delete({ collection: 'projects', id: s.project.id, user, overrideAccess: false })),
}

describe('project permission bits', () => {
  for (const [name, act] of Object.entries(actions)) {
    const bit = P[name as ProjectPermission]
    it(`${name} alone allows it`, async () => {
      const s = await setup(bit)
      expect(await act(s, s.actor)).toBe(true)
    })
    it(`every bit but ${name} does not`, async () => {
      const s = await setup(ALL_PROJECT_PERMISSIONS & ~bit)
      expect(await act(s, s.actor)).toBe(false)
    })
  }

  it('an organization member acts on the organization’s projects with its project bits', async () => {
    const orgOwner = await makeUser(payload)
    const orgMember = await makeUser(payload)
    const org = await payload.create({ collection: 'organizations', data: { slug: `org-${Date.now()}`, name: 'Org With Projects' }, user: orgOwner, overrideAccess: false })
    await payload.create({ collection: 'team-members', data: { team: relationId(org.team)!, user: orgMember.id, accepted: true, permissions: P.EDIT_DETAILS, organizationPermissions: 0 }, overrideAccess: true })
    const project = await payload.create({ collection: 'projects', data: { slug: `org-project-${Date.now()}`, title: 'Org Project', summary: 'Owned through an organization.', projectType: 'mod', organization: org.id }, user: orgOwner, overrideAccess: false })
    expect(await ok(payload.update({ collection: 'projects', id: project.id, data: { title: 'Edited by org member' }, user: orgMember, overrideAccess: false }))).toBe(true)
    expect(await ok(payload.update({ collection: 'projects', id: project.id, data: { body: 'Body needs EDIT_BODY' }, user: orgMember, overrideAccess: false }))).toBe(false)
    void ALL_ORGANIZATION_PERMISSIONS
  })

  it('an unaccepted invitation grants nothing', async () => {
    const invitee = await makeUser(payload)
    const project = await w.makeProject('draft')
    await payload.create({ collection: 'team-members', data: { team: relationId(project.team)!, user: invitee.id, accepted: false, permissions: ALL_PROJECT_PERMISSIONS }, overrideAccess: true })
    expect(await ok(payload.update({ collection: 'projects', id: project.id, data: { title: 'Sneaky' }, user: invitee, overrideAccess: false }))).toBe(false)
  })

  it('an invitee sees the hidden project they are invited to (to answer on its page), and only while invited', async () => {
    const invitee = await makeUser(payload)
    const stranger = await makeUser(payload)
    const project = await w.makeProject('draft')
    const seen = async (user: U) => (await payload.find({ collection: 'projects', where: { id: { equals: project.id } }, depth: 0, user, overrideAccess: false })).totalDocs === 1
    expect(await seen(invitee)).toBe(false)
    const row = await payload.create({ collection: 'team-members', data: { team: relationId(project.team)!, user: invitee.id, accepted: false, permissions: 0 }, overrideAccess: true })
    expect(await seen(invitee)).toBe(true)
    expect(await seen(stranger)).toBe(false)
    expect(await ok(payload.update({ collection: 'projects', id: project.id, data: { summary: 'Changed by an invitee.' }, user: invitee, overrideAccess: false }))).toBe(false)
    // Declined (the row goes): hidden again.
    await payload.delete({ collection: 'team-members', id: row.id, overrideAccess: true })
    expect(await seen(invitee)).toBe(false)
  })
})

describe('status transitions', () => {
  it('the owner cannot submit a project without versions, with the reference message', async () => {
    const project = await w.makeProject('draft')
    await expect(payload.update({ collection: 'projects', id: project.id, data: { status: 'processing' }, user: w.users.owner, overrideAccess: false })).rejects.toThrow('Project submitted for review with no initial versions')
  })

  it('the owner submits for review; the moderator approves; each change is a thread message', async () => {
    const project = await w.makeProject('draft')
    await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
    // The publishing checklist's required items hold the submission back, named, and nothing changes.
    await expect(payload.update({ collection: 'projects', id: project.id, data: { status: 'processing' }, user: w.users.owner, overrideAccess: false })).rejects.toThrow(
      'Complete the required checklist items before submitting: Select a license, Select the environments.',
    )
    expect((await payload.findByID({ collection: 'projects', id: project.id, overrideAccess: true })).status).toBe('draft')
    // Fixed in the same save as the submission: judged on the project as it will be stored.
    const queued = await payload.update({
      collection: 'projects', id: project.id, user: w.users.owner, overrideAccess: false,
      data: { status: 'processing', license: 'MIT', clientSide: 'required', serverSide: 'optional' },
    })
    expect(queued.status).toBe('processing')
    expect(queued.queued).toBeTruthy()
    await expect(payload.update({ collection: 'projects', id: project.id, data: { status: 'approved' }, user: w.users.owner, overrideAccess: false })).rejects.toThrow(/cannot change the status/)
    const approved = await payload.update({ collection: 'projects', id: project.id, data: { status: 'approved' }, user: w.users.moderator, overrideAccess: false })
    expect(approved.approved).toBeTruthy()
    const thread = relationId(approved.thread)
    const messages = await payload.find({ collection: 'thread-messages', where: { thread: { equals: thread } }, sort: 'createdAt', overrideAccess: true })
    expect(messages.docs.map((m) => [m.type, m.oldStatus, m.newStatus])).toEqual([
      ['status_change', 'draft', 'processing'],
      ['status_change', 'processing', 'approved'],
    ])
    // After approval the owner may switch among approved/unlisted/private/draft without review.
    const unlisted = await payload.update({ collection: 'projects', id: project.id, data: { status: 'unlisted' }, user: w.users.owner, overrideAccess: false })
    expect(unlisted.status).toBe('unlisted')
  })

  it('visitors read public statuses only; the team and staff read hidden ones', async () => {
    const hidden = await w.makeProject('private')
    const unlisted = await w.makeProject('unlisted')
    const read = (id: string, user: U | null) => payload.find({ collection: 'projects', where: { id: { equals: id } }, user, overrideAccess: false }).then((r) => r.docs.length)
    expect(await read(hidden.id, null)).toBe(0)
    expect(await read(hidden.id, w.users.stranger)).toBe(0)
    expect(await read(hidden.id, w.users.memberNoBits)).toBe(1)
    expect(await read(hidden.id, w.users.moderator)).toBe(1)
    expect(await read(unlisted.id, null)).toBe(1)
  })
})
