/** Following a project moves its follower count, and search sees the new count at once. */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { enginesOf } from '../../src/plugins/search/engines'
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

describe('follows', () => {
  it('count up on follow and down on unfollow, in the project and in search', async () => {
    const p = await w.makeProject('draft')
    await payload.create({ collection: 'versions', data: { project: p.id, versionNumber: '1.0.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })
    await payload.update({ collection: 'projects', id: p.id, data: { status: 'approved', followers: 5 }, overrideAccess: true })
    const fan = await makeUser(payload)
    const follow = await payload.create({ collection: 'follows', data: { project: p.id, user: fan.id }, user: fan, overrideAccess: false })
    const followers = async () => (await payload.findByID({ collection: 'projects', id: p.id, overrideAccess: true, depth: 0 })).followers
    const searched = async () => (await enginesOf(payload).postgres.search({ text: '', filters: [[{ field: 'project_id', op: '=', value: p.id }]], sort: 'relevance', offset: 0, limit: 1, facets: false })).hits[0]?.follows
    expect(await followers()).toBe(6)
    expect(await searched()).toBe(6)
    // Following twice is refused by the unique index and counts nothing.
    await expect(payload.create({ collection: 'follows', data: { project: p.id, user: fan.id }, user: fan, overrideAccess: false })).rejects.toThrow()
    expect(await followers()).toBe(6)
    await payload.delete({ collection: 'follows', id: follow.id, user: fan, overrideAccess: false })
    expect(await followers()).toBe(5)
    expect(await searched()).toBe(5)
  })
})
