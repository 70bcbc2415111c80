import type { Payload } from 'payload'
import sharp from 'sharp'

import { ALL_PROJECT_PERMISSIONS, ProjectPermissions as P } from '../../src/access/core/permissions'
import type { Project, User } from '../../src/payload-types'
import { makeUser } from './actors'

export type Actor = 'anonymous' | 'stranger' | 'memberNoBits' | 'member' | 'owner' | 'newsEditor' | 'moderator' | 'admin'
export const ACTORS: Actor[] = ['anonymous', 'stranger', 'memberNoBits', 'member', 'owner', 'newsEditor', 'moderator', 'admin']
export type ActingUser = (User & { collection: 'users' }) | null

/** Everything but DELETE_PROJECT: a trusted team member who is not the owner. */
export const MEMBER_BITS = ALL_PROJECT_PERMISSIONS & ~P.DELETE_PROJECT

export type World = {
  payload: Payload
  users: Record<Exclude<Actor, 'anonymous'>, User & { collection: 'users' }>
  as: (actor: Actor) => ActingUser
  /** A fresh project in `status` whose team is owner + member + memberNoBits. */
  makeProject: (status?: Project['status'], extraMembers?: { user: User; permissions: number }[]) => Promise<Project>
}

let seq = 0
export async function buildWorld(payload: Payload): Promise<World> {
  const users = {
    stranger: await makeUser(payload),
    memberNoBits: await makeUser(payload),
    member: await makeUser(payload),
    owner: await makeUser(payload),
    newsEditor: await makeUser(payload, 'developer', { newsEditor: true }),
    moderator: await makeUser(payload, 'moderator'),
    admin: await makeUser(payload, 'admin'),
  }
  const as = (actor: Actor): ActingUser => (actor === 'anonymous' ? null : users[actor])
  const makeProject: World['makeProject'] = async (status = 'draft', extraMembers = []) => {
    seq += 1
    const team = await payload.create({ collection: 'teams', data: { kind: 'project' }, overrideAccess: true })
    const members = [
      { user: users.owner, permissions: ALL_PROJECT_PERMISSIONS, isOwner: true },
      { user: users.member, permissions: MEMBER_BITS, isOwner: false },
      { user: users.memberNoBits, permissions: 0, isOwner: false },
      ...extraMembers.map((m) => ({ ...m, isOwner: false })),
    ]
    for (const [i, m] of members.entries()) {
      await payload.create({
        collection: 'team-members',
        data: { team: team.id, user: m.user.id, role: m.isOwner ? 'Owner' : 'Member', isOwner: m.isOwner, permissions: m.permissions, accepted: true, ordering: i },
        overrideAccess: true,
      })
    }
    return payload.create({
      collection: 'projects',
      data: { slug: `matrix-project-${seq}-${Date.now()}`, title: `Matrix Project ${seq}`, summary: 'A project used by the access matrix tests.', projectType: 'mod', status, team: team.id, body: 'Body text' },
      overrideAccess: true,
      depth: 0,
    })
  }
  return { payload, users, as, makeProject }
}

export async function tinyPng(size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer()
}
