import config from '@payload-config'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'
import { cache } from 'react'

import type { AuthUser } from '../data/viewer'
import { PATHNAME_HEADER } from '../errors'
import { userOf } from './request'
import { SEARCH_HEADER, signInPathFor } from './signInPath'

/**
 * The signed-in user of this request, or null (server components and actions): the session cookie
 * only — a token in `Authorization` is a signed-out visitor here (`userOf`). Once per request: the
 * header, the banners and the page all ask.
 */
export const currentUser = cache(async (): Promise<AuthUser | null> => {
  const payload = await getPayload({ config })
  return userOf(payload, await headers())
})

/**
 * For (auth) pages (spec §2): the signed-in user, or a redirect of a signed-out visitor to
 * `/auth/sign-in?redirect=<this page>`, which brings them back after signing in. `path` overrides
 * the page's own path (from src/proxy.ts's headers) when a page wants to come back elsewhere.
 */
export async function requireUser(path?: string): Promise<AuthUser> {
  const user = await currentUser()
  if (user) return user
  const h = await headers()
  const here = path ?? `${h.get(PATHNAME_HEADER) ?? '/'}${h.get(SEARCH_HEADER) ?? ''}`
  redirect(signInPathFor(here))
}
