/**
 * The hostile-write matrix: one write of a forbidden value, tried by every actor through REST and
 * through GraphQL. A refusal must leave the database (and the disk) as it was.
 */
import type { CollectionSlug, Payload } from 'payload'

import { comparable } from '../../src/access/core/writeRules'
import { api, gql, type ApiResponse } from './http'
import { sessionFor } from './v2'
import type { World } from './world'

export type HostileActor = 'anonymous' | 'stranger' | 'memberNoBits' | 'member' | 'owner' | 'moderator' | 'admin'
export const HOSTILE_ACTORS: HostileActor[] = ['anonymous', 'stranger', 'memberNoBits', 'member', 'owner', 'moderator', 'admin']
export type Transport = 'rest' | 'graphql'

export type AttackContext = { w: World; actor: HostileActor; userId: string | null }

export type Attack = {
  /** The row of the table (or the rule) this write tests. */
  name: string
  collection: CollectionSlug
  /** `update` a document made for the attempt, or `create` one. */
  op: 'update' | 'create'
  /** update: the document under attack (made fresh per attempt). */
  target?: (ctx: AttackContext) => Promise<string>
  /** The data written: the hostile value(s). */
  data: (ctx: AttackContext & { targetId?: string }) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** What a refusal must leave unchanged: read back after the attempt (default: the written fields of the target). */
  snapshot?: (ctx: AttackContext & { targetId?: string; data: Record<string, unknown> }) => Promise<unknown>
  /** Actors who may make this write (default: nobody). */
  allowed?: HostileActor[]
  /** Only through REST (e.g. uploads, which GraphQL cannot carry). */
  restOnly?: boolean
}

const PASCAL: Partial<Record<CollectionSlug, string>> = {
  projects: 'Project', versions: 'Version', 'version-files': 'VersionFile', images: 'Image', 'user-collections': 'UserCollection', users: 'User',
  teams: 'Team', 'team-members': 'TeamMember', organizations: 'Organization', follows: 'Follow', reports: 'Report', threads: 'Thread',
  'thread-messages': 'ThreadMessage', notifications: 'Notification', news: 'News', 'changelog-entries': 'ChangelogEntry', 'access-tokens': 'AccessToken', 'email-outbox': 'EmailOutbox',
  'session-details': 'SessionDetail',
  'auth-identities': 'AuthIdentity',
  'oauth-apps': 'OauthApp', 'oauth-authorizations': 'OauthAuthorization', 'oauth-codes': 'OauthCode', 'oauth-tokens': 'OauthToken',
  'file-findings': 'FileFinding', 'malicious-hashes': 'MaliciousHash',
  'billing-products': 'BillingProduct', 'billing-prices': 'BillingPrice', 'billing-customers': 'BillingCustomer', 'payment-methods': 'PaymentMethod',
  subscriptions: 'Subscription', charges: 'Charge', 'billing-events': 'BillingEvent', 'billing-staff-acts': 'BillingStaffAct',
  'revenue-pools': 'RevenuePoolEntry', withdrawals: 'Withdrawal', 'revenue-staff-acts': 'RevenueStaffAct', 'revenue-tax-forms': 'RevenueTaxForm',
  'hosting-regions': 'HostingRegion', 'hosting-nodes': 'HostingNode', servers: 'Server', 'server-acts': 'ServerAct', 'server-notices': 'ServerNotice', 'server-notice-dismissals': 'ServerNoticeDismissal', 'server-backups': 'ServerBackup',
}

const sessions = new Map<string, string>()
export async function authOf(w: World, actor: HostileActor): Promise<string | null> {
  if (actor === 'anonymous') return null
  const user = w.users[actor]
  if (!sessions.has(user.id)) sessions.set(user.id, await sessionFor(w.payload, user))
  return sessions.get(user.id)!
}

export type Outcome = { refused: boolean; status: number; message: string }

export async function attempt(w: World, attack: Attack, actor: HostileActor, via: Transport, targetId: string | undefined, data: Record<string, unknown>): Promise<Outcome> {
  const auth = await authOf(w, actor)
  const name = PASCAL[attack.collection]!
  if (via === 'rest') {
    const res: ApiResponse =
      attack.op === 'update'
        ? await api('PATCH', `/${attack.collection}/${targetId}`, { auth, body: data })
        : await api('POST', `/${attack.collection}`, { auth, body: data })
    const body = res.body as { errors?: { message: string }[] }
    return { refused: res.status >= 400, status: res.status, message: body?.errors?.[0]?.message ?? '' }
  }
  const query =
    attack.op === 'update'
      ? `mutation($id: String!, $data: mutation${name}UpdateInput!) { r: update${name}(id: $id, data: $data) { id } }`
      : `mutation($data: mutation${name}Input!) { r: create${name}(data: $data) { id } }`
  const res = await gql(query, attack.op === 'update' ? { id: targetId, data } : { data }, auth)
  const refused = !!res.errors?.length || !(res.data?.r as { id?: string } | null)?.id
  return { refused, status: res.status, message: res.errors?.[0]?.message ?? '' }
}

/** The stored values of `fields` of a document, compared the way the rules compare them. */
export async function storedFields(payload: Payload, collection: CollectionSlug, id: string, fields: string[]): Promise<unknown> {
  const doc = (await payload.findByID({ collection, id, depth: 0, overrideAccess: true, disableErrors: true })) as Record<string, unknown> | null
  if (!doc) return null
  return comparable(Object.fromEntries(fields.map((f) => [f, doc[f]])))
}

/**
 * The duplicate axis: a copy of `sourceId` carrying the hostile data (REST `POST /:id/duplicate`,
 * GraphQL `duplicateX`). Payload would merge the data over the source's stored values.
 */
export async function attemptDuplicate(w: World, collection: CollectionSlug, sourceId: string, actor: HostileActor, via: Transport, data: Record<string, unknown>): Promise<Outcome> {
  const auth = await authOf(w, actor)
  if (via === 'rest') {
    const res = await api('POST', `/${collection}/${sourceId}/duplicate`, { auth, body: data })
    const body = res.body as { errors?: { message: string }[] }
    return { refused: res.status >= 400, status: res.status, message: body?.errors?.[0]?.message ?? '' }
  }
  const name = PASCAL[collection]!
  const res = await gql(`mutation($id: String!, $data: mutation${name}Input!) { r: duplicate${name}(id: $id, data: $data) { id } }`, { id: sourceId, data }, auth)
  return { refused: !!res.errors?.length || !(res.data?.r as { id?: string } | null)?.id, status: res.status, message: res.errors?.[0]?.message ?? '' }
}

/** The restore axis: an earlier version of `id` (holding the hostile values) restored over it. */
export async function attemptRestore(w: World, collection: CollectionSlug, versionId: string, actor: HostileActor, via: Transport): Promise<Outcome> {
  const auth = await authOf(w, actor)
  if (via === 'rest') {
    const res = await api('POST', `/${collection}/versions/${versionId}`, { auth })
    const body = res.body as { errors?: { message: string }[] }
    return { refused: res.status >= 400, status: res.status, message: body?.errors?.[0]?.message ?? '' }
  }
  // Version rows have serial ids: GraphQL types them Int.
  const res = await gql(`mutation($id: Int!) { r: restoreVersion${PASCAL[collection]}(id: $id) { id } }`, { id: Number(versionId) }, auth)
  if (res.errors?.some((e) => /Variable|Cannot query/.test(e.message))) throw new Error(`The restore mutation is malformed: ${res.errors[0].message}`)
  return { refused: !!res.errors?.length || !(res.data?.r as { id?: string } | null)?.id, status: res.status, message: res.errors?.[0]?.message ?? '' }
}
