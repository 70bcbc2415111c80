import { APIError, type Access, type CollectionBeforeOperationHook, type CollectionConfig, type PayloadRequest } from 'payload'

import { canUseScopes, isToken, type ScopeName } from './core/scopes'
import { appendHooks } from '../lib/config/appendHooks'

/* Tokens (personal access tokens, OAuth apps' tokens): the scopes each collection's operations need. */

type Op = 'read' | 'create' | 'update' | 'delete'
/** Any one of the scopes allows the operation; `[]` means a token may never do it. */
export type CollectionScopes = Partial<Record<Op, readonly ScopeName[]>>

const W = (...s: ScopeName[]) => s
/** Scopes per collection and operation (labrinth's routes; reads of public data need none). */
export const COLLECTION_SCOPES: Record<string, CollectionScopes> = {
  projects: { read: W('PROJECT_READ'), create: W('PROJECT_CREATE'), update: W('PROJECT_WRITE'), delete: W('PROJECT_DELETE') },
  versions: { read: W('VERSION_READ'), create: W('VERSION_CREATE'), update: W('VERSION_WRITE'), delete: W('VERSION_DELETE') },
  // Removing one file is a version write (labrinth `DELETE /version_file/{hash}` takes VERSION_WRITE).
  'version-files': { read: W('VERSION_READ'), create: W('VERSION_CREATE'), update: W('VERSION_WRITE'), delete: W('VERSION_WRITE', 'VERSION_DELETE') },
  images: { read: W('PROJECT_READ'), create: W('PROJECT_WRITE', 'USER_WRITE'), update: W('PROJECT_WRITE', 'USER_WRITE'), delete: W('PROJECT_WRITE', 'USER_WRITE') },
  'user-collections': { read: W('COLLECTION_READ'), create: W('COLLECTION_CREATE'), update: W('COLLECTION_WRITE'), delete: W('COLLECTION_DELETE') },
  users: { read: W('USER_READ'), create: [], update: W('USER_WRITE'), delete: W('USER_DELETE') },
  teams: { read: W('PROJECT_READ', 'ORGANIZATION_READ'), create: [], update: [], delete: [] },
  'team-members': { read: W('PROJECT_READ', 'ORGANIZATION_READ'), create: W('PROJECT_WRITE', 'ORGANIZATION_WRITE'), update: W('PROJECT_WRITE', 'ORGANIZATION_WRITE'), delete: W('PROJECT_WRITE', 'ORGANIZATION_WRITE') },
  organizations: { read: W('ORGANIZATION_READ'), create: W('ORGANIZATION_CREATE'), update: W('ORGANIZATION_WRITE'), delete: W('ORGANIZATION_DELETE') },
  follows: { read: W('USER_READ'), create: W('USER_WRITE'), update: W('USER_WRITE'), delete: W('USER_WRITE') },
  reports: { read: W('REPORT_READ'), create: W('REPORT_CREATE'), update: W('REPORT_WRITE'), delete: W('REPORT_DELETE') },
  threads: { read: W('THREAD_READ'), create: W('THREAD_WRITE'), update: W('THREAD_WRITE'), delete: W('THREAD_WRITE') },
  'thread-messages': { read: W('THREAD_READ'), create: W('THREAD_WRITE'), update: W('THREAD_WRITE'), delete: W('THREAD_WRITE') },
  notifications: { read: W('NOTIFICATION_READ'), create: W('NOTIFICATION_WRITE'), update: W('NOTIFICATION_WRITE'), delete: W('NOTIFICATION_WRITE') },
  'access-tokens': { read: W('PAT_READ'), create: W('PAT_CREATE'), update: W('PAT_WRITE'), delete: W('PAT_DELETE') },
  // Apps and the consents given to them are managed in a session only (labrinth: SESSION_ACCESS).
  'oauth-apps': { create: [], update: [], delete: [] },
  'oauth-authorizations': { read: [], create: [], update: [], delete: [] },
  // The technical review is staff work in a session; no token scope covers it.
  'file-findings': { read: [], create: [], update: [], delete: [] },
  'malicious-hashes': { read: [], create: [], update: [], delete: [] },
  // Billing is session-only at Modrinth (its /_internal/billing routes): no token scope reads or writes it.
  'billing-customers': { read: [], create: [], update: [], delete: [] },
  'payment-methods': { read: [], create: [], update: [], delete: [] },
  subscriptions: { read: [], create: [], update: [], delete: [] },
  charges: { read: [], create: [], update: [], delete: [] },
  'billing-events': { read: [], create: [], update: [], delete: [] },
  'billing-staff-acts': { read: [], create: [], update: [], delete: [] },
  // Revenue: a token with PAYOUTS_READ reads its user's withdrawals (labrinth's scope); the pool is staff work in a session.
  withdrawals: { read: W('PAYOUTS_READ'), create: [], update: [], delete: [] },
  'revenue-pools': { read: [], create: [], update: [], delete: [] },
  // Staff acts and tax forms are session-only (a tax form names a person; no token scope reads it).
  'revenue-staff-acts': { read: [], create: [], update: [], delete: [] },
  'revenue-tax-forms': { read: [], create: [], update: [], delete: [] },
}
/** Editorial content and tags: public to read, written in a session (no token scope covers them). */
const SESSION_WRITES: CollectionScopes = { create: [], update: [], delete: [] }

/** What a token without the read scope sees: what anyone sees. */
function asAnonymous<T extends { req: PayloadRequest }>(args: T): T {
  return { ...args, req: { ...args.req, user: null } as PayloadRequest }
}

function scoped(op: Op, scopes: readonly ScopeName[] | undefined, access: Access | undefined): Access | undefined {
  if (!scopes) return access
  const base: Access = access ?? (({ req }) => !!req.user)
  if (op === 'read') return (args) => (canUseScopes(args.req, scopes) ? base(args) : base(asAnonymous(args)))
  return (args) => (canUseScopes(args.req, scopes) ? base(args) : false)
}

/** Changing the email or the password is a restricted act: a session only, never a token. */
const sessionOnlyAccountChanges: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const data = (args as { data?: Record<string, unknown> }).data
  if (operation === 'update' && isToken(req) && data && ('password' in data || 'email' in data))
    throw new APIError('Changing the email or password needs a signed-in session, not a token.', 403, null, true)
  return args
}

/** Wraps a collection's access in the token scopes of its operations. */
export function withTokenScopes(collection: CollectionConfig): CollectionConfig {
  const scopes = COLLECTION_SCOPES[collection.slug] ?? SESSION_WRITES
  const access = collection.access ?? {}
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    access: {
      ...access,
      read: scoped('read', scopes.read, access.read),
      create: scoped('create', scopes.create, access.create),
      update: scoped('update', scopes.update, access.update),
      delete: scoped('delete', scopes.delete, access.delete),
    },
    hooks: collection.auth ? appendHooks(collection, { first: { beforeOperation: [sessionOnlyAccountChanges] } }).hooks : hooks,
  }
}
