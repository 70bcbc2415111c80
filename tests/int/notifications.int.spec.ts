/**
 * Notifications (issue 14): an invitation tells the invitee, a moderator's decision tells the team, a
 * new listed version tells the followers — each once, never the person who acted, nothing for
 * hidden work; only their user may read, mark read or delete them. The dashboard's reads.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions as P } from '../../src/access/core/permissions'
import { dashboardProjects, notificationsOf, pendingInvitations, reportsBy } from '../../src/lib/data/dashboard'
import { viewerFor, type AuthUser } from '../../src/lib/data/viewer'
import { deleteNotifications, markAllRead, markRead } from '../../src/lib/notifications/read'
import type { User } from '../../src/payload-types'
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

const inbox = async (user: User) =>
  (await payload.find({ collection: 'notifications', where: { user: { equals: user.id } }, sort: '-createdAt', pagination: false, overrideAccess: true })).docs
const viewer = (user: User) => viewerFor(payload, { ...(user as AuthUser), collection: 'users' })

describe('sending', () => {
  it('an invitation tells the invitee, with a link to the project', async () => {
    const project = await w.makeProject('approved')
    const invitee = await makeUser(payload)
    await payload.create({ collection: 'team-members', data: { team: project.team as string, user: invitee.id, role: 'Helper', permissions: P.UPLOAD_VERSION }, user: w.users.owner, overrideAccess: false })
    const [n] = await inbox(invitee)
    expect(n).toMatchObject({ type: 'team_invite', title: `You have been invited to join **${project.title}**`, read: false, link: `/mod/${project.slug}` })
    expect(n.text).toContain(w.users.owner.username!)
    expect(await pendingInvitations(await viewer(invitee))).toEqual([expect.objectContaining({ kind: 'project', name: project.title, path: `/mod/${project.slug}` })])
  })

  it('a moderator’s decision tells the team, not the moderator; the team’s own submit tells nobody', async () => {
    const project = await w.makeProject('draft')
    const before = { owner: (await inbox(w.users.owner)).length, member: (await inbox(w.users.member)).length }
    await payload.update({ collection: 'projects', id: project.id, data: { status: 'processing' }, overrideAccess: true, context: { system: true } })
    expect((await inbox(w.users.owner)).length).toBe(before.owner)
    await payload.update({ collection: 'projects', id: project.id, data: { status: 'rejected' }, user: w.users.moderator, overrideAccess: false })
    const [n] = await inbox(w.users.owner)
    expect(n).toMatchObject({ type: 'status_change', title: `**${project.title}** has been rejected` })
    expect((await inbox(w.users.member)).length).toBe(before.member + 1)
    expect((await inbox(w.users.moderator)).filter((x) => x.type === 'status_change')).toHaveLength(0)
  })

  it('a newly listed version tells the followers once; drafts and hidden projects tell nobody', async () => {
    const project = await w.makeProject('approved')
    const hidden = await w.makeProject('draft')
    const fan = await makeUser(payload)
    for (const p of [project, hidden]) await payload.create({ collection: 'follows', data: { user: fan.id, project: p.id }, overrideAccess: true })
    const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '3.1.4', gameVersions: ['1.21'], loaders: ['fabric'], status: 'draft' }, user: w.users.owner, overrideAccess: false })
    expect(await inbox(fan)).toHaveLength(0)
    await payload.update({ collection: 'versions', id: version.id, data: { status: 'listed' }, user: w.users.owner, overrideAccess: false })
    await payload.update({ collection: 'versions', id: version.id, data: { changelog: 'Edited' }, user: w.users.owner, overrideAccess: false })
    await payload.create({ collection: 'versions', data: { project: hidden.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed' }, overrideAccess: true })
    const got = await inbox(fan)
    expect(got).toHaveLength(1)
    expect(got[0]).toMatchObject({ type: 'project_update', title: `**${project.title}** has been updated`, text: 'Version 3.1.4 is out.', link: `/mod/${project.slug}/version/3.1.4` })
    expect((await inbox(w.users.owner)).filter((x) => x.type === 'project_update')).toHaveLength(0)
  })
})

describe('reading', () => {
  it('only their user marks them read or deletes them', async () => {
    const me = await makeUser(payload)
    const other = await makeUser(payload)
    const make = (title: string) => payload.create({ collection: 'notifications', data: { user: me.id, type: 'info', title }, overrideAccess: true })
    const [a, b, c] = [await make('a'), await make('b'), await make('c')]
    expect(await markRead(await viewer(other), [a.id])).toBe(0)
    expect(await deleteNotifications(await viewer(other), [a.id])).toBe(0)
    expect(await markRead(await viewer(me), [a.id])).toBe(1)
    let page = await notificationsOf(await viewer(me))
    expect(page.unread).toBe(2)
    expect(page.docs.map((d) => d.title).sort()).toEqual(['b', 'c'])
    expect((await notificationsOf(await viewer(me), { history: true })).totalDocs).toBe(3)
    expect(await markAllRead(await viewer(me))).toBe(2)
    page = await notificationsOf(await viewer(me))
    expect(page.unread).toBe(0)
    expect(await deleteNotifications(await viewer(me), [b.id, c.id])).toBe(2)
    expect((await inbox(me)).map((n) => n.id)).toEqual([a.id])
    // Nobody else reads them through the API either.
    expect((await payload.find({ collection: 'notifications', where: { user: { equals: me.id } }, user: other, overrideAccess: false })).totalDocs).toBe(0)
  })
})

describe('the dashboard’s projects', () => {
  it('lists the projects of the viewer’s teams, with their status', async () => {
    const a = await w.makeProject('processing')
    const mine = await dashboardProjects(await viewer(w.users.memberNoBits))
    expect(mine.find((p) => p.id === a.id)).toMatchObject({ status: 'processing', title: a.title, path: `/mod/${a.slug}` })
    expect((await dashboardProjects(await viewer(w.users.stranger))).find((p) => p.id === a.id)).toBeUndefined()
  })
})

describe('the dashboard’s reports', () => {
  it('lists the reports the viewer filed, and nobody else’s', async () => {
    const project = await w.makeProject('approved')
    const reporter = await makeUser(payload)
    await payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: project.id, body: 'Links to a scam site.' }, user: reporter, overrideAccess: false })
    await payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: project.id, reporter: w.users.stranger.id, body: 'Someone else’s.' }, overrideAccess: true })
    const mine = await reportsBy(await viewer(reporter))
    expect(mine).toEqual([expect.objectContaining({ type: 'spam', itemType: 'project', itemId: project.id, itemPath: `/project/${project.id}`, body: 'Links to a scam site.', closed: false })])
  })
})
