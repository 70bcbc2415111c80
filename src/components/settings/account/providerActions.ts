'use server'

import { redirect } from 'next/navigation'

import { isProviderId } from '@/lib/auth/providers/catalogue'
import { unlinkProvider } from '@/lib/auth/providers/accounts'
import { currentViewer } from '@/lib/data/currentViewer'

/** Unlinks one of the signed-in user's providers (only theirs: the lookup is by their id). */
export async function unlinkProviderAction(form: FormData): Promise<void> {
  const viewer = await currentViewer()
  if (!viewer.user) redirect('/auth/sign-in?redirect=%2Fsettings%2Faccount')
  const provider = String(form.get('provider') ?? '')
  const done = isProviderId(provider) && (await unlinkProvider(viewer.payload, viewer.user.id, provider))
  redirect(done ? `/settings/account?unlinked=${provider}` : '/settings/account?provider=failed')
}
