import { z } from 'zod'

import { component, timestamp } from './registry'

export const PayoutData = component('UserPayoutData', z.object({
  paypal_address: z.string().nullable(),
  paypal_country: z.string().nullable(),
  venmo_handle: z.string().nullable(),
  balance: z.number(),
}))

/** `LegacyUser` (labrinth `models/v2/user.rs`): private fields are null unless the caller may see them. */
export const User = component('User', z.object({
  id: z.string(),
  username: z.string(),
  name: z.null().describe('Always null (legacy)'),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  created: timestamp,
  role: z.enum(['developer', 'moderator', 'admin']),
  badges: z.number().int().describe('Bitfield'),
  auth_providers: z.array(z.string()).nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean().nullable(),
  has_password: z.boolean().nullable(),
  has_totp: z.boolean().nullable(),
  payout_data: PayoutData.nullable(),
  github_id: z.number().int().nullable(),
}), 'A user (Modrinth v2 `LegacyUser`)')

/** `LegacyTeamMember` (labrinth `models/v2/teams.rs`). */
export const TeamMember = component('TeamMember', z.object({
  team_id: z.string(),
  user: User,
  role: z.string(),
  permissions: z.number().int().nullable().describe('Project permission bits; null when the caller may not see them'),
  accepted: z.boolean(),
  payouts_split: z.number().nullable(),
  ordering: z.number().int(),
}))
