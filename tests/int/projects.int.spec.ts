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
