import type { Access, CollectionBeforeOperationHook, CollectionSlug, FieldAccess, Where } from 'payload'

import { relationId } from '../lib/ids'
import { normalizeWhere, pinnedIds } from '../lib/whereTree'
import { membershipsOf } from './core/memberships'
import { actorOf, isAdmin, isStaff } from './core/roles'
import { canUseScopes, type ScopeName } from './core/scopes'
import { rule } from './core/writeRules'
import { canRead } from './fields/references'

/* User collections, threads and messages, reports, user profiles: access and field rules. */

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

// ——— field rules ———
const REPORTABLE: Record<string, CollectionSlug> = { project: 'projects', version: 'versions', user: 'users' }

/** A report is about something that exists and that the reporter can see ('Could not find {item}'). */
export const reportedItem = rule('reportedItem', async (check) => {
  if (check.operation === 'update') return 'A report cannot be moved to another item.'
  const type = String(check.siblingData.itemType ?? check.original?.itemType ?? '')
  const collection = REPORTABLE[type]
  const id = String(check.value ?? '')
  if (!collection) return 'Unknown item type.'
  return (await canRead(check, collection, id)) || { notFound: `Could not find ${type} ${id}` }
})

/** The kind of item a report is about: chosen on create. */
export const reportedItemType = rule('reportedItemType', (check) => check.operation === 'create' || 'A report cannot be moved to another item.')

/** A message goes into a thread the writer can read; it never moves to another thread. */
export const messageThread = rule('messageThread', async (check) => {
  if (check.operation === 'update') return 'A message cannot be moved to another thread.'
  const id = relationId(check.value)
  if (!id) return true
  return (await canRead(check, 'threads', id)) || { notFound: `Could not find thread ${id}` }
})

/** Users write text; staff may also close and reopen threads. Status changes are the site's record. */
export const messageType = rule('messageType', (check) => {
  if (check.operation === 'update') return 'The type of a message cannot be changed.'
  if (check.value === 'text') return true
  if (isStaff(check.actor) && (check.value === 'thread_closure' || check.value === 'thread_reopen')) return true
  return 'This kind of message is written by the site.'
})

/** A reply quotes a message of the same thread. */
export const messageReply = rule('messageReply', async (check) => {
  const id = relationId(check.value)
  if (!id) return true
  const target = await check.req.payload.findByID({ collection: 'thread-messages', id, depth: 0, overrideAccess: true, disableErrors: true, req: check.req, select: { thread: true } })
  const thread = relationId(check.siblingData.thread ?? check.original?.thread)
  return (!!target && relationId(target.thread) === thread && (await canRead(check, 'thread-messages', id))) || { notFound: `Could not find message ${id}` }
})

/** Links in notifications are site paths or web addresses: never `javascript:` or other schemes. */
export function isSafeLink(value: unknown): boolean {
  if (value == null || value === '') return true
  const link = String(value)
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\')
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
