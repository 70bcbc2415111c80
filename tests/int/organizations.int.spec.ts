/**
 * Organizations (issue 14 item 3): every rule and refusal of the domain functions the pages and
 * /v3 call — create, edit, delete, members, ownership, projects moved in and out — for the owner,
 * members with and without each bit, another user and staff; and the default project permissions
 * organization members hold on its projects.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, OrganizationPermissions as O, ProjectPermissions as P } from '../../src/access/core/permissions'
import { viewerFor, type AuthUser } from '../../src/lib/data/viewer'
import { relationId } from '../../src/lib/ids'
import {
  addProjectToOrganization,
  answerOrganizationInvitation,
  createOrganization,
  deleteOrganization,
  inviteToOrganization,
  removeOrganizationMember,
  removeProjectFromOrganization,
  transferOrganization,
  updateOrganization,
  updateOrganizationMember,
} from '../../src/lib/organizations/service'
import type { Organization, Project, User } from '../../src/payload-types'
import * as v3Route from '../../src/app/v3/[...path]/route'
import { makeUser } from '../helpers/actors'
import { patFor } from '../helpers/v2'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'

let payload: Payload
beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
})

type U = User & { collection: 'users' }
let n = 0
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`
/** A fresh viewer per call: memberships are looked up once per request. */
const as = (user: U | null) => viewerFor(payload, user as AuthUser | null)
/** The refusal's HTTP status (or 'ok'). */
const outcome = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok' as const,
    (e: { status?: number; message?: string }) => {
      if (typeof e?.status === 'number') return e.status
      throw e
    },
  )

/** The first field error of a refused save. */
const fieldError = (p: Promise<unknown>) =>
  p.then(
    () => 'saved',
    (e: { data?: { errors?: { message: string }[] } }) => e.data?.errors?.[0]?.message ?? String(e),
  )

async function makeOrg(owner: U): Promise<Organization> {
  const slug = uniq('org')
  return createOrganization(await as(owner), { name: `Org ${slug}`, slug, summary: 'An organization for tests.' })
}
async function join(org: Organization, user: U, organizationPermissions: number, permissions = 0) {
  return payload.create({ collection: 'team-members', data: { team: relationId(org.team)!, user: user.id, accepted: true, organizationPermissions, permissions }, overrideAccess: true })
}
async function rowOf(org: Organization, user: U) {
  return (await payload.find({ collection: 'team-members', where: { and: [{ team: { equals: relationId(org.team)! } }, { user: { equals: user.id } }] }, overrideAccess: true })).docs[0]
}
async function makeProject(owner: U): Promise<Project> {
  const slug = uniq('org-proj')
  return payload.create({ collection: 'projects', data: { slug, title: `Project ${slug}`, summary: 'A project moved between organizations.', projectType: 'mod' }, user: owner, overrideAccess: false, depth: 0 })
}
const reload = (id: string) => payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })
async function ownerOfTeam(team: string) {
  const rows = (await payload.find({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { isOwner: { equals: true } }] }, overrideAccess: true })).docs
  return rows.map((r) => relationId(r.user))
}

describe('creating an organization', () => {
  it('makes the creator the owner of its team with every organization bit', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const row = await rowOf(org, owner)
    expect(row).toMatchObject({ isOwner: true, accepted: true, organizationPermissions: ALL_ORGANIZATION_PERMISSIONS, permissions: ALL_PROJECT_PERMISSIONS })
  })

  it('refuses a slug taken in another case, and reserved slugs', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    expect(await fieldError(createOrganization(await as(owner), { name: 'Clash', slug: org.slug.toUpperCase(), summary: '' }))).toMatch(/already taken/)
    expect(await fieldError(createOrganization(await as(owner), { name: 'Reserved', slug: 'settings', summary: '' }))).toMatch(/reserved/)
    // Straight to the collection, past the form's own check.
    expect(await fieldError(payload.create({ collection: 'organizations', data: { name: 'Reserved', slug: 'Dashboard' }, user: owner, overrideAccess: false }))).toMatch(/reserved/)
  })

  it('needs a signed-in user', async () => {
    expect(await outcome(createOrganization(await as(null), { name: 'Nobody', slug: uniq('anon'), summary: '' }))).toBe(401)
  })
})

describe('editing and deleting', () => {
  it('edit: owner, EDIT_DETAILS and staff may; a member without it and others may not', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const editor = await makeUser(payload)
    const plain = await makeUser(payload)
    const stranger = await makeUser(payload)
    const moderator = await makeUser(payload, 'moderator')
    const admin = await makeUser(payload, 'admin')
    await join(org, editor, O.EDIT_DETAILS)
    await join(org, plain, ALL_ORGANIZATION_PERMISSIONS & ~O.EDIT_DETAILS)
    const edit = async (u: U, name: string) => outcome(updateOrganization(await as(u), org.id, { name, slug: org.slug, summary: 'Edited.' }))
    expect(await edit(owner, 'By Owner')).toBe('ok')
    expect(await edit(editor, 'By Editor')).toBe('ok')
    expect(await edit(moderator, 'By Moderator')).toBe('ok')
    expect(await edit(admin, 'By Admin')).toBe('ok')
    expect(await edit(plain, 'By Plain')).toBe(403)
    expect(await edit(stranger, 'By Stranger')).toBe(403)
    expect((await payload.findByID({ collection: 'organizations', id: org.id, overrideAccess: true })).name).toBe('By Admin')
  })

  it('a new slug answers; the old one no longer does', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const slug = uniq('renamed')
    await updateOrganization(await as(owner), org.slug, { name: org.name, slug: slug.toUpperCase(), summary: '' })
    const found = await payload.find({ collection: 'organizations', where: { slug: { equals: slug } }, overrideAccess: true })
    expect(found.docs[0]?.id).toBe(org.id)
    expect(await outcome(updateOrganization(await as(owner), org.slug, { name: org.name, slug, summary: '' }))).toBe(404)
  })

  it('delete: refused without DELETE_ORGANIZATION (member, stranger, moderator); nothing changes', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const plain = await makeUser(payload)
    await join(org, plain, ALL_ORGANIZATION_PERMISSIONS & ~O.DELETE_ORGANIZATION)
    const project = await makeProject(owner)
    await addProjectToOrganization(await as(owner), org.id, project.id)
    for (const u of [plain, await makeUser(payload), await makeUser(payload, 'moderator')]) {
      expect(await outcome(deleteOrganization(await as(u), org.id))).toBe(403)
    }
    expect(relationId((await reload(project.id)).organization)).toBe(org.id)
  })

  it('delete: its projects go back to the organization owner, who owns each project team', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const deleter = await makeUser(payload)
    const projectOwner = await makeUser(payload)
    await join(org, deleter, O.DELETE_ORGANIZATION)
    await join(org, projectOwner, O.ADD_PROJECT)
    const project = await makeProject(projectOwner)
    await addProjectToOrganization(await as(projectOwner), org.id, project.id)
    expect(await deleteOrganization(await as(deleter), org.id)).toEqual({ projects: 1 })
    expect(await payload.findByID({ collection: 'organizations', id: org.id, overrideAccess: true, disableErrors: true })).toBeNull()
    const after = await reload(project.id)
    expect(after.organization ?? null).toBeNull()
    expect(await ownerOfTeam(relationId(after.team)!)).toEqual([owner.id])
    // The previous owner stays on the team with their bits.
    const previous = (await payload.find({ collection: 'team-members', where: { and: [{ team: { equals: relationId(after.team)! } }, { user: { equals: projectOwner.id } }] }, overrideAccess: true })).docs[0]
    expect(previous).toMatchObject({ isOwner: false, accepted: true, permissions: ALL_PROJECT_PERMISSIONS })
    expect(await payload.count({ collection: 'teams', where: { id: { equals: relationId(org.team)! } }, overrideAccess: true })).toEqual({ totalDocs: 0 })
  })
})

describe('members', () => {
  it('invites by username with bits; "User not found" for an unknown one; the invitee accepts', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const invitee = await makeUser(payload)
    await expect(inviteToOrganization(await as(owner), org.id, 'no-such-user-here', { organizationPermissions: 0, permissions: 0 })).rejects.toThrow('User not found')
    const row = await inviteToOrganization(await as(owner), org.id, invitee.username.toUpperCase(), { organizationPermissions: O.ADD_PROJECT, permissions: P.EDIT_DETAILS, role: 'Artist' })
    expect(row).toMatchObject({ accepted: false, organizationPermissions: O.ADD_PROJECT, permissions: P.EDIT_DETAILS, role: 'Artist' })
    expect(await outcome(inviteToOrganization(await as(owner), org.id, invitee.username, { organizationPermissions: 0, permissions: 0 }))).toBe(400)
    // Someone else cannot answer it; the invitee can.
    expect(await outcome(answerOrganizationInvitation(await as(await makeUser(payload)), org.id, true))).toBe(404)
    await answerOrganizationInvitation(await as(invitee), org.id, true)
    expect((await rowOf(org, invitee)).accepted).toBe(true)
  })

  it('declining removes the invitation', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const invitee = await makeUser(payload)
    await inviteToOrganization(await as(owner), org.id, invitee.username, { organizationPermissions: 0, permissions: 0 })
    await answerOrganizationInvitation(await as(invitee), org.id, false)
    expect(await rowOf(org, invitee)).toBeUndefined()
  })

  it('invite: needs MANAGE_INVITES, bits within the inviter’s own, EDIT_MEMBER_DEFAULT_PERMISSIONS for project bits', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const inviter = await makeUser(payload)
    const noInvites = await makeUser(payload)
    await join(org, inviter, O.MANAGE_INVITES | O.ADD_PROJECT, P.EDIT_DETAILS)
    await join(org, noInvites, ALL_ORGANIZATION_PERMISSIONS & ~O.MANAGE_INVITES)
    const invite = async (by: U, organizationPermissions: number, permissions = 0) => outcome(inviteToOrganization(await as(by), org.id, (await makeUser(payload)).username, { organizationPermissions, permissions }))
    expect(await invite(inviter, O.ADD_PROJECT)).toBe('ok')
    expect(await invite(inviter, O.REMOVE_PROJECT)).toBe(403)
    expect(await invite(inviter, 0, P.EDIT_DETAILS)).toBe(403)
    expect(await invite(noInvites, 0)).toBe(403)
    expect(await invite(await makeUser(payload), 0)).toBe(403)
    expect(await invite(await makeUser(payload, 'moderator'), 0)).toBe(403)
    expect(await invite(await makeUser(payload, 'admin'), O.DELETE_ORGANIZATION, P.DELETE_PROJECT)).toBe('ok')
    expect(await invite(owner, ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS)).toBe('ok')
  })

  it('edit bits: EDIT_MEMBER within one’s own; never the owner; not without the bit', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const editor = await makeUser(payload)
    const noEdit = await makeUser(payload)
    const target = await makeUser(payload)
    await join(org, editor, O.EDIT_MEMBER | O.ADD_PROJECT)
    await join(org, noEdit, ALL_ORGANIZATION_PERMISSIONS & ~O.EDIT_MEMBER)
    const row = await join(org, target, 0)
    const edit = async (by: U, organizationPermissions: number, permissions = 0, id = row.id) => outcome(updateOrganizationMember(await as(by), org.id, id, { organizationPermissions, permissions }))
    expect(await edit(editor, O.ADD_PROJECT)).toBe('ok')
    expect((await rowOf(org, target)).organizationPermissions).toBe(O.ADD_PROJECT)
    expect(await edit(editor, O.DELETE_ORGANIZATION)).toBe(403)
    expect(await edit(editor, O.ADD_PROJECT, P.EDIT_DETAILS)).toBe(403) // default project bits need EDIT_MEMBER_DEFAULT_PERMISSIONS
    expect(await edit(noEdit, 0)).toBe(403)
    expect(await edit(await makeUser(payload), 0)).toBe(403)
    expect(await edit(owner, ALL_ORGANIZATION_PERMISSIONS, P.EDIT_DETAILS)).toBe('ok')
    expect(await edit(editor, 0, 0, (await rowOf(org, owner)).id)).toBe(403)
  })

  it('remove: REMOVE_MEMBER removes; without it refused; the owner never; anyone may leave', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const remover = await makeUser(payload)
    const noRemove = await makeUser(payload)
    const a = await makeUser(payload)
    const leaver = await makeUser(payload)
    await join(org, remover, O.REMOVE_MEMBER)
    await join(org, noRemove, ALL_ORGANIZATION_PERMISSIONS & ~O.REMOVE_MEMBER)
    const rowA = await join(org, a, 0)
    const rowLeaver = await join(org, leaver, 0)
    expect(await outcome(removeOrganizationMember(await as(noRemove), org.id, rowA.id))).toBe(403)
    expect(await outcome(removeOrganizationMember(await as(remover), org.id, (await rowOf(org, owner)).id))).toBe(403)
    expect(await outcome(removeOrganizationMember(await as(remover), org.id, rowA.id))).toBe('ok')
    expect(await rowOf(org, a)).toBeUndefined()
    expect(await outcome(removeOrganizationMember(await as(leaver), org.id, rowLeaver.id))).toBe('ok')
  })

  it('transfer: only the owner (or an admin), only to an accepted member', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const next = await makeUser(payload)
    const invited = await makeUser(payload)
    await join(org, next, ALL_ORGANIZATION_PERMISSIONS)
    await inviteToOrganization(await as(owner), org.id, invited.username, { organizationPermissions: 0, permissions: 0 })
    expect(await outcome(transferOrganization(await as(next), org.id, next.id))).toBe(403)
    expect(await outcome(transferOrganization(await as(await makeUser(payload, 'moderator')), org.id, next.id))).toBe(403)
    expect(await outcome(transferOrganization(await as(owner), org.id, invited.id))).toBe(400)
    expect(await outcome(transferOrganization(await as(owner), org.id, next.id))).toBe('ok')
    expect(await ownerOfTeam(relationId(org.team)!)).toEqual([next.id])
    expect(await rowOf(org, owner)).toMatchObject({ isOwner: false, organizationPermissions: ALL_ORGANIZATION_PERMISSIONS })
  })
})

describe('projects', () => {
  it('moving in needs project ownership and ADD_PROJECT; a refusal changes nothing', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const adder = await makeUser(payload)
    const noAdd = await makeUser(payload)
    await join(org, adder, O.ADD_PROJECT)
    await join(org, noAdd, ALL_ORGANIZATION_PERMISSIONS & ~O.ADD_PROJECT)
    // Member of the organization without ADD_PROJECT, owner of the project.
    const p1 = await makeProject(noAdd)
    expect(await outcome(addProjectToOrganization(await as(noAdd), org.id, p1.id))).toBe(403)
    expect((await reload(p1.id)).organization ?? null).toBeNull()
    // ADD_PROJECT, but only a member (not owner) of the project.
    const p2 = await makeProject(owner)
    await payload.create({ collection: 'team-members', data: { team: relationId(p2.team)!, user: adder.id, accepted: true, permissions: ALL_PROJECT_PERMISSIONS }, overrideAccess: true })
    expect(await outcome(addProjectToOrganization(await as(adder), org.id, p2.id))).toBe(403)
    expect((await reload(p2.id)).organization ?? null).toBeNull()
    // Someone else's project the adder cannot even see.
    expect(await outcome(addProjectToOrganization(await as(adder), org.id, (await makeProject(await makeUser(payload))).id))).toBe(404)
    // A stranger to the organization with their own project.
    const stranger = await makeUser(payload)
    const p3 = await makeProject(stranger)
    expect(await outcome(addProjectToOrganization(await as(stranger), org.id, p3.id))).toBe(403)
    expect((await reload(p3.id)).organization ?? null).toBeNull()
    // Both rights: in it goes, and its team keeps its owner.
    const p4 = await makeProject(adder)
    expect(await outcome(addProjectToOrganization(await as(adder), org.id, p4.slug))).toBe('ok')
    expect(relationId((await reload(p4.id)).organization)).toBe(org.id)
    expect(await ownerOfTeam(relationId(p4.team)!)).toEqual([adder.id])
    expect(await outcome(addProjectToOrganization(await as(adder), org.id, p4.id))).toBe(400)
  })

  it('moving out needs REMOVE_PROJECT and a member as the new owner; a refusal changes nothing', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const remover = await makeUser(payload)
    const noRemove = await makeUser(payload)
    await join(org, remover, O.REMOVE_PROJECT)
    await join(org, noRemove, ALL_ORGANIZATION_PERMISSIONS & ~O.REMOVE_PROJECT)
    const project = await makeProject(owner)
    await addProjectToOrganization(await as(owner), org.id, project.id)
    const team = relationId(project.team)!
    expect(await outcome(removeProjectFromOrganization(await as(noRemove), org.id, project.id, noRemove.id))).toBe(403)
    // An outsider does not even see the (draft) project.
    expect(await outcome(removeProjectFromOrganization(await as(await makeUser(payload)), org.id, project.id, owner.id))).toBe(404)
    const outsider = await makeUser(payload)
    expect(await outcome(removeProjectFromOrganization(await as(remover), org.id, project.id, outsider.id))).toBe(400)
    expect(relationId((await reload(project.id)).organization)).toBe(org.id)
    expect(await ownerOfTeam(team)).toEqual([owner.id])
    // The remover hands it to themselves: they become the owner of its team; the old owner stays on.
    expect(await outcome(removeProjectFromOrganization(await as(remover), org.id, project.id, remover.id))).toBe('ok')
    expect((await reload(project.id)).organization ?? null).toBeNull()
    expect(await ownerOfTeam(team)).toEqual([remover.id])
  })
})

describe('default project permissions', () => {
  it('organization members act on its projects with their default project bits, and lose them when the project leaves', async () => {
    const owner = await makeUser(payload)
    const org = await makeOrg(owner)
    const editor = await makeUser(payload)
    const viewerOnly = await makeUser(payload)
    await join(org, editor, 0, P.EDIT_DETAILS)
    await join(org, viewerOnly, 0, 0)
    const project = await makeProject(owner)
    await addProjectToOrganization(await as(owner), org.id, project.id)
    const editTitle = (u: U, title: string) => outcome(payload.update({ collection: 'projects', id: project.id, data: { title }, user: u, overrideAccess: false }))
    expect(await editTitle(editor, 'Edited through the organization')).toBe('ok')
    expect(await outcome(payload.update({ collection: 'projects', id: project.id, data: { body: 'Needs EDIT_BODY' }, user: editor, overrideAccess: false }))).not.toBe('ok')
    expect(await editTitle(viewerOnly, 'No bits')).not.toBe('ok')
    await removeProjectFromOrganization(await as(owner), org.id, project.id, owner.id)
    expect(await editTitle(editor, 'After leaving')).not.toBe('ok')
  })
})

let client = 0
/** Calls the /v3 route handler directly, as a launcher or script would. */
async function v3(path: string, { method = 'GET', body, auth }: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; auth?: string } = {}) {
  client += 1
  const headers = new Headers({ 'x-forwarded-for': `10.99.${(client >> 8) & 255}.${client & 255}` })
  if (auth) headers.set('authorization', auth)
  const res = await v3Route[method](new Request(`http://localhost/v3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const text = await res.text()
  return { status: res.status, json: () => JSON.parse(text) }
}

describe('/v3 organizations', () => {
  it('create, read, edit, move a project in and out, delete — with the same rights as the pages', async () => {
    const owner = await makeUser(payload)
    const stranger = await makeUser(payload)
    const all = ['ORGANIZATION_CREATE', 'ORGANIZATION_READ', 'ORGANIZATION_WRITE', 'ORGANIZATION_DELETE', 'PROJECT_READ', 'PROJECT_WRITE'] as const
    const pat = await patFor(payload, owner, [...all])
    const strangerPat = await patFor(payload, stranger, [...all])
    const slug = uniq('v3-org')

    expect((await v3('/organization', { method: 'POST', body: { name: 'V3 Org', slug: 'settings', description: '' }, auth: pat })).status).toBe(400)
    expect((await v3('/organization', { method: 'POST', body: { name: 'V3 Org', slug, description: '' } })).status).toBe(401)
    const created = await v3('/organization', { method: 'POST', body: { name: 'V3 Org', slug, description: 'Made through the API.' }, auth: pat })
    expect(created.status).toBe(200)
    const org = created.json()
    expect(org).toMatchObject({ slug, name: 'V3 Org', description: 'Made through the API.' })
    expect(org.members).toEqual([expect.objectContaining({ is_owner: true, role: 'Owner', organization_permissions: ALL_ORGANIZATION_PERMISSIONS })])

    const read = await v3(`/organization/${slug}`)
    expect(read.status).toBe(200)
    expect(read.json().id).toBe(org.id)
    expect((await v3('/organization/no-such-org-here')).status).toBe(404)

    expect((await v3(`/organization/${org.id}`, { method: 'PATCH', body: { name: 'Taken Over' }, auth: strangerPat })).status).toBe(401)
    expect((await v3(`/organization/${org.id}`, { method: 'PATCH', body: { name: 'V3 Renamed' }, auth: pat })).status).toBe(204)

    const project = await makeProject(owner)
    expect((await v3(`/organization/${org.id}/projects`, { method: 'POST', body: { project_id: project.id }, auth: strangerPat })).status).toBe(404)
    expect((await v3(`/organization/${org.id}/projects`, { method: 'POST', body: { project_id: project.id }, auth: pat })).status).toBe(204)
    const listed = await v3(`/organization/${org.id}/projects`, { auth: pat })
    expect(listed.json().map((p: { id: string }) => p.id)).toEqual([project.id])
    expect((await v3(`/organization/${org.id}/projects/${project.id}`, { method: 'DELETE', body: { new_owner: stranger.id }, auth: pat })).status).toBe(400)
    expect((await v3(`/organization/${org.id}/projects/${project.id}`, { method: 'DELETE', body: { new_owner: owner.id }, auth: pat })).status).toBe(204)
    expect((await reload(project.id)).organization ?? null).toBeNull()

    expect((await v3(`/organization/${org.id}`, { method: 'DELETE', auth: strangerPat })).status).toBe(401)
    expect((await v3(`/organization/${org.id}`, { method: 'DELETE', auth: pat })).status).toBe(204)
    expect((await v3(`/organization/${org.id}`)).status).toBe(404)
  })
})
