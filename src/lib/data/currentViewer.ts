import config from '@payload-config'
import { getPayload } from 'payload'
import { cache } from 'react'

import { currentUser } from '../auth/guard'
import { viewerFor, type AuthUser, type Viewer } from './viewer'

/**
 * Who is looking: the visitor of this request (anonymous when not signed in), for pages, layouts and
 * server actions — the session cookie only, as `currentUser` reads it (a token is a signed-out
 * visitor here). Once per request (React's `cache`): the header, the banners and the page all ask.
 * Outside a request (a build step reading a page) it is the anonymous visitor.
 */
export const currentViewer = cache(async (): Promise<Viewer> => {
  const payload = await getPayload({ config })
  let user: AuthUser | null = null
  try {
    user = await currentUser()
  } catch {
    user = null
  }
  return viewerFor(payload, user)
})
