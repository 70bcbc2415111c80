'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'
import { z } from 'zod'

import { loadProjectSettings } from '@/lib/data/projectSettings'
import { fileTooLarge, MAX_IMAGE_BYTES } from '@/lib/limits'
import { addGalleryImage as addGallery, deleteGalleryImage as deleteGallery, reorderGallery, updateGalleryImage as updateGallery } from '@/lib/publishing/gallery'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type GalleryState = { done?: string; form?: string }

const details = z.object({
  title: z.string().trim().max(255, 'tooLong'),
  description: z.string().trim().max(2048, 'tooLong'),
  featured: z.boolean(),
})
const reason = (error: unknown, fallback: string) =>
  error instanceof ValidationError ? (error.data?.errors?.[0]?.message ?? error.message) : error instanceof APIError && error.isPublic ? error.message : fallback

function parseDetails(form: FormData) {
  return details.safeParse({ title: String(form.get('title') ?? ''), description: String(form.get('description') ?? ''), featured: form.get('featured') === 'on' })
}

async function settingsOf(form: FormData) {
  const settings = await loadProjectSettings(String(form.get('project') ?? ''))
  return settings?.can.details ? settings : null
}

/** Adds an image to the project's gallery (resized by sharp into the site's sizes). */
export async function addGalleryImage(_prev: GalleryState, form: FormData): Promise<GalleryState> {
  const t = await getTranslations('GalleryManager')
  const settings = await settingsOf(form)
  if (!settings) return { form: t('errors.notAllowed') }
  const file = form.get('image')
  if (!(file instanceof File) || file.size === 0) return { form: t('errors.noFile') }
  if (file.size > MAX_IMAGE_BYTES) return { form: fileTooLarge(MAX_IMAGE_BYTES) }
  const parsed = parseDetails(form)
  if (!parsed.success) return { form: t('errors.tooLong') }
  const { viewer, data } = settings
  try {
    await addGallery(viewer, data.project.id, { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size }, parsed.data)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: data.path })
  return { done: t('added') }
}

/** Edits an image's title, description and featured flag. */
export async function updateGalleryImage(_prev: GalleryState, form: FormData): Promise<GalleryState> {
  const t = await getTranslations('GalleryManager')
  const settings = await settingsOf(form)
  const id = String(form.get('image') ?? '')
  if (!settings || !id) return { form: t('errors.notAllowed') }
  const parsed = parseDetails(form)
  if (!parsed.success) return { form: t('errors.tooLong') }
  try {
    await updateGallery(settings.viewer, settings.data.project.id, id, parsed.data)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: settings.data.path })
  return { done: t('saved') }
}

export async function deleteGalleryImage(_prev: GalleryState, form: FormData): Promise<GalleryState> {
  const t = await getTranslations('GalleryManager')
  const settings = await settingsOf(form)
  const id = String(form.get('image') ?? '')
  if (!settings || !id) return { form: t('errors.notAllowed') }
  try {
    await deleteGallery(settings.viewer, id)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: settings.data.path })
  return { done: t('deleted') }
}

const order = z.array(z.string().min(1).max(64)).max(256)

/** Puts the gallery in a new order (dragged, or moved with the buttons). */
export async function reorderGalleryImages(projectId: string, ids: string[]): Promise<GalleryState> {
  const t = await getTranslations('GalleryManager')
  const settings = await loadProjectSettings(projectId)
  const parsed = order.safeParse(ids)
  if (!settings?.can.details || !parsed.success) return { form: t('errors.notAllowed') }
  try {
    await reorderGallery(settings.viewer, settings.data.project.id, parsed.data)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: settings.data.path })
  return { done: t('orderSaved') }
}
