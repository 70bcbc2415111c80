'use server'

import { getTranslations } from 'next-intl/server'

import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type RevokeState = { done?: string; form?: string }

/** Revokes an application: the tokens it holds for this user stop working at once. */
export async function revokeApp(appId: string, _prev: RevokeState): Promise<RevokeState> {
  const [t, viewer] = await Promise.all([getTranslations('Authorizations'), currentViewer()])
  if (!viewer.user) return { form: t('signIn') }
  const result = await viewer.payload.delete({ collection: 'oauth-authorizations', where: { and: [{ user: { equals: viewer.user.id } }, { app: { equals: appId } }] }, depth: 0, ...as(viewer) })
  if (result.docs.length === 0) return { form: t('notFound') }
  refreshAfterWrite({ settings: 'authorizations' })
  return { done: t('revoked') }
}
