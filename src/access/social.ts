import type { Access, CollectionBeforeOperationHook, FieldAccess, Where } from 'payload'

import { normalizeWhere, pinnedIds } from '../lib/whereTree'
import { membershipsOf } from './memberships'
import type { ScopeName } from './scopes'
import { canUseScopes } from './tokenScopes'
import { actorOf, isAdmin, isStaff } from './roles'

/** Public and unlisted collections to everyone (unlisted ones are only left out of listings); private ones to the owner and staff. */
export const readUserCollections: Access = ({ req }) => {
  const actor = actorOf(req)
  if (isStaff(actor)) return true
  const visible: Where = { visibility: { in: ['public', 'unlisted'] } }
  return actor ? { or: [visible, { owner: { equals: actor.id } }] } : visible
}

/**
 * Unlisted collections are opened by their link, never listed: a query that does not name the ids it
 * reads (`where[id][equals|in]`, as a page or `/v2/collections?ids=` does) gets only public ones
 * besides the caller's own. Read by id (`findByID`) is untouched.
 */
export const listUserCollections: CollectionBeforeOperationHook = ({ args, operation, req, overrideAccess }) => {
  if (overrideAccess || !['read', 'count', 'readDistinct'].includes(operation)) return args
  const a = args as { id?: unknown; where?: Where }
  if (a.id !== undefined) return args
  const actor = actorOf(req)
  if (isStaff(actor)) return args
  const where = normalizeWhere(a.where) // already judged (and normalised) by the query guard
  if (pinnedIds(where)) return args
  const listed: Where = actor ? { or: [{ visibility: { equals: 'public' } }, { owner: { equals: actor.id } }] } : { visibility: { equals: 'public' } }
  return { ...args, where: { and: [where, listed] } }
}

/** Threads: their members, the team of their project, the reporter of their report, and staff. */
export const readThreads: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const teams = [...(await membershipsOf(req)).byTeam.keys()]
  const or: Where[] = [{ members: { contains: actor.id } }, { 'report.reporter': { equals: actor.id } }]
  if (teams.length) or.push({ 'project.team': { in: teams } })
  return { or }
}

/** Messages follow their thread; private (staff-only) notes are for staff. */
export const readThreadMessages: Access = async ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isStaff(actor)) return true
  const teams = [...(await membershipsOf(req)).byTeam.keys()]
  const or: Where[] = [{ 'thread.members': { contains: actor.id } }, { 'thread.report.reporter': { equals: actor.id } }]
  if (teams.length) or.push({ 'thread.project.team': { in: teams } })
  const where: Where = { and: [{ private: { not_equals: true } }, { or }] }
  return where
}

export const createThreadMessages: Access = ({ req }) => !!actorOf(req)

/** Users: public profile to everyone; updating oneself or, for admins, anyone. */
export const selfOrAdmin: Access = ({ req }) => {
  const actor = actorOf(req)
  if (!actor) return false
  if (isAdmin(actor)) return true
  return { id: { equals: actor.id } }
}

/** Private profile fields (email, payout data): the user and admins; a token needs `scope` too. */
export const selfOrAdminField =
  (scope: ScopeName): FieldAccess =>
  ({ req, doc, id }) => {
    const actor = actorOf(req)
    if (!actor || !canUseScopes(req, [scope])) return false
    if (isAdmin(actor)) return true
    const target = id ?? (doc as { id?: string } | undefined)?.id
    return !!target && target === actor.id
  }
