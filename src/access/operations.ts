/**
 * Every door Payload opens, and which of them each collection and global offers to users. Written
 * in one place; whatever is not listed here is refused (src/plugins/doors shuts it, and
 * tests/int/doors.int.spec.ts fails when Payload mounts a route or a GraphQL mutation that this
 * table does not name).
 *
 * Offering a door does not let anyone through it: the collection's access and write rules still
 * judge every request. A door that is not offered is shut for everyone but the site's own code
 * (Local API calls with `overrideAccess`), whatever the access functions say.
 */

/** The operations Payload offers on a collection, by what they do. */
export const DOORS = [
  /** find, findByID (REST GET, GraphQL queries, the admin's lists and forms) */
  'read',
  'count',
  /** POST /access/:id — what the caller may do with a document (the admin panel asks). */
  'docAccess',
  'create',
  /** PATCH by id, and PATCH with a `where` (the admin's bulk edit): each document judged on its own. */
  'update',
  'delete',
  /** POST /:id/duplicate and GraphQL duplicateX: a create whose data is copied from another document. */
  'duplicate',
  /** GET /versions, /versions/:id (drafts' history). */
  'readVersions',
  /** POST /versions/:id — restore an old version over the document. */
  'restoreVersion',
  /** GET /file/:filename (upload collections). */
  'file',
  /** GET /paste-url — the server fetches an address the caller names (upload collections). */
  'pasteUrl',
  // Auth collections:
  'login',
  'logout',
  'me',
  'refresh',
  'init',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
  'unlock',
  'firstRegister',
] as const
export type Door = (typeof DOORS)[number]

/** A collection's own endpoints are named `custom:<METHOD> <path>`. */
export type Offered = { doors: readonly (Door | `custom:${string}`)[]; why: string }

const CRUD = ['read', 'count', 'docAccess', 'create', 'update', 'delete'] as const
const READ = ['read', 'count', 'docAccess'] as const

/**
 * Per collection: what users may reach. `duplicate` is offered nowhere: no user needs a copy of a
 * project, version, membership or account, and a copy would carry values (owner, team, status,
 * counters, role) its maker could not have written.
 */
export const OFFERED_COLLECTIONS: Record<string, Offered> = {
  projects: { doors: CRUD, why: 'creators make and edit projects in the admin panel and through /api' },
  versions: { doors: CRUD, why: 'team members publish and edit versions' },
  'version-files': { doors: [...CRUD, 'file'], why: 'team members upload files; everyone downloads the files they may see' },
  images: { doors: [...CRUD, 'file'], why: 'icons, gallery, avatars and editor images are uploaded by their owners' },
  'user-collections': { doors: CRUD, why: 'users keep collections of projects' },
  users: {
    doors: [...CRUD, 'login', 'logout', 'me', 'refresh', 'forgotPassword', 'resetPassword', 'verifyEmail', 'firstRegister'],
    why: 'profile edits, account deletion and Payload’s sign-in; create is for administrators (people sign up at /auth/sign-up, src/access/signUp.ts); first-register works only while there is no user at all. No unlock: sign-in has rate limits, not lockouts',
  },
  organizations: { doors: CRUD, why: 'users make organizations; their members edit them' },
  reports: { doors: CRUD, why: 'users report content; staff handle the reports' },
  'file-findings': { doors: CRUD, why: 'staff give verdicts on the scanner’s findings (the scanner writes them)' },
  'malicious-hashes': { doors: CRUD, why: 'staff keep the list of known-bad files' },
  threads: { doors: CRUD, why: 'staff open direct threads; the site opens the others' },
  'thread-messages': { doors: CRUD, why: 'members of a thread write to it' },
  notifications: { doors: CRUD, why: 'users mark their notifications read and delete them' },
  news: { doors: [...CRUD, 'readVersions', 'restoreVersion'], why: 'news editors write drafts, publish and restore earlier versions' },
  'changelog-entries': { doors: [...CRUD, 'readVersions', 'restoreVersion'], why: 'news editors write drafts, publish and restore earlier versions' },
  'legal-pages': { doors: CRUD, why: 'admins edit the legal pages' },
  'game-versions': { doors: CRUD, why: 'tags: admins keep them' },
  loaders: { doors: CRUD, why: 'tags: admins keep them' },
  categories: { doors: CRUD, why: 'tags: admins keep them' },
  licenses: { doors: CRUD, why: 'tags: admins keep them' },
  'donation-platforms': { doors: CRUD, why: 'tags: admins keep them' },
  'report-types': { doors: CRUD, why: 'tags: admins keep them' },
  'access-tokens': { doors: CRUD, why: 'users make and revoke personal access tokens' },
  'email-outbox': { doors: [...READ, 'delete'], why: 'staff read mail the site could not send; only the site writes it' },
  'session-details': { doors: READ, why: 'users see where they are signed in; only the site writes them' },
  'auth-identities': { doors: READ, why: 'users see their linked providers; only the site links them' },
  'oauth-apps': { doors: CRUD, why: 'developers register applications' },
  'oauth-authorizations': { doors: [...READ, 'delete'], why: 'users see and revoke the applications they allowed' },
  'oauth-codes': { doors: [], why: 'written and read by the OAuth server only' },
  'oauth-tokens': { doors: [...READ, 'delete'], why: 'users see and revoke applications’ tokens; only the OAuth server mints them' },
  teams: { doors: [...CRUD, 'custom:POST /:id/transfer-ownership'], why: 'teams are made with their project or organization (admins may repair one); ownership moves through one endpoint' },
  'team-members': { doors: CRUD, why: 'members invite, edit and remove members' },
  follows: { doors: [...READ, 'create', 'delete'], why: 'users follow and unfollow projects' },
  // Billing (src/plugins/billing): prices are data administrators keep; the records are written by the site only.
  'billing-products': { doors: CRUD, why: 'administrators keep the products; everyone reads them (pricing pages)' },
  'billing-prices': { doors: CRUD, why: 'administrators keep the prices per currency and interval; everyone reads them' },
  'billing-customers': { doors: READ, why: 'staff see a user’s customer id at the provider; only the site writes it' },
  'payment-methods': { doors: READ, why: 'users see their cards (added and removed through /settings/billing); only the site writes them' },
  subscriptions: { doors: READ, why: 'users see their subscriptions, staff everyone’s; changes go through the billing actions' },
  charges: { doors: READ, why: 'users see their charges, staff everyone’s; only payments, webhooks and staff acts write them' },
  'billing-events': { doors: READ, why: 'staff see the webhook events applied; only the webhook writes them' },
  'billing-staff-acts': { doors: READ, why: 'staff see who refunded, cancelled or credited what; written with the act' },
  // Revenue (src/plugins/revenue): staff keep the pool; withdrawals are written by the site only.
  'revenue-pools': { doors: CRUD, why: 'staff enter the income creators share, per day or month' },
  withdrawals: { doors: READ, why: 'users see their withdrawals, staff everyone’s; only withdrawing and the rail’s webhook write them' },
  'revenue-staff-acts': { doors: READ, why: 'staff see who held or released a balance and why; written with the act' },
  'revenue-tax-forms': { doors: READ, why: 'users see the tax form they gave, staff everyone’s; only a withdrawal that needs one writes it' },
  // Hosting (src/plugins/hosting): administrators keep regions and nodes; servers are written by the site only.
  'hosting-regions': { doors: CRUD, why: 'administrators keep the regions; everyone reads them (the purchase steps)' },
  'hosting-nodes': { doors: CRUD, why: 'administrators register the nodes that run servers; staff read them' },
  servers: { doors: READ, why: 'owners see their servers, staff everyone’s; purchases, the reconciler and the server page’s actions write them' },
  'server-acts': { doors: READ, why: 'owners see the acts on their servers (the info page), staff every one; written with the act' },
  'server-notices': { doors: CRUD, why: 'staff publish notices to servers in /admin; signed-in users read those running now' },
  'server-notice-dismissals': { doors: READ, why: 'owners see what they dismissed; only the dismiss action writes them' },
  'server-backups': { doors: READ, why: 'owners see their servers’ backups (the backups page), staff every one; only the backup service writes them' },
  // Payload's own collections.
  'payload-jobs': { doors: [...READ, 'custom:GET /run', 'custom:GET /handle-schedules'], why: 'editors see scheduled publications; administrators may run due jobs over HTTP' },
  'payload-preferences': { doors: ['custom:GET /:key', 'custom:POST /:key', 'custom:DELETE /:key'], why: 'the admin panel keeps each user’s own preferences by key' },
  'payload-kv': { doors: [], why: 'the site’s key-value store' },
  'payload-migrations': { doors: [], why: 'the schema’s history' },
  'payload-locked-documents': { doors: [], why: 'document locks are off' },
}

/** Globals: what users may reach. */
export const OFFERED_GLOBALS: Record<string, Offered> = {
  'payload-jobs-stats': { doors: [], why: 'the job schedule’s bookkeeping, written by the runner' },
}

/** Endpoints outside any collection. */
export const OFFERED_ROOT: readonly string[] = ['GET /access', 'POST /billing/webhook', 'POST /revenue/webhook/:rail']

export function offers(slug: string, door: Door | `custom:${string}`, table: Record<string, Offered> = OFFERED_COLLECTIONS): boolean {
  return table[slug]?.doors.includes(door) ?? false
}

/** Payload's built-in REST routes of a collection, by method and path, and the door each opens. */
const COLLECTION_ROUTES: Record<string, Door> = {
  'GET /count': 'count',
  'POST /': 'create',
  'DELETE /': 'delete',
  'DELETE /:id': 'delete',
  'POST /access/:id?': 'docAccess',
  'GET /versions': 'readVersions',
  'POST /:id/duplicate': 'duplicate',
  'GET /': 'read',
  'GET /:id': 'read',
  'GET /versions/:id': 'readVersions',
  'POST /versions/:id': 'restoreVersion',
  'PATCH /': 'update',
  'PATCH /:id': 'update',
  'GET /file/:filename': 'file',
  'GET /paste-url/:id?': 'pasteUrl',
  'POST /forgot-password': 'forgotPassword',
  'GET /init': 'init',
  'POST /login': 'login',
  'POST /logout': 'logout',
  'GET /me': 'me',
  'POST /refresh-token': 'refresh',
  'POST /first-register': 'firstRegister',
  'POST /reset-password': 'resetPassword',
  'POST /unlock': 'unlock',
  'POST /verify/:id': 'verifyEmail',
}

const GLOBAL_ROUTES: Record<string, Door> = {
  'POST /access': 'docAccess',
  'GET /': 'read',
  'GET /versions/:id': 'readVersions',
  'GET /versions': 'readVersions',
  'POST /versions/:id': 'restoreVersion',
  'POST /': 'update',
}

export type Route = { method: string; path: string; custom?: Record<string, unknown> }
export const routeKey = (r: Route) => `${r.method.toUpperCase()} ${r.path}`

/** Marks an endpoint as the site's own (src/plugins/doors tags them before Payload adds its built-ins). */
export const OWN_ENDPOINT = 'ownEndpoint'

/**
 * The door a route of a collection (or global) opens: Payload's built-ins by method and path, every
 * other endpoint (ours, a plugin's, the ones Payload adds to its own collections) as `custom:…`.
 */
export function doorOfRoute(route: Route, kind: 'collection' | 'global' = 'collection'): Door | `custom:${string}` {
  const key = routeKey(route)
  const builtIn = (kind === 'global' ? GLOBAL_ROUTES : COLLECTION_ROUTES)[key]
  return builtIn && !route.custom?.[OWN_ENDPOINT] ? builtIn : `custom:${key}`
}

/** The operation name Payload gives a collection hook (`beforeOperation`) and the door it is. */
export function doorOfOperation(operation: string, args: { duplicateFromID?: unknown }): Door | null {
  switch (operation) {
    case 'create':
      return args.duplicateFromID ? 'duplicate' : 'create'
    case 'read':
    case 'readDistinct':
      return 'read'
    case 'count':
    case 'countVersions':
      return operation === 'count' ? 'count' : 'readVersions'
    case 'update':
    case 'delete':
    case 'restoreVersion':
    case 'login':
    case 'refresh':
    case 'forgotPassword':
    case 'resetPassword':
    case 'unlock':
      return operation
    default:
      return null
  }
}
