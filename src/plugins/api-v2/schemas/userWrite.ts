import { z } from 'zod'

/*
 * `PATCH /user/{id}` (labrinth v2 `EditUser`). `name` is read but not kept: our users have only a
 * username (v2 answers `name: null` anyway). `role` and `badges` go through the users collection's
 * field rules (admins only), as everywhere else.
 */
export const UserPatch = z.object({
  // The site's username rules (characters, reserved names, taken) are the collection hook's.
  username: z.string().trim().min(1).max(39).optional(),
  name: z.string().max(64).nullable().optional(),
  bio: z.string().max(160, { error: 'must be at most 160 characters' }).nullable().optional(),
  role: z.enum(['developer', 'moderator', 'admin']).optional(),
  badges: z.number().int().min(0).max(255).optional(),
})
export type UserPatch = z.infer<typeof UserPatch>
