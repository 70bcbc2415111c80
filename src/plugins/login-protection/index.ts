import { APIError, AuthenticationError, type CollectionAfterOperationHook, type CollectionBeforeOperationHook, type Plugin } from 'payload'

import { dummyPasswordHash, loginIdentifier } from '../../lib/auth/equalTimeLogin'
import { clientAddress } from '../../lib/http/clientAddress'
import { consume, forgive } from '../../lib/ratelimit/store'

/** 429 in Payload's error shape; `Retry-After` rides on `req.responseHeaders`, which REST and GraphQL merge into errors. */
export class TooManyRequests extends APIError {
  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 429, undefined, true)
  }
}

export function refuse(req: { responseHeaders?: Headers }, retryAfterSeconds: number): never {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.set('Retry-After', String(retryAfterSeconds))
  throw new TooManyRequests(retryAfterSeconds)
}

/** Requests from outside (REST, GraphQL, admin) carry an address; Local API calls by our own code do not. */
const addressOf = (headers: Headers | undefined) => {
  const address = headers ? clientAddress(headers) : 'unknown'
  return address === 'unknown' ? null : address
}

/**
 * Before every sign-in (REST, GraphQL, admin, Local API): the per-address and per-account rate limits,
 * then, for an account that does not exist, a dummy password hash and the same error a wrong password
 * gets. Payload itself says "username or password" for an unknown username but "email or password" for
 * a wrong password, which tells the two apart.
 */
const beforeLogin: CollectionBeforeOperationHook = async ({ args, operation, req, collection }) => {
  if (operation !== 'login') return args
  const data = (args as { data?: unknown }).data
  const account = loginIdentifier(data)
  const address = addressOf(req.headers)
  const checks: Parameters<typeof consume>[1] = []
  if (address) checks.push(['loginAddress', address])
  if (account) {
    checks.push(['loginAccount', account])
    if (address) checks.push(['loginAccountAddress', `${account}|${address}`])
  }
  const refusal = await consume(req.payload, checks)
  if (refusal) refuse(req, refusal.retryAfterSeconds)

  if (account) {
    const user = await req.payload.db.findOne({
      collection: collection.slug,
      req,
      where: { or: [{ username: { equals: account } }, { email: { equals: account } }] },
    })
    if (!user) {
      await dummyPasswordHash((data as { password?: unknown }).password)
      throw new AuthenticationError(req.t)
    }
  }
  return args
}

/** A successful sign-in was no failure: it clears this address's count for the account and gives one back overall. */
const afterLogin: CollectionAfterOperationHook = async ({ args, operation, req, result }) => {
  if (operation !== 'login' || !result) return result
  const account = loginIdentifier((args as { data?: unknown }).data)
  const address = addressOf(req.headers)
  // Not awaited: this runs inside the sign-in's transaction, which holds a pool connection; waiting here
  // for another one deadlocks a small pool. Forgiving a little later is harmless.
  if (account) {
    void forgive(req.payload, 'loginAccount', account)
    if (address) void forgive(req.payload, 'loginAccountAddress', `${account}|${address}`, true)
  }
  return result
}

/**
 * Rate limits instead of lockout for sign-in on an auth collection (issue 10): `maxLoginAttempts`
 * locked any account after ten bad passwords from anyone. Added as a plugin so the hooks reach the
 * collection without editing its file; limits in src/lib/ratelimit.
 */
export const loginProtectionPlugin =
  (slugs: string[] = ['users']): Plugin =>
  (config) => ({
    ...config,
    collections: (config.collections ?? []).map((c) =>
      slugs.includes(c.slug)
        ? { ...c, hooks: { ...c.hooks, beforeOperation: [...(c.hooks?.beforeOperation ?? []), beforeLogin], afterOperation: [...(c.hooks?.afterOperation ?? []), afterLogin] } }
        : c,
    ),
  })
