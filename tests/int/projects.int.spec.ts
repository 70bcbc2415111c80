import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'

let payload: Payload

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
})

describe('creating a project', () => {
  it('gives it a base62 id, a team with the creator as owner, and a moderation thread', async () => {
    const owner = await makeUser(payload)
    const project = await payload.create({
      collection: 'projects',
      data: { slug: 'fresh-mod', title: 'Fresh Mod', summary: 'A fresh mod for testing creation.', projectType: 'mod' },
      user: owner,
      overrideAccess: false,
    })
    expect(project.id).toMatch(/^[0-9A-Za-z]{8}$/)
    expect(project.status).toBe('draft')
    const members = await payload.find({ collection: 'team-members', where: { team: { equals: relationId(project.team) } }, overrideAccess: true })
    expect(members.docs).toHaveLength(1)
    expect(members.docs[0]).toMatchObject({ isOwner: true, accepted: true, role: 'Owner' })
    const reread = await payload.findByID({ collection: 'projects', id: project.id, depth: 0, overrideAccess: true })
    expect(reread.thread).toBeTruthy()
  })

  it('refuses a non-staff user creating a project that is already approved', async () => {
    const user = await makeUser(payload)
    await expect(
      payload.create({
        collection: 'projects',
        data: { slug: 'sneaky', title: 'Sneaky', summary: 'Trying to skip the review queue.', projectType: 'mod', status: 'approved' },
        user,
        overrideAccess: false,
      }),
    ).rejects.toThrow(/starts as a draft/)
  })
})

describe('deleting a project', () => {
  it('takes its versions along, also when it has donation links (syncing the project from inside its own delete failed)', async () => {
    const owner = await makeUser(payload)
    if (!(await payload.find({ collection: 'donation-platforms', where: { id: { equals: 'ko-fi' } }, overrideAccess: true })).totalDocs) {
      await payload.create({ collection: 'donation-platforms', data: { id: 'ko-fi', name: 'Ko-fi' }, overrideAccess: true })
    }
    const project = await payload.create({
      collection: 'projects',
      data: { slug: `going-${Date.now()}`, title: 'Going Away', summary: 'A project deleted with its versions.', projectType: 'mod', donationUrls: [{ platform: 'ko-fi', url: 'https://ko-fi.com/going' }] },
      user: owner,
      overrideAccess: false,
    })
    for (const versionNumber of ['1.0.0', '1.1.0']) {
      await payload.create({ collection: 'versions', data: { project: project.id, versionNumber, gameVersions: ['1.21'], loaders: ['fabric'] }, user: owner, overrideAccess: false })
    }
    await payload.delete({ collection: 'projects', id: project.id, user: owner, overrideAccess: false })
    expect((await payload.find({ collection: 'projects', where: { id: { equals: project.id } }, overrideAccess: true })).totalDocs).toBe(0)
    expect((await payload.find({ collection: 'versions', where: { project: { equals: project.id } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('a version deleted on its own still updates the project’s loaders and game versions', async () => {
    const owner = await makeUser(payload)
    const project = await payload.create({ collection: 'projects', data: { slug: `kept-${Date.now()}`, title: 'Kept Project', summary: 'A project that loses one version.', projectType: 'mod' }, user: owner, overrideAccess: false })
    await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, user: owner, overrideAccess: false })
    const forge = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: '1.1.0', gameVersions: ['1.21'], loaders: ['forge'] }, user: owner, overrideAccess: false })
    expect((await payload.findByID({ collection: 'projects', id: project.id, depth: 0, overrideAccess: true })).loaders).toEqual(['fabric', 'forge'])
    await payload.delete({ collection: 'versions', id: forge.id, user: owner, overrideAccess: false })
    expect((await payload.findByID({ collection: 'projects', id: project.id, depth: 0, overrideAccess: true })).loaders).toEqual(['fabric'])
  })
})
