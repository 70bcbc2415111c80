import { relationId } from '../../lib/ids'
import { isAdmin, isStaff } from './roles'
import { rule, type WriteCheck } from './writeRules'

/** Derived data, counters and links the site keeps itself: never written by a user. */
export const systemOnly = rule('systemOnly', () => 'This value is kept by the site and cannot be set.')

/** A value only an admin may set, on create or update (e.g. badges, balances). */
export const adminOnlyRule = rule('adminOnly', ({ actor }) => isAdmin(actor) || 'Only an administrator may change this.')

/** A value only staff (moderators, admins) may set. */
export const staffOnlyRule = rule('staffOnly', ({ actor }) => isStaff(actor) || 'Only moderators may change this.')

/**
 * The owner/author/reporter of a new document is the signed-in user (left empty, the collection fills
 * it in); nobody records one for someone else, and it never changes afterwards.
 */
export const selfOnCreate = rule('selfOnCreate', ({ actor, operation, value }: WriteCheck) => {
  if (operation === 'update') return 'The owner of a document cannot be changed.'
  const id = relationId(value)
  return !id || id === actor?.id || 'You can only create this for yourself.'
})

/** As `selfOnCreate`, but an admin may record one for someone else (e.g. a follow, a report). */
export const selfOnCreateOrAdmin = rule('selfOnCreateOrAdmin', (check: WriteCheck) =>
  check.operation === 'create' && isAdmin(check.actor) ? true : selfOnCreate(check),
)

/**
 * Values anyone who may edit the document may set (the collection's update access and, for
 * projects, the member's bits decide): tag references, a version's channel and status.
 */
export const documentEditors = rule('documentEditors', () => true)

/** A parent link set once on create (the create access checks that parent) and never moved. */
export const fixedParent = rule('fixedParent', ({ operation }: WriteCheck) =>
  operation === 'create' || 'This cannot be moved to another parent; create a new one instead.',
)

/** A user's own settings (e.g. email preferences): only that user changes them, not even an admin. */
export const accountOwnerOnly = rule('accountOwnerOnly', ({ actor, operation, original }: WriteCheck) =>
  operation === 'create' || (!!actor && original?.id === actor.id) || 'Only the account’s owner may change this.',
)
