/**
 * Scheduled releases (issue 13 item 7): `POST /v2/version/{id}/schedule` and
 * `/v2/project/{id}/schedule` put an item into `scheduled` (hidden outside its team) with the status
 * it takes at a future time, refusing in labrinth's words; the `releaseScheduled` job on Payload's
 * queue makes the change when the time comes, and the released version shows in /v2 again.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ProjectPermissions as P } from '../../src/access/core/permissions'
import { RELEASE_QUEUE } from '../../src/jobs'
import { releaseScheduled } from '../../src/jobs/releaseScheduled'
import { viewerFor } from '../../src/lib/data'
import { cancelVersionSchedule } from '../../src/lib/publishing/schedule'
import type { Project, User, Version } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeVersion, patFor, sessionFor, v2 } from '../helpers/v2'

type U = User & { collection: 'users' }
let payload: Payload
let owner: U, uploader: U, stranger: U
let project: Project
let ownerPat: string, uploaderPat: string, strangerPat: string, readOnlyPat: string
let n = 0

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
const stored = (id: string) => payload.findByID({ collection: 'versions', id, depth: 0, overrideAccess: true })
const storedProject = (id: string) => payload.findByID({ collection: 'projects', id, depth: 0, overrideAccess: true })
const pick = (v: Version) => ({ status: v.status, requestedStatus: v.requestedStatus ?? null, datePublished: v.datePublished })
const error = (description: string) => ({ error: 'invalid_input', description })
const schedule = (kind: 'version' | 'project', id: string, body: unknown, auth: string | null = ownerPat) => v2(`/${kind}/${id}/schedule`, { method: 'POST', body, auth })

async function approvedProject(): Promise<Project> {
  const p = await payload.create({ collection: 'projects', data: { slug: `sched-${++n}-${Date.now().toString(36)}`, title: 'Scheduled Things', summary: 'A project for the schedule tests.', projectType: 'mod' }, user: owner, overrideAccess: false })
  const team = p.team as string
  await payload.create({ collection: 'team-members', data: { team, user: uploader.id, role: 'Uploader', permissions: P.UPLOAD_VERSION, accepted: true }, overrideAccess: true })
  return payload.update({ collection: 'projects', id: p.id, data: { status: 'approved', approved: new Date().toISOString() }, overrideAccess: true })
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  owner = await makeUser(payload)
  uploader = await makeUser(payload)
  stranger = await makeUser(payload)
  project = await approvedProject()
  ownerPat = await patFor(payload, owner, ['VERSION_WRITE', 'VERSION_READ', 'PROJECT_READ', 'PROJECT_WRITE'])
  uploaderPat = await patFor(payload, uploader, ['VERSION_WRITE', 'VERSION_READ', 'PROJECT_READ', 'PROJECT_WRITE'])
  strangerPat = await patFor(payload, stranger, ['VERSION_WRITE', 'VERSION_READ', 'PROJECT_READ', 'PROJECT_WRITE'])
  readOnlyPat = await patFor(payload, owner, ['VERSION_READ', 'PROJECT_READ'])
})

describe('POST /v2/version/{id}/schedule', () => {
  it('schedules the release: 204, hidden from the public, shown to the team with its time and status', async () => {
    const version = await makeVersion(payload, project)
    const time = inAnHour()
    const res = await schedule('version', version.id, { time, requested_status: 'listed' })
    expect(res.status, res.text).toBe(204)
    expect(res.text).toBe('')

    const seen = (await v2(`/version/${version.id}`, { auth: ownerPat })).json<{ status: string; requested_status: string; date_published: string }>()
    expect(seen).toMatchObject({ status: 'scheduled', requested_status: 'listed' })
    expect(new Date(seen.date_published).toISOString()).toBe(time)
    expect((await v2(`/version/${version.id}`)).status).toBe(404)
    const publicList = (await v2(`/project/${project.id}/version`)).json<{ id: string }[]>()
    expect(publicList.map((v) => v.id)).not.toContain(version.id)
  })

  it('refuses a time in the past or a status that cannot be requested, in labrinth’s words, and changes nothing', async () => {
    const version = await makeVersion(payload, project)
    const before = pick(await stored(version.id))
    const past = await schedule('version', version.id, { time: new Date(Date.now() - 60_000).toISOString(), requested_status: 'listed' })
    expect(past.status).toBe(400)
    expect(past.json()).toEqual(error('You cannot schedule a version to be released in the past!'))
    for (const requested of ['scheduled', 'unknown', 'approved', 'nonsense']) {
      const bad = await schedule('version', version.id, { time: inAnHour(), requested_status: requested })
      expect(bad.status, requested).toBe(400)
      expect(bad.json()).toEqual(error('Specified requested status cannot be requested!'))
    }
    const notATime = await schedule('version', version.id, { time: 'next tuesday', requested_status: 'listed' })
    expect(notATime.status).toBe(400)
    expect(notATime.json<{ error: string; description: string }>()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining('"time"') })
    expect(pick(await stored(version.id))).toEqual(before)
  })

  it('answers 404 for a version the caller cannot see, 401 without VERSION_WRITE, and 401 for a member without EDIT_DETAILS', async () => {
    const hidden = await makeVersion(payload, project, { status: 'draft' })
    const listed = await makeVersion(payload, project)
    const body = { time: inAnHour(), requested_status: 'listed' }
    const before = [pick(await stored(hidden.id)), pick(await stored(listed.id))]

    const unknown = await schedule('version', 'nope1234', body)
    expect(unknown.status).toBe(404)
    expect(unknown.text).toBe('')
    expect((await schedule('version', hidden.id, body, strangerPat)).status).toBe(404)

    const noScope = await schedule('version', listed.id, body, readOnlyPat)
    expect(noScope.status).toBe(401)
    expect(noScope.json<{ error: string }>().error).toBe('unauthorized')
    expect((await schedule('version', listed.id, body, null)).status).toBe(401)

    // May upload (and edit) versions, but scheduling is EDIT_DETAILS's, as in labrinth.
    const uploaderTry = await schedule('version', listed.id, body, uploaderPat)
    expect(uploaderTry.status).toBe(401)
    expect(uploaderTry.json()).toEqual({ error: 'unauthorized', description: "You do not have permission to edit this version's scheduling data!" })
    // A stranger may see the listed version but not change it.
    expect([401, 404]).toContain((await schedule('version', listed.id, body, strangerPat)).status)

    expect([pick(await stored(hidden.id)), pick(await stored(listed.id))]).toEqual(before)
  })

  it('is listed in the OpenAPI document with its body', async () => {
    const doc = (await v2('/openapi.json')).json<{ paths: Record<string, Record<string, { requestBody?: unknown; operationId: string }>> }>()
    expect(doc.paths['/version/{id}/schedule']?.post).toMatchObject({ operationId: 'scheduleVersion', requestBody: expect.anything() })
    expect(doc.paths['/project/{id}/schedule']?.post).toMatchObject({ operationId: 'scheduleProject', requestBody: expect.anything() })
  })
})

describe('POST /v2/project/{id}/schedule', () => {
  it('schedules an approved project (hidden until then) and refuses one never approved', async () => {
    const approved = await approvedProject()
    const time = inAnHour()
    const res = await schedule('project', approved.slug, { time, requested_status: 'approved' })
    expect(res.status, res.text).toBe(204)
    const after = await storedProject(approved.id)
    expect(after).toMatchObject({ status: 'scheduled', requestedStatus: 'approved' })
    expect(new Date(after.approved!).toISOString()).toBe(time)
    expect((await v2(`/project/${approved.id}`)).status).toBe(404)
    expect((await v2(`/project/${approved.id}`, { auth: ownerPat })).json<{ status: string }>().status).toBe('scheduled')

    const draft = await payload.create({ collection: 'projects', data: { slug: `sched-draft-${Date.now().toString(36)}`, title: 'Not Yet', summary: 'A draft that was never approved.', projectType: 'mod' }, user: owner, overrideAccess: false })
    const refused = await schedule('project', draft.id, { time, requested_status: 'approved' })
    expect(refused.status).toBe(400)
    expect(refused.json()).toEqual(error('This project has not been approved yet. Submit to the queue with the private status to schedule it in the future!'))
    expect(await storedProject(draft.id)).toMatchObject({ status: 'draft', approved: null })
  })

  it('refuses the past, unrequestable statuses, a missing scope and a member without EDIT_DETAILS (nothing changes)', async () => {
    const p = await approvedProject()
    const before = await storedProject(p.id)
    const same = async () => expect(await storedProject(p.id)).toMatchObject({ status: before.status, requestedStatus: before.requestedStatus, approved: before.approved })
    const past = await schedule('project', p.id, { time: new Date(Date.now() - 1000).toISOString(), requested_status: 'approved' })
    expect(past.json()).toEqual(error('You cannot schedule a project to be released in the past!'))
    for (const requested of ['processing', 'scheduled', 'withheld', 'listed']) {
      expect((await schedule('project', p.id, { time: inAnHour(), requested_status: requested })).json(), requested).toEqual(error('Specified requested status cannot be requested!'))
    }
    expect((await schedule('project', p.id, { time: inAnHour(), requested_status: 'approved' }, readOnlyPat)).status).toBe(401)
    const uploaderTry = await schedule('project', p.id, { time: inAnHour(), requested_status: 'approved' }, uploaderPat)
    expect(uploaderTry.status).toBe(401)
    expect(uploaderTry.json()).toEqual({ error: 'unauthorized', description: "You do not have permission to edit this project's scheduling data!" })
    expect((await schedule('project', 'no-such-project', { time: inAnHour(), requested_status: 'approved' })).status).toBe(404)
    await same()
  })
})

describe('the releaseScheduled job', () => {
  it('is put on its queue by its schedule and, once the time has come, releases the version to the public', async () => {
    const version = await makeVersion(payload, project)
    const updatedBefore = (await storedProject(project.id)).updated
    const time = new Date(Date.now() + 1500).toISOString()
    expect((await schedule('version', version.id, { time, requested_status: 'listed' })).status).toBe(204)

    // Not yet due: the job leaves it alone.
    expect((await releaseScheduled(payload)).versions).not.toContain(version.id)
    expect((await stored(version.id)).status).toBe('scheduled')

    // The task's schedule queues it on the releases queue, as the cron does every minute.
    const { queued } = await payload.jobs.handleSchedules({ queue: RELEASE_QUEUE })
    expect(queued.map((q) => q.taskConfig?.slug)).toContain('releaseScheduled')
    const job = (await payload.find({ collection: 'payload-jobs', where: { and: [{ taskSlug: { equals: 'releaseScheduled' } }, { queue: { equals: RELEASE_QUEUE } }] }, overrideAccess: true })).docs[0]
    expect(job).toMatchObject({ meta: { scheduled: true } })
    // Queued once: a second instance asking now finds it there and queues nothing.
    expect((await payload.jobs.handleSchedules({ queue: RELEASE_QUEUE })).queued).toEqual([])

    // Run it (as a worker would) until the time has come and the version is out.
    await expect.poll(async () => {
      await payload.jobs.queue({ task: 'releaseScheduled', input: {}, queue: RELEASE_QUEUE })
      await payload.jobs.run({ queue: RELEASE_QUEUE })
      return (await stored(version.id)).status
    }, { timeout: 15_000, interval: 500 }).toBe('listed')

    const released = await stored(version.id)
    expect(released.requestedStatus ?? null).toBeNull()
    expect(new Date(released.datePublished!).toISOString()).toBe(time)
    const publicView = await v2(`/version/${version.id}`)
    expect(publicView.status).toBe(200)
    expect(publicView.json<{ status: string; date_published: string }>()).toMatchObject({ status: 'listed', date_published: time })
    expect((await v2(`/project/${project.id}/version`)).json<{ id: string }[]>().map((v) => v.id)).toContain(version.id)
    // The project counts it as a new version.
    expect(new Date((await storedProject(project.id)).updated!).getTime()).toBeGreaterThan(new Date(updatedBefore ?? 0).getTime())
  })

  it('releases a due project to its requested status, and a second run (or another instance) finds nothing left', async () => {
    const p = await approvedProject()
    const time = new Date(Date.now() + 1000).toISOString()
    expect((await schedule('project', p.id, { time, requested_status: 'unlisted' })).status).toBe(204)
    await expect.poll(async () => (await releaseScheduled(payload)).projects, { timeout: 10_000, interval: 300 }).toContain(p.id)
    expect((await storedProject(p.id)).status).toBe('unlisted')
    expect((await v2(`/project/${p.id}`)).status).toBe(200)
    const [a, b] = await Promise.all([releaseScheduled(payload), releaseScheduled(payload)])
    expect([...a.projects, ...b.projects]).not.toContain(p.id)
  })

  it('leaves a release that was called off alone', async () => {
    const version = await makeVersion(payload, project)
    expect((await schedule('version', version.id, { time: inAnHour(), requested_status: 'listed' })).status).toBe(204)
    await cancelVersionSchedule(await viewerFor(payload, owner), version.id, 'draft')
    expect(pick(await stored(version.id))).toMatchObject({ status: 'draft', requestedStatus: null })
    // Even once its time has come.
    expect((await releaseScheduled(payload, new Date(Date.now() + 7_200_000))).versions).not.toContain(version.id)
    expect((await stored(version.id)).status).toBe('draft')
  })
})

describe('the jobs queue over HTTP', () => {
  it('is the administrators’: a signed-in user cannot run, queue or plant jobs, nor touch the schedule’s bookkeeping', async () => {
    const user = `JWT ${await sessionFor(payload, stranger)}`
    const jobsBefore = (await payload.count({ collection: 'payload-jobs', overrideAccess: true })).totalDocs
    expect((await api('GET', '/payload-jobs/run?queue=releases', { auth: user })).status).toBe(401)
    expect((await api('GET', '/payload-jobs/handle-schedules', { auth: user })).status).toBe(401)
    // No user may create job rows over HTTP: the route is not offered at all (src/access/operations.ts).
    expect([401, 403, 404]).toContain((await api('POST', '/payload-jobs', { auth: user, body: { taskSlug: 'releaseScheduled', queue: RELEASE_QUEUE, input: {} } })).status)
    expect([401, 403]).toContain((await api('GET', '/payload-jobs', { auth: user })).status)
    expect([401, 403, 404]).toContain((await api('POST', '/globals/payload-jobs-stats', { auth: user, body: { stats: { scheduledRuns: { queues: { releases: { tasks: { releaseScheduled: { lastScheduledRun: '2999-01-01T00:00:00.000Z' } } } } } } } })).status)
    expect([401, 403, 404]).toContain((await api('GET', '/globals/payload-jobs-stats', { auth: user })).status)
    expect((await payload.count({ collection: 'payload-jobs', overrideAccess: true })).totalDocs).toBe(jobsBefore)
    // Document locks stay off (the stats global must not bring Payload's lock collection back).
    expect((await api('POST', '/payload-locked-documents', { auth: user, body: { globalSlug: 'payload-jobs-stats' } })).status).toBe(404)
  })
})
