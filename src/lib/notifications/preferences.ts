import type { Payload } from 'payload'
import { z } from 'zod'

import { as, type Viewer } from '../data/viewer'
import { readUnsubscribeToken } from '../email/unsubscribe'
import { EMAIL_KINDS, resolvedPreferences, type EmailKind } from './kinds'

/** The settings form's input: one boolean per kind, nothing else. */
export const emailPreferencesInput = z.object(Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<EmailKind, z.ZodBoolean>).strict()

/** The viewer's switches, each resolved to its default when never set. */
export async function emailPreferencesOf(viewer: Viewer): Promise<Record<EmailKind, boolean>> {
  if (!viewer.user) return resolvedPreferences(null)
  const me = await viewer.payload.findByID({ collection: 'users', id: viewer.user.id, depth: 0, select: { emailNotifications: true }, ...as(viewer) })
  return resolvedPreferences(me.emailNotifications)
}

/** Saves the viewer's own switches, as the viewer (the field's rule: only the account's owner). */
export async function saveEmailPreferences(viewer: Viewer, input: unknown): Promise<boolean> {
  const parsed = emailPreferencesInput.safeParse(input)
  if (!viewer.user || !parsed.success) return false
  await viewer.payload.update({ collection: 'users', id: viewer.user.id, data: { emailNotifications: parsed.data }, depth: 0, ...as(viewer) })
  return true
}

/**
 * Follows an unsubscribe link: turns that kind off for the user the signed token names (no sign-in:
 * the signature is the proof, so this is a system write of that one switch). Null for a bad token or
 * a deleted account.
 */
export async function unsubscribe(payload: Payload, token: unknown): Promise<{ kind: EmailKind } | null> {
  const target = readUnsubscribeToken(payload.secret, token)
  if (!target) return null
  const user = await payload.findByID({ collection: 'users', id: target.userId, depth: 0, overrideAccess: true, disableErrors: true, select: { id: true } })
  if (!user) return null
  await payload.update({ collection: 'users', id: target.userId, data: { emailNotifications: { [target.kind]: false } }, depth: 0, overrideAccess: true })
  return { kind: target.kind }
}
