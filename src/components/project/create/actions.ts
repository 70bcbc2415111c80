'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { organizationIdsWith } from '@/access/core/memberships'
import { OrganizationPermissions as O } from '@/access/core/permissions'
import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { parseNewProject } from '@/lib/projectSettings/create'
import { typedValues } from '@/lib/projectSettings/forms'

import type { SettingsFormState } from '../settings/actions'

/** Organizations the signed-in user may add projects to (ADD_PROJECT), for the owner choice. */
export async function creatableOwners(): Promise<{ id: string; name: string }[]> {
  const viewer = await currentViewer()
  if (!viewer.user) return []
  const ids = await organizationIdsWith(viewer.req, O.ADD_PROJECT)
  if (ids.length === 0) return []
  const { docs } = await viewer.payload.find({ collection: 'organizations', where: { id: { in: ids } }, pagination: false, depth: 0, select: { name: true }, ...as(viewer) })
  return docs.map((o) => ({ id: o.id, name: o.name }))
}

/**
 * Creates a draft as the signed-in user (their team is made with it, or it joins the organization
 * chosen — the write rules check ADD_PROJECT there) and opens its page, where the checklist says
 * what comes next. The visibility chosen is what approval will give it.
 */
export async function createProjectAction(_prev: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const t = await getTranslations('ProjectSettings')
  const values = typedValues(form)
  const viewer = await currentViewer()
  if (!viewer.user) return { form: t('errors.signIn'), values }
  const parsed = parseNewProject(form)
  const message = (key: string) => (t.has(`errors.${key}` as never) ? t(`errors.${key}` as never) : key)
  if (!parsed.ok) return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, message(v)])), values }
  const { visibility, organization, ...rest } = parsed.data
  let created
  try {
    created = await viewer.payload.create({ collection: 'projects', data: { ...rest, requestedStatus: visibility, ...(organization ? { organization } : {}) }, depth: 0, ...as(viewer) })
  } catch (error) {
    if (error instanceof ValidationError) return { fields: Object.fromEntries((error.data?.errors ?? []).map((e) => [e.path, e.message])), values }
    if (error instanceof APIError && error.isPublic) return { form: error.message, values }
    return { form: t('errors.saveFailed'), values }
  }
  redirect(`/${created.projectType}/${encodeURIComponent(created.slug)}`)
}
