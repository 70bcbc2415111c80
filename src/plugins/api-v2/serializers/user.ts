import type { z } from 'zod'

import type { TeamMemberDetails } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import type { Image, User } from '../../../payload-types'
import type { TeamMember as TeamMemberSchema, User as UserSchema } from '../schemas/user'
import { imageUrl, iso } from './common'

export type LegacyUser = z.infer<typeof UserSchema>
export type LegacyTeamMember = z.infer<typeof TeamMemberSchema>

/**
 * Which private fields the caller may see: the account's owner (or an admin), and for a personal
 * access token only with the USER_READ_EMAIL / PAYOUTS_READ scope.
 */
export type PrivateView = { self: boolean; email: boolean; payouts: boolean }
export const PUBLIC_VIEW: PrivateView = { self: false, email: false, payouts: false }

export function toLegacyUser(user: User, avatar: Image | null, view: PrivateView = PUBLIC_VIEW): LegacyUser {
  const payout = user.payoutData
  return {
    id: user.id,
    username: user.username,
    name: null,
    avatar_url: imageUrl(avatar, 'icon'),
    bio: user.bio ?? null,
    created: iso(user.createdAt)!,
    role: user.role ?? 'developer',
    badges: user.badges ?? 0,
    auth_providers: view.self ? [] : null,
    email: view.email ? (user.email ?? null) : null,
    email_verified: null,
    has_password: view.self ? true : null,
    has_totp: view.self ? !!user.twoFactorEnabled : null,
    payout_data:
      view.payouts && payout
        ? { paypal_address: payout.paypalAddress ?? null, paypal_country: payout.paypalCountry ?? null, venmo_handle: payout.venmoHandle ?? null, balance: payout.balance ?? 0 }
        : null,
    github_id: null,
  }
}

export function toLegacyTeamMember({ member, user, avatar }: TeamMemberDetails): LegacyTeamMember {
  // labrinth: the owner is "Owner"; a non-owner calling themself "Owner" shows as "Member".
  const role = member.isOwner ? 'Owner' : member.role === 'Owner' || !member.role ? 'Member' : member.role
  return {
    team_id: relationId(member.team)!,
    user: toLegacyUser(user, avatar),
    role,
    // Left out by field access when the caller may not see them: null on the wire.
    permissions: member.permissions ?? null,
    accepted: !!member.accepted,
    payouts_split: member.payoutsSplit ?? null,
    ordering: member.ordering ?? 0,
  }
}
