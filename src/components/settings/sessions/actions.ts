'use server'

import config from '@payload-config'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'
import { z } from 'zod'

import { currentUser } from '@/lib/auth/guard'
import { revokeSession } from '@/lib/auth/sessions'

/**
 * Ends one of the signed-in user's sessions (never someone else's: revokeSession looks only in this
 * account) and comes back to the list with the outcome.
 */
export async function revokeSessionAction(form: FormData): Promise<void> {
  const user = await currentUser()
  if (!user) redirect('/auth/sign-in?redirect=%2Fsettings%2Fsessions')
  const sid = z.string().min(1).max(64).safeParse(form.get('session'))
  const revoked = sid.success && (await revokeSession(await getPayload({ config }), user.id, sid.data))
  redirect(`/settings/sessions?${revoked ? 'revoked=1' : 'missing=1'}`)
}
