'use server'

import { revalidatePath } from 'next/cache'
import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'
import { z } from 'zod'

import { loadProjectSettings } from '@/lib/data/projectSettings'
import { as } from '@/lib/data/viewer'
import { fileTooLarge, MAX_IMAGE_BYTES } from '@/lib/limits'

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

/** One featured image per project: featuring one unfeatures the others (as the same member). */
async function unfeatureOthers(settings: NonNullable<Awaited<ReturnType<typeof settingsOf>>>, keep: string) {
  const { viewer, data } = settings
  const { docs } = await viewer.payload.find({ collection: 'images', where: { and: [{ project: { equals: data.project.id } }, { featured: { equals: true } }, { id: { not_equals: keep } }] }, depth: 0, pagination: false, ...as(viewer) })
  for (const d of docs) await viewer.payload.update({ collection: 'images', id: d.id, data: { featured: false }, depth: 0, ...as(viewer) })
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
    const doc = await viewer.payload.create({
      collection: 'images',
      data: { kind: 'gallery', project: data.project.id, title: parsed.data.title || null, description: parsed.data.description || null, alt: parsed.data.title || null, featured: parsed.data.featured, ordering: data.gallery.length },
      file: { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size },
      depth: 0,
      ...as(viewer),
    })
    if (parsed.data.featured) await unfeatureOthers(settings, doc.id)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  revalidatePath(data.path, 'layout')
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
    await settings.viewer.payload.update({ collection: 'images', id, data: { title: parsed.data.title || null, description: parsed.data.description || null, alt: parsed.data.title || null, featured: parsed.data.featured }, depth: 0, ...as(settings.viewer) })
    if (parsed.data.featured) await unfeatureOthers(settings, id)
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  revalidatePath(settings.data.path, 'layout')
  return { done: t('saved') }
}

export async function deleteGalleryImage(_prev: GalleryState, form: FormData): Promise<GalleryState> {
  const t = await getTranslations('GalleryManager')
  const settings = await settingsOf(form)
  const id = String(form.get('image') ?? '')
  if (!settings || !id) return { form: t('errors.notAllowed') }
  try {
    await settings.viewer.payload.delete({ collection: 'images', id, ...as(settings.viewer) })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  revalidatePath(settings.data.path, 'layout')
  return { done: t('deleted') }
}
