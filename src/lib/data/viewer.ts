import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { membershipsOf } from '../../access/core/memberships'
import { actorOf, isAdmin, isStaff } from '../../access/core/roles'
import { ALL_SCOPES, hasScope, isTokenStrategy, parseScopes, type ScopeName } from '../../access/core/scopes'
import { relationId } from '../ids'
import type { User } from '../../payload-types'

/** A signed-in user as the auth strategies hand it over (`_strategy`, and `_scopes` for tokens). */
/** `_sid`: the session a session token belongs to (Payload's JWT strategy sets it). */
export type AuthUser = User & { collection: 'users'; _strategy?: string; _scopes?: string | null; _sid?: string }

/**
 * Who is looking: the user (or null for anonymous) and one local request shared by every read made
 * for them, so access rules look up the user's team memberships once per request, not per query.
 */
export type Viewer = { payload: Payload; user: AuthUser | null; req: PayloadRequest }

export async function viewerFor(payload: Payload, user: AuthUser | null): Promise<Viewer> {
  const req = await createLocalReq({ user: user ?? undefined }, payload)
  req.user = user
  return { payload, user, req }
}

/**
 * The options every user-facing Local API read passes: access is enforced for the viewer.
 * (`user` goes along with `req` for clarity; Payload reads the user from `req`.)
 */
export const as = (viewer: Viewer) => ({ overrideAccess: false as const, user: viewer.user ?? undefined, req: viewer.req })

/** The token scopes in effect: a personal access token carries its own, a session carries them all. */
export function scopesOf(user: AuthUser | null): bigint {
  if (!user) return 0n
  return isTokenStrategy(user._strategy) ? parseScopes(user._scopes) : ALL_SCOPES
}

export const viewerHasScope = (viewer: Viewer, scope: ScopeName) => hasScope(scopesOf(viewer.user), scope)

export const isViewerStaff = (viewer: Viewer) => isStaff(actorOf(viewer.req))
export const isViewerAdmin = (viewer: Viewer) => isAdmin(actorOf(viewer.req))

type TeamRef = { team?: unknown; organization?: unknown }

/**
 * Whether the viewer is on the project's team (directly or through its organization) or staff:
 * they see the project's hidden versions in listings (drafts, unlisted, scheduled).
 */
export async function isInsider(viewer: Viewer, project: TeamRef): Promise<boolean> {
  const actor = actorOf(viewer.req)
  if (!actor) return false
  return isStaff(actor) || isOnTeam(viewer, project)
}

/** Whether the viewer is on the project's team, directly or through its organization (staff as such are not). */
export async function isOnTeam(viewer: Viewer, project: TeamRef): Promise<boolean> {
  if (!actorOf(viewer.req)) return false
  const { byTeam, byOrganization } = await membershipsOf(viewer.req)
  const team = relationId(project.team)
  const organization = relationId(project.organization)
  return (!!team && byTeam.has(team)) || (!!organization && byOrganization.has(organization))
}

/** Whether a string has control characters (U+0000–U+001F, U+007F); Postgres refuses NUL in text. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

/**
 * Ids, slugs, usernames and version numbers never contain control characters: a lookup by such a
 * key finds nothing rather than failing.
 */
export const isLookupKey = (key: string): boolean => key.length > 0 && key.length <= 1024 && !hasControlCharacters(key)
