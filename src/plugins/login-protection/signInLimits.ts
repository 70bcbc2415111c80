import { createHmac } from 'node:crypto'
import { AuthenticationError, type CollectionAfterOperationHook, type CollectionBeforeLoginHook, type CollectionBeforeOperationHook, type Payload } from 'payload'

import { dummyPasswordHash, loginIdentifier } from '../../lib/auth/equalTimeLogin'
import type { LimitName } from '../../lib/ratelimit/limits'
import { forgive, isRemembered, remember, tally, type Tally } from '../../lib/ratelimit/store'
import { addressOf, refuse } from './refuse'

/**
 * Sign-in limits without lockout (issue 10; issue 27 M1). Every attempt is counted as a failure up
 * front (so attempts arriving together cannot slip past a limit) and a right password gives its units
 * back. A refused attempt gives back what it counted: it uses up nothing, so refusals cannot be
 * stacked to keep anyone out for longer.
 *
 * - per address (any account): failures only, so a school or a LAN party behind one address signs in;
 * - per account and address: a success clears them;
 * - per account (all addresses): once used up, it refuses only addresses that have failed for the
 *   account in the last ten minutes and never signed in to it. The owner signing in from an address
 *   they used before (remembered 90 days, as a keyed hash) or from any address without failures for
 *   the account is never refused; a guesser spread over many addresses gets one guess per address per
 *   ten minutes instead of ten.
 */

const COUNTED = 'signInCounted'
type Counted = { address: string | null; account: string | null; pair: string | null }

/*
 * Credits (a right password) and marks (a known address) are written after the sign-in's transaction
 * has begun, so they are not awaited there (each would wait for a second pool connection). The next
 * sign-in in this process waits for them first, before its own transaction, so counts are settled.
 */
const inFlight = new Set<Promise<unknown>>()
function later(work: Promise<unknown>): void {
  const settled = work.catch(() => undefined).finally(() => inFlight.delete(settled))
  inFlight.add(settled)
}
/** Resolves once the credits and marks of earlier sign-ins in this process are written. */
export const signInBookkeepingSettled = () => Promise.all([...inFlight]).then(() => undefined)

const knownKey = (payload: Payload, account: string, address: string) =>
  createHmac('sha256', payload.secret).update(`login-known\u0000${account}\u0000${address}`).digest('base64url')

/** Why an attempt is refused, in seconds to wait; null when it may go ahead. */
async function refusal(payload: Payload, counted: Counted, fromAddress: Tally | null, pair: Tally | null, whole: Tally | null): Promise<number | null> {
  if (fromAddress?.over) return fromAddress.retryAfterSeconds
  if (pair?.over) return pair.retryAfterSeconds
  if (!whole?.over) return null
  // The account is being guessed at from many addresses. An address with no earlier failure for it
  // (this attempt is its first) goes ahead, and so does one its owner signed in from before.
  if (counted.address && counted.account) {
    if (pair && pair.consumed <= 1) return null
    if (await isRemembered(payload, 'loginKnownAddress', knownKey(payload, counted.account, counted.address))) return null
  }
  return Math.min(whole.retryAfterSeconds, pair?.retryAfterSeconds ?? Infinity)
}

/**
 * Before every sign-in (REST, GraphQL, admin, the site's form, Local API): the limits above, then, for
 * an account that does not exist, a dummy password hash and the same error a wrong password gets.
 * Payload itself says "username or password" for an unknown username but "email or password" for a
 * wrong password, which tells the two apart.
 */
export const limitSignIn: CollectionBeforeOperationHook = async ({ args, operation, req, collection }) => {
  if (operation !== 'login') return args
  await signInBookkeepingSettled()
  const data = (args as { data?: unknown }).data
  const identifier = loginIdentifier(data)
  const address = addressOf(req.headers)
  const user = identifier
    ? await req.payload.db.findOne({
        collection: collection.slug,
        req,
        where: { or: [{ username: { equals: identifier } }, { email: { equals: identifier } }] },
      })
    : null
  // Keyed by the account, not by what was typed: its username and its email share one count. An
  // unknown name is counted like an account, so the limits answer alike for both.
  const account = user ? `user:${user.id}` : identifier ? `name:${identifier}` : null
  const counted: Counted = { address, account, pair: account && address ? `${account}|${address}` : null }

  const taken: [LimitName, string][] = []
  const take = async (name: LimitName, key: string | null) => {
    if (!key) return null
    taken.push([name, key])
    return tally(req.payload, name, key)
  }
  const [fromAddress, pair, whole] = await Promise.all([take('loginAddress', counted.address), take('loginAccountAddress', counted.pair), take('loginAccount', counted.account)])
  const wait = await refusal(req.payload, counted, fromAddress, pair, whole)
  if (wait !== null) {
    await Promise.all(taken.map(([name, key]) => forgive(req.payload, name, key)))
    refuse(req, wait)
  }
  req.context[COUNTED] = counted

  if (identifier && !user) {
    await dummyPasswordHash((data as { password?: unknown }).password)
    throw new AuthenticationError(req.t)
  }
  return args
}

/**
 * Runs once the password was found right (before the second-factor check, so it must come first):
 * the attempt was no failure. Gives back the address's and the account's unit and clears this
 * address's failures for the account.
 */
export const creditRightPassword: CollectionBeforeLoginHook = ({ req, user }) => {
  const counted = req.context[COUNTED] as Counted | undefined
  if (!counted) return user
  delete req.context[COUNTED]
  const { payload } = req
  later(
    Promise.all([
      counted.address ? forgive(payload, 'loginAddress', counted.address) : null,
      counted.pair ? forgive(payload, 'loginAccountAddress', counted.pair, true) : null,
      counted.account ? forgive(payload, 'loginAccount', counted.account) : null,
    ]),
  )
  req.context[`${COUNTED}:known`] = counted.account && counted.address ? knownKey(payload, counted.account, counted.address) : undefined
  return user
}

/** A sign-in that went through (second factor included) makes its address a known one for the account. */
export const rememberAddress: CollectionAfterOperationHook = ({ operation, req, result }) => {
  if (operation !== 'login' || !result) return result
  const key = req.context[`${COUNTED}:known`]
  if (typeof key === 'string') later(remember(req.payload, 'loginKnownAddress', key))
  return result
}
