'use server'

import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'

import { SIGN_IN_HREF } from '@/components/site/links'
import { getPageViewer } from '@/lib/data/page-project'
import { getProjectByIdOrSlug } from '@/lib/data/projects'
import { as } from '@/lib/data/viewer'

/**
 * Follows or unfollows a project for the signed-in user (a `follows` document, written through
 * access control as that user). Anonymous visitors go to sign-in and come back to the page.
 */
export async function toggleFollow(formData: FormData): Promise<void> {
  const projectId = String(formData.get('project') ?? '')
  const back = String(formData.get('back') ?? '/')
  const safeBack = back.startsWith('/') && !back.startsWith('//') ? back : '/'
  const viewer = await getPageViewer()
  if (!viewer.user) redirect(`${SIGN_IN_HREF}?redirect=${encodeURIComponent(safeBack)}`)
  const project = await getProjectByIdOrSlug(viewer, projectId)
  if (!project) redirect(safeBack)
  const { docs } = await viewer.payload.find({
    collection: 'follows',
    where: { and: [{ user: { equals: viewer.user.id } }, { project: { equals: project.id } }] },
    limit: 1,
    depth: 0,
    ...as(viewer),
  })
  if (docs[0]) await viewer.payload.delete({ collection: 'follows', id: docs[0].id, ...as(viewer) })
  else await viewer.payload.create({ collection: 'follows', data: { user: viewer.user.id, project: project.id }, ...as(viewer) })
  revalidatePath(safeBack)
  redirect(safeBack)
}
