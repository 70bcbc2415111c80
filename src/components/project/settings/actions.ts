'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { loadDonationPlatforms, loadProjectSettings } from '@/lib/data/projectSettings'
import { editorImageUrl } from '@/lib/files/fileUrl'
import { as } from '@/lib/data/viewer'
import { parseSection, SETTINGS_SECTIONS, typedValues, type SettingsSection } from '@/lib/projectSettings/forms'
import { APPROVED_STATUSES } from '@/lib/projectStatus'
import { fileTooLarge, MAX_EDITOR_IMAGE_BYTES, MAX_IMAGE_BYTES } from '@/lib/limits'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type SettingsFormState = {
  done?: boolean
  form?: string
  fields?: Record<string, string>
  values?: Record<string, string | string[]>
}

/**
 * Saves one settings section as the signed-in member, through the collection's access and write
 * rules (`overrideAccess: false`): what their bits do not allow is refused there with its reason.
 * A refused save answers with the reasons and what was typed; nothing is written.
 */
export async function saveProjectSettings(_prev: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const t = await getTranslations('ProjectSettings')
  const values = typedValues(form)
  const section = String(form.get('section')) as SettingsSection
  const settings = SETTINGS_SECTIONS.includes(section) ? await loadProjectSettings(String(form.get('project') ?? '')) : null
  if (!settings) return { form: t('errors.notFound'), values }
  const { data: page, viewer, everApproved } = settings
  // Someone else saved since this page loaded: refuse rather than write their change back (the form keeps what was typed).
  const loaded = form.get('loadedVersion')
  if (typeof loaded === 'string' && loaded && loaded !== page.project.updatedAt) return { form: t('errors.stale'), values }
  const platforms = section === 'links' ? (await loadDonationPlatforms(viewer)).map((p) => p.id) : []
  const parsed = parseSection(section, form, platforms)
  const message = (key: string) => (t.has(`errors.${key}` as never) ? t(`errors.${key}` as never) : key)
  if (!parsed.ok) return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, message(v)])), values }

  const data: Record<string, unknown> = { ...parsed.data }
  if (parsed.visibility) {
    // After approval the owner switches visibility directly; before it, it is what approval will give.
    const approvedNow = everApproved && (APPROVED_STATUSES as readonly string[]).includes(page.project.status ?? '')
    if (approvedNow) data.status = parsed.visibility
    else data.requestedStatus = parsed.visibility
  }
  let saved
  try {
    saved = await viewer.payload.update({ collection: 'projects', id: page.project.id, data, depth: 0, ...as(viewer) })
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = Object.fromEntries((error.data?.errors ?? []).map((e) => [e.path, e.message]))
      return { fields, form: Object.keys(fields).length ? undefined : error.message, values }
    }
    if (error instanceof APIError && error.isPublic) return { form: error.message, values }
    return { form: t('errors.saveFailed'), values }
  }
  refreshAfterWrite({ project: page.path })
  if (saved.slug !== page.project.slug) {
    // The page's own address changed with the slug.
    redirect(`/${page.displayType}/${encodeURIComponent(saved.slug)}/settings${section === 'general' ? '' : `/${section}`}?saved=1`)
  }
  return { done: true }
}

export type DeleteState = { form?: string }

/** Deletes the project after the member typed its name to confirm; the delete rule decides. */
export async function deleteProject(_prev: DeleteState, form: FormData): Promise<DeleteState> {
  const t = await getTranslations('ProjectSettings')
  const settings = await loadProjectSettings(String(form.get('project') ?? ''))
  if (!settings) return { form: t('errors.notFound') }
  const { data: page, viewer } = settings
  if (String(form.get('confirm') ?? '').trim() !== page.project.title) return { form: t('delete.mismatch') }
  try {
    await viewer.payload.delete({ collection: 'projects', id: page.project.id, ...as(viewer) })
  } catch (error) {
    return { form: error instanceof APIError && error.isPublic ? error.message : t('errors.saveFailed') }
  }
  redirect(`/user/${encodeURIComponent(viewer.user!.username ?? '')}`)
}

export type IconState = { done?: string; form?: string }

/** A new project icon (EDIT_DETAILS): stored as an image, resized by sharp, then set on the project. */
export async function uploadProjectIcon(_prev: IconState, form: FormData): Promise<IconState> {
  const t = await getTranslations('ProjectSettings')
  const settings = await loadProjectSettings(String(form.get('project') ?? ''))
  if (!settings?.can.details) return { form: t('errors.notFound') }
  const file = form.get('icon')
  if (!(file instanceof File) || file.size === 0) return { form: t('icon.noFile') }
  if (file.size > MAX_IMAGE_BYTES) return { form: fileTooLarge(MAX_IMAGE_BYTES) }
  const { viewer, data } = settings
  try {
    const image = await viewer.payload.create({ collection: 'images', data: { kind: 'icon', alt: data.project.title }, file: { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size }, depth: 0, ...as(viewer) })
    await viewer.payload.update({ collection: 'projects', id: data.project.id, data: { icon: image.id }, depth: 0, ...as(viewer) })
  } catch (error) {
    if (error instanceof ValidationError) return { form: error.data?.errors?.[0]?.message ?? error.message }
    return { form: error instanceof APIError && error.isPublic ? error.message : t('errors.saveFailed') }
  }
  refreshAfterWrite({ project: data.path })
  return { done: t('icon.saved') }
}

export type EditorImageState = { url?: string; alt?: string; form?: string }

/**
 * An image dropped, pasted or chosen in the description editor (EDIT_BODY): stored as an editor
 * image (at most 1 MiB, the collection refuses more) and answered as the address to put in the text:
 * site-relative, so the description shows it on whatever host name the site is reached by.
 */
export async function uploadEditorImage(projectId: string, form: FormData): Promise<EditorImageState> {
  const t = await getTranslations('ProjectSettings')
  const settings = await loadProjectSettings(projectId)
  if (!settings?.can.body) return { form: t('errors.notFound') }
  const file = form.get('image')
  if (!(file instanceof File) || file.size === 0) return { form: t('icon.noFile') }
  if (file.size > MAX_EDITOR_IMAGE_BYTES) return { form: fileTooLarge(MAX_EDITOR_IMAGE_BYTES) }
  const alt = file.name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]()]/g, '').slice(0, 120) || 'image'
  try {
    const image = await settings.viewer.payload.create({
      collection: 'images',
      data: { kind: 'editor', alt },
      file: { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size },
      depth: 0,
      ...as(settings.viewer),
    })
    const url = editorImageUrl(image)
    return url ? { url, alt } : { form: t('errors.saveFailed') }
  } catch (error) {
    if (error instanceof ValidationError) return { form: error.data?.errors?.[0]?.message ?? error.message }
    return { form: error instanceof APIError && error.isPublic ? error.message : t('errors.saveFailed') }
  }
}
