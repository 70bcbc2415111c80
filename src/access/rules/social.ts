import type { CollectionSlug } from 'payload'

import { relationId } from '../../lib/ids'
import { isStaff } from '../roles'
import { canRead } from './references'
import { rule } from '../writeRules'

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
