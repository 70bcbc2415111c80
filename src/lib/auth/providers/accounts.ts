import { randomBytes } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import { issueSession } from '../issueSession'
import { twoFactorEnabled } from '../twoFactor'
import { usernameFrom, type ExternalProfile, type ProviderId } from './catalogue'

export type ProviderSignIn =
  | { kind: 'signedIn'; token: string; userId: string; created: boolean }
  /** An account here already uses that email: its owner signs in with the password and links the provider. */
  | { kind: 'emailTaken' }
  /** The account has two-factor on: a provider sign-in would skip it. */
  | { kind: 'twoFactor' }

const identityOf = async (payload: Payload, provider: ProviderId, subject: string, req?: PayloadRequest) =>
  (await payload.find({ collection: 'auth-identities', where: { and: [{ provider: { equals: provider } }, { subject: { equals: subject } }] }, limit: 1, depth: 0, overrideAccess: true, req })).docs[0] ?? null

async function freeUsername(payload: Payload, wanted: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? wanted : `${wanted.slice(0, 32)}-${randomBytes(2).toString('hex')}`
    // Usernames are stored lower-case.
    const taken = await payload.count({ collection: 'users', where: { username: { equals: candidate.toLowerCase() } }, overrideAccess: true })
    if (taken.totalDocs === 0) return candidate
  }
  return `user-${randomBytes(4).toString('hex')}`
}

/**
 * Signing in with a provider: a linked account signs in; an unknown one gets a new account here —
 * unless an account already has that email. Then nothing is linked, whether the provider verified the
 * address or not: linking happens only from account settings, by the signed-in owner.
 */
export async function signInWithProvider(payload: Payload, provider: ProviderId, profile: ExternalProfile, req: PayloadRequest): Promise<ProviderSignIn> {
  const linked = await identityOf(payload, provider, profile.subject)
  if (linked) {
    const userId = typeof linked.user === 'string' ? linked.user : linked.user.id
    if (await twoFactorEnabled(payload, userId)) return { kind: 'twoFactor' }
    return { kind: 'signedIn', token: await issueSession(payload, userId, req), userId, created: false }
  }
  if (profile.email) {
    const sameEmail = await payload.count({ collection: 'users', where: { email: { equals: profile.email.toLowerCase() } }, overrideAccess: true })
    if (sameEmail.totalDocs > 0) return { kind: 'emailTaken' }
  }
  const user = await payload.create({
    collection: 'users',
    data: {
      username: await freeUsername(payload, usernameFrom(profile)),
      // An address the provider did not verify is kept as unverified: the banner asks to verify it.
      email: profile.email?.toLowerCase() ?? null,
      // No password yet (a random one nobody knows): "Forgot password" sets one.
      password: randomBytes(32).toString('base64url'),
      emailVerified: !!profile.email && profile.emailVerified,
    } as never,
    overrideAccess: true,
    depth: 0,
  })
  await payload.create({ collection: 'auth-identities', data: { provider, subject: profile.subject, user: user.id, email: profile.email }, overrideAccess: true, depth: 0 })
  return { kind: 'signedIn', token: await issueSession(payload, user.id, req), userId: user.id, created: true }
}

export type LinkResult = 'linked' | 'alreadyLinked' | 'linkedElsewhere'

/** Links a provider account to the signed-in user; one provider account never serves two users. */
export async function linkProvider(payload: Payload, userId: string, provider: ProviderId, profile: ExternalProfile): Promise<LinkResult> {
  const existing = await identityOf(payload, provider, profile.subject)
  if (existing) return (typeof existing.user === 'string' ? existing.user : existing.user.id) === userId ? 'alreadyLinked' : 'linkedElsewhere'
  await payload.create({ collection: 'auth-identities', data: { provider, subject: profile.subject, user: userId, email: profile.email }, overrideAccess: true, depth: 0 })
  return 'linked'
}

/** Unlinks; false when the user had no such link. */
export async function unlinkProvider(payload: Payload, userId: string, provider: ProviderId): Promise<boolean> {
  const result = await payload.delete({ collection: 'auth-identities', where: { and: [{ user: { equals: userId } }, { provider: { equals: provider } }] }, overrideAccess: true })
  return result.docs.length > 0
}

/** The user's linked providers, with the address each knows them by. */
export async function linkedProviders(payload: Payload, userId: string): Promise<{ provider: ProviderId; email: string | null }[]> {
  const { docs } = await payload.find({ collection: 'auth-identities', where: { user: { equals: userId } }, limit: 20, depth: 0, overrideAccess: true })
  return docs.map((d) => ({ provider: d.provider as ProviderId, email: d.email ?? null }))
}
