'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { currentViewer } from '@/lib/data/currentViewer'
import { as, type Viewer } from '@/lib/data/viewer'
import { fileTooLarge, MAX_IMAGE_BYTES } from '@/lib/limits'
import { parseAppInput } from '@/lib/oauth/appInput'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type AppFormValues = { name: string; url: string; description: string; redirectUris: string; scopes: string[] }
export type AppState = { done?: string; form?: string; fields?: Record<string, string>; values?: AppFormValues; created?: { id: string; name: string; secret: string } }

const valuesOf = (form: FormData): AppFormValues => ({
  name: String(form.get('name') ?? ''),
  url: String(form.get('url') ?? ''),
  description: String(form.get('description') ?? ''),
  redirectUris: String(form.get('redirectUris') ?? ''),
  scopes: form.getAll('scopes').map(String),
})

const failure = (error: unknown, fallback: string): Pick<AppState, 'form'> => ({
  form: error instanceof ValidationError || (error instanceof APIError && error.isPublic) ? error.message : fallback,
})

/** An icon from the form, stored as the user's own image (sharp makes the sizes); null when none was chosen. */
async function iconFrom(viewer: Viewer, form: FormData, name: string): Promise<{ id?: string; error?: string }> {
  const file = form.get('icon')
  if (!(file instanceof File) || file.size === 0) return {}
  if (file.size > MAX_IMAGE_BYTES) return { error: fileTooLarge(MAX_IMAGE_BYTES) }
  const image = await viewer.payload.create({ collection: 'images', data: { kind: 'icon', alt: name }, file: { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size }, depth: 0, ...as(viewer) })
  return { id: image.id }
}

async function checked(form: FormData) {
  const [t, viewer] = await Promise.all([getTranslations('Applications'), currentViewer()])
  const values = valuesOf(form)
  if (!viewer.user) return { t, viewer, values, refusal: { form: t('errors.signIn'), values } satisfies AppState }
  const parsed = parseAppInput(values)
  if (!parsed.ok) {
    // A redirect URI's problem is its own sentence (src/lib/oauth/redirectUri.ts); the rest are message keys.
    const key = (v: string) => `errors.${v}` as Parameters<typeof t>[0]
    const fields = Object.fromEntries(Object.entries(parsed.errors).map(([k, v]) => [k, t.has(key(v)) ? t(key(v)) : v]))
    return { t, viewer, values, refusal: { fields, values } satisfies AppState }
  }
  return { t, viewer, values, input: parsed.value }
}

/** Registers an application for the signed-in user: its client secret is in the answer, once. */
export async function createApp(_prev: AppState, form: FormData): Promise<AppState> {
  const { t, viewer, values, refusal, input } = await checked(form)
  if (refusal) return refusal
  try {
    const icon = await iconFrom(viewer, form, input.name)
    if (icon.error) return { fields: { icon: icon.error }, values }
    const doc = (await viewer.payload.create({ collection: 'oauth-apps', data: { ...input, ...(icon.id ? { icon: icon.id } : {}) }, depth: 0, ...as(viewer) })) as { id: string; name: string; secret?: string }
    refreshAfterWrite({ settings: 'applications' })
    return { created: { id: doc.id, name: doc.name, secret: doc.secret ?? '' } }
  } catch (error) {
    return { ...failure(error, t('errors.failed')), values }
  }
}

/** Changes an application (the collection refuses anyone but its creator). */
export async function updateApp(id: string, _prev: AppState, form: FormData): Promise<AppState> {
  const { t, viewer, values, refusal, input } = await checked(form)
  if (refusal) return refusal
  try {
    const icon = await iconFrom(viewer, form, input.name)
    if (icon.error) return { fields: { icon: icon.error }, values }
    await viewer.payload.update({ collection: 'oauth-apps', id, data: { ...input, ...(icon.id ? { icon: icon.id } : {}) }, depth: 0, ...as(viewer) })
  } catch (error) {
    const status = (error as { status?: number }).status
    return { ...(status === 404 || status === 403 ? { form: t('errors.notFound') } : failure(error, t('errors.failed'))), values }
  }
  refreshAfterWrite({ settings: 'applications' })
  return { done: t('saved'), values }
}

/** Deletes an application: every user's authorization of it and every token it holds end. */
export async function deleteApp(id: string, _prev: AppState): Promise<AppState> {
  const [t, viewer] = await Promise.all([getTranslations('Applications'), currentViewer()])
  if (!viewer.user) return { form: t('errors.signIn') }
  try {
    await viewer.payload.delete({ collection: 'oauth-apps', id, depth: 0, ...as(viewer) })
  } catch {
    return { form: t('errors.notFound') }
  }
  refreshAfterWrite({ settings: 'applications' })
  return { done: t('deleted') }
}
