'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'
import { z } from 'zod'

import { currentViewer } from '@/lib/data/currentViewer'
import { deleteConfirmed, organizationBitsFrom, parseOrganizationInput, projectBitsFrom } from '@/lib/organizations/rules'
import {
  addProjectToOrganization,
  answerOrganizationInvitation,
  createOrganization,
  deleteOrganization,
  findOrganization,
  inviteToOrganization,
  removeOrganizationMember,
  removeProjectFromOrganization,
  setOrganizationIcon,
  transferOrganization,
  updateOrganization,
  updateOrganizationMember,
} from '@/lib/organizations/service'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type OrgFormState = { done?: string; form?: string; fields?: Record<string, string>; values?: Record<string, string> }

/** The server's own reason when it gave one (field errors, refusals), else the fallback. */
function reason(error: unknown, fallback: string): string {
  if (error instanceof ValidationError) return error.data?.errors?.[0]?.message ?? error.message
  if (error instanceof APIError && error.isPublic) return error.message
  return fallback
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')
const pathOf = (slug: string) => `/organization/${encodeURIComponent(slug)}`

async function parsed(form: FormData) {
  const t = await getTranslations('Organizations')
  const values = { name: text(form, 'name'), slug: text(form, 'slug'), summary: text(form, 'summary') }
  const result = parseOrganizationInput(values)
  if (!result.ok) return { t, values, fields: Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, t(`errors.${v}` as never)])) }
  return { t, values, data: result.data }
}

function fieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ValidationError)) return null
  return Object.fromEntries((error.data?.errors ?? []).map((e) => [e.path === 'description' ? 'summary' : e.path, e.message]))
}

/** /dashboard/organizations: creates one and opens its settings. */
export async function createOrganizationAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const { t, values, fields, data } = await parsed(form)
  if (!data) return { fields, values }
  let slug: string
  try {
    slug = (await createOrganization(await currentViewer(), data)).slug
  } catch (error) {
    const f = fieldErrors(error)
    return f && Object.keys(f).length ? { fields: f, values } : { form: reason(error, t('errors.failed')), values }
  }
  refreshAfterWrite('myOrganizations')
  redirect(`${pathOf(slug)}/settings`)
}

/** Name, URL, summary (EDIT_DETAILS). A new slug moves the page. */
export async function saveOrganizationAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const { t, values, fields, data } = await parsed(form)
  if (!data) return { fields, values }
  const key = text(form, 'organization')
  let slug: string
  try {
    slug = (await updateOrganization(await currentViewer(), key, data)).slug
  } catch (error) {
    const f = fieldErrors(error)
    return f && Object.keys(f).length ? { fields: f, values } : { form: reason(error, t('errors.failed')), values }
  }
  refreshAfterWrite({ organization: slug })
  // The page's own address changed with the slug.
  if (slug !== text(form, 'currentSlug')) redirect(`${pathOf(slug)}/settings?saved=1`)
  return { done: t('saved') }
}

export async function uploadOrganizationIconAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const file = form.get('icon')
  if (!(file instanceof File) || file.size === 0) return { form: t('errors.noFile') }
  try {
    const org = await setOrganizationIcon(await currentViewer(), text(form, 'organization'), { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size })
    refreshAfterWrite({ organization: org.slug })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  return { done: t('icon.saved') }
}

/** Deletes after the name was typed out; its projects go back to the owner (lib/organizations). */
export async function deleteOrganizationAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const viewer = await currentViewer()
  try {
    const org = await findOrganization(viewer, text(form, 'organization'))
    if (!deleteConfirmed(form.get('confirm'), org.name)) return { form: t('delete.mismatch') }
    await deleteOrganization(viewer, org.id)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('myOrganizations')
  redirect('/dashboard/organizations')
}

const roleOf = (form: FormData) => z.string().trim().max(64).safeParse(text(form, 'role'))

export async function inviteMemberAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const username = text(form, 'username').trim()
  if (!username) return { form: t('errors.usernameRequired') }
  const role = roleOf(form)
  if (!role.success) return { form: t('errors.roleTooLong') }
  try {
    const row = await inviteToOrganization(await currentViewer(), text(form, 'organization'), username, {
      role: role.data,
      organizationPermissions: organizationBitsFrom(form.getAll('organizationPermission')),
      permissions: projectBitsFrom(form.getAll('projectPermission')),
    })
    void row
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('organizations')
  return { done: t('members.invited', { username }) }
}

export async function updateMemberAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const role = roleOf(form)
  if (!role.success) return { form: t('errors.roleTooLong') }
  try {
    await updateOrganizationMember(await currentViewer(), text(form, 'organization'), text(form, 'member'), {
      role: role.data,
      organizationPermissions: organizationBitsFrom(form.getAll('organizationPermission')),
      permissions: projectBitsFrom(form.getAll('projectPermission')),
    })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('organizations')
  return { done: t('members.saved') }
}

export async function removeMemberAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  try {
    await removeOrganizationMember(await currentViewer(), text(form, 'organization'), text(form, 'member'))
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('organizations')
  return { done: t('members.removed') }
}

export async function transferOrganizationAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const user = text(form, 'user')
  if (!user) return { form: t('errors.chooseMember') }
  try {
    await transferOrganization(await currentViewer(), text(form, 'organization'), user)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('organizations')
  return { done: t('members.transferred') }
}

/** Accept or decline, as the invitee (dashboard and the organization's page). */
export async function answerInvitationAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const accept = form.get('answer') === 'accept'
  try {
    await answerOrganizationInvitation(await currentViewer(), text(form, 'organization'), accept)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('myOrganizations', 'organizations')
  return { done: accept ? t('accepted') : t('declined') }
}

export async function addProjectAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const project = text(form, 'project')
  if (!project) return { form: t('errors.chooseProject') }
  try {
    await addProjectToOrganization(await currentViewer(), text(form, 'organization'), project)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('site')
  return { done: t('projects.added') }
}

export async function removeProjectAction(_prev: OrgFormState, form: FormData): Promise<OrgFormState> {
  const t = await getTranslations('Organizations')
  const owner = text(form, 'owner')
  if (!owner) return { form: t('errors.chooseMember') }
  try {
    await removeProjectFromOrganization(await currentViewer(), text(form, 'organization'), text(form, 'project'), owner)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite('site')
  return { done: t('projects.removed') }
}
