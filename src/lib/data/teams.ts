import { relationId } from '../ids'
import type { Image, TeamMember, User } from '../../payload-types'
import { avatarsOf } from './users'
import { as, isLookupKey, type Viewer } from './viewer'

export type TeamMemberDetails = { member: TeamMember; user: User; avatar: Image | null }

/** Which of these teams exist. */
export async function getExistingTeamIds(viewer: Viewer, teamIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(teamIds)].filter(isLookupKey)
  if (unique.length === 0) return new Set()
  const { docs } = await viewer.payload.find({ collection: 'teams', where: { id: { in: unique } }, pagination: false, depth: 0, select: { kind: true }, ...as(viewer) })
  return new Set(docs.map((t) => t.id))
}

/**
 * The members of each team the viewer may see (accepted members for everyone; pending invitations
 * for the team, the invitee and staff), in team order. Permission bits and payout splits only come
 * back where the viewer may read them.
 */
export async function getTeamMembers(viewer: Viewer, teamIds: string[]): Promise<Map<string, TeamMemberDetails[]>> {
  const out = new Map<string, TeamMemberDetails[]>(teamIds.map((id) => [id, []]))
  const unique = [...new Set(teamIds)]
  if (unique.length === 0) return out
  const { docs: members } = await viewer.payload.find({
    collection: 'team-members', where: { team: { in: unique } }, sort: ['ordering', 'createdAt'], pagination: false, depth: 0, ...as(viewer),
  })
  const userIds = [...new Set(members.map((m) => relationId(m.user)).filter((id): id is string => !!id))]
  const users = userIds.length
    ? (await viewer.payload.find({ collection: 'users', where: { id: { in: userIds } }, pagination: false, depth: 0, ...as(viewer) })).docs
    : []
  const avatars = await avatarsOf(viewer, users)
  const userById = new Map(users.map((u) => [u.id, u]))
  for (const member of members) {
    const user = userById.get(relationId(member.user) ?? '')
    if (!user) continue
    out.get(relationId(member.team) ?? '')?.push({ member, user, avatar: avatars.get(user.id) ?? null })
  }
  return out
}
