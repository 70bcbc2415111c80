'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { SIGN_IN_HREF } from '@/components/site/links'
import { currentViewer } from '@/lib/data/currentViewer'
import { safeRedirectPath } from '@/lib/http/safeRedirect'
import { getProjectByIdOrSlug } from '@/lib/data/projects'
import { as } from '@/lib/data/viewer'
import type { HandledError } from '@/lib/toasts'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

type FollowOutcome = { kind: 'signIn' } | { kind: 'notFound' } | { kind: 'done'; following: boolean }

/** Only site-relative paths go back into a redirect (no open redirects): see safeRedirectPath. */
const safePath = (back: unknown) => safeRedirectPath(back)
const signInHref = (back: string) => `${SIGN_IN_HREF}?redirect=${encodeURIComponent(back)}`

/**
 * Follows or unfollows a project for the signed-in user (a `follows` document, written through
 * access control as that user).
 */
async function toggle(projectId: unknown): Promise<FollowOutcome> {
  const viewer = await currentViewer()
  if (!viewer.user) return { kind: 'signIn' }
  const project = typeof projectId === 'string' && projectId ? await getProjectByIdOrSlug(viewer, projectId) : null
  if (!project) return { kind: 'notFound' }
  const { docs } = await viewer.payload.find({
    collection: 'follows',
    where: { and: [{ user: { equals: viewer.user.id } }, { project: { equals: project.id } }] },
    limit: 1,
    depth: 0,
    ...as(viewer),
  })
  if (docs[0]) await viewer.payload.delete({ collection: 'follows', id: docs[0].id, ...as(viewer) })
  else await viewer.payload.create({ collection: 'follows', data: { user: viewer.user.id, project: project.id }, ...as(viewer) })
  return { kind: 'done', following: !docs[0] }
}

/**
 * The follow form posted without JavaScript: toggles, then back to the page. Anonymous visitors go
 * to sign-in and come back to the page.
 */
export async function toggleFollow(formData: FormData): Promise<void> {
  const back = safePath(formData.get('back'))
  const outcome = await toggle(formData.get('project'))
  if (outcome.kind === 'signIn') redirect(signInHref(back))
  if (outcome.kind === 'done') refreshAfterWrite({ page: back })
  redirect(back)
}

export type FollowResult = { ok: true; following: boolean } | { ok: false; signIn: string } | { ok: false; error: HandledError }

/**
 * The same toggle called from the page's script: answers with data instead of redirecting, so a
 * failure can be shown as a toast (spec §8) while the visitor stays on the page. The page itself
 * refreshes through the revalidation.
 */
export async function followProject(projectId: string, back: string): Promise<FollowResult> {
  const path = safePath(back)
  const outcome = await toggle(projectId)
  if (outcome.kind === 'signIn') return { ok: false, signIn: signInHref(path) }
  if (outcome.kind === 'notFound') {
    const t = await getTranslations('Feedback')
    return { ok: false, error: { statusCode: 404, message: t('projectGone') } }
  }
  refreshAfterWrite({ page: path })
  return { ok: true, following: outcome.following }
}
