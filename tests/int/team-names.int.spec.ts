/**
 * Teams are named after what they belong to (issue 34 item 3: the admin's lists show names, not team
 * ids): a project's team takes its title and an organization's team its name when made, and follows
 * a rename; the admin's team and team-member lists (REST, as the panel reads them) show that name.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import type { Team } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'

let payload: Payload
const run = Date.now().toString(36)

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
})

const teamOf = async (id: string | null | undefined) => (await payload.findByID({ collection: 'teams', id: id!, overrideAccess: true, depth: 0 })) as Team

describe('team names', () => {
  it('a project’s team carries its title, made by the creator and after a rename', async () => {
    const creator = await makeUser(payload)
    const project = await payload.create({
      collection: 'projects',
      data: { slug: `named-${run}`, title: 'Copper Lanterns', summary: 'Lanterns made of copper, oxidising.', projectType: 'mod', status: 'draft', body: 'Body' },
      user: creator,
      overrideAccess: false,
      depth: 0,
    })
    expect((await teamOf(relationId(project.team))).name).toBe('Copper Lanterns')
    await payload.update({ collection: 'projects', id: project.id, data: { title: 'Waxed Copper Lanterns' }, user: creator, overrideAccess: false, depth: 0 })
    expect((await teamOf(relationId(project.team))).name).toBe('Waxed Copper Lanterns')
  })

  it('an organization’s team carries its name, and the admin’s lists name the team, not its id', async () => {
    const founder = await makeUser(payload)
    const org = await payload.create({ collection: 'organizations', data: { slug: `guild-${run}`, name: 'Lantern Guild' }, user: founder, overrideAccess: false, depth: 0 })
    const team = relationId(org.team)!
    expect((await teamOf(team)).name).toBe('Lantern Guild')
    await payload.update({ collection: 'organizations', id: org.id, data: { name: 'Lantern Makers Guild' }, user: founder, overrideAccess: false, depth: 0 })
    expect((await teamOf(team)).name).toBe('Lantern Makers Guild')

    // The panel's list of team members shows each row's team by its title field.
    const admin = await makeUser(payload, 'admin')
    expect(payload.collections.teams.config.admin.useAsTitle).toBe('name')
    const rows = await payload.find({ collection: 'team-members', where: { team: { equals: team } }, depth: 1, user: admin, overrideAccess: false })
    expect(rows.docs.map((m) => (m.team as Team).name)).toEqual(['Lantern Makers Guild'])
  })
})
