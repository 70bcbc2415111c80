'use server'

import { redirect } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { APIError, NotFound, ValidationError } from 'payload'

import type { SettingsFormState } from '@/components/project/settings/actions'
import { ownCollections } from '@/lib/data/collections'
import { currentViewer } from '@/lib/data/currentViewer'
import { parseCollectionPatch, parseNewCollection, type CollectionFieldError, type CollectionInput } from '@/lib/collections/rules'
import { createCollection, deleteCollection, setCollectionIcon, setProjectInCollection, unfollowProject, updateCollection } from '@/lib/collections/service'
import { safeRedirectPath } from '@/lib/http/safeRedirect'
import { fileTooLarge, MAX_IMAGE_BYTES } from '@/lib/limits'
import { signInPathFor } from '@/lib/auth/signInPath'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

/*
 * The collection forms' server actions: thin. They read the form, call the collection domain
 * functions (src/lib/collections/service.ts) as the signed-in user, and turn refusals into messages.
 */

const DASHBOARD = '/dashboard/collections'
const pathOf = (id: string) => `/collection/${encodeURIComponent(id)}`
const str = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : undefined
}
const valuesOf = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>

async function signedInViewer() {
  const viewer = await currentViewer()
  return viewer.user ? viewer : null
}

/** A refusal as the user should read it: the rule's own message where it has one. */
async function refusal(error: unknown): Promise<string> {
  const t = await getTranslations('Collections')
  if (error instanceof NotFound) return t('errors.notFound')
  if (error instanceof ValidationError) return error.data?.errors?.[0]?.message ?? error.message
  if (error instanceof APIError && error.isPublic) return error.message
  console.error('collection write failed', error)
  return t('errors.saveFailed')
}

async function fieldMessages(fields: Partial<Record<keyof CollectionInput, CollectionFieldError>>) {
  const t = await getTranslations('Collections')
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, t(`errors.${v}`)]))
}

function rawFields(form: FormData) {
  return { name: str(form, 'name'), summary: str(form, 'summary'), description: str(form, 'description'), visibility: str(form, 'visibility') }
}

/**
 * "Create new": from the dashboard it opens the new collection; from a project page's menu
 * (`project` given) the collection starts with that project and the visitor stays on the page.
 */
export async function createCollectionAction(_prev: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const viewer = await signedInViewer()
  if (!viewer) redirect(signInPathFor(DASHBOARD))
  const values = valuesOf(form)
  const parsed = parseNewCollection(rawFields(form))
  if (!parsed.ok) return { fields: await fieldMessages(parsed.fields), values }
  const project = str(form, 'project')
  let id: string
  try {
    id = (await createCollection(viewer, parsed.data, project ? [project] : [])).id
  } catch (error) {
    return { form: await refusal(error), values }
  }
  refreshAfterWrite('myCollections')
  const back = str(form, 'back')
  if (back) {
    refreshAfterWrite({ page: safeRedirectPath(back) })
    return { done: true }
  }
  redirect(pathOf(id))
}

/** Name, summary, description and visibility of a collection (its owner; the rules say who). */
export async function updateCollectionAction(_prev: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  const viewer = await signedInViewer()
  const id = str(form, 'collection') ?? ''
  if (!viewer) redirect(signInPathFor(pathOf(id)))
  const values = valuesOf(form)
  const parsed = parseCollectionPatch(rawFields(form))
  if (!parsed.ok) return { fields: await fieldMessages(parsed.fields), values }
  try {
    await updateCollection(viewer, id, parsed.data)
  } catch (error) {
    return { form: await refusal(error), values }
  }
  refreshAfterWrite({ collection: id }, 'myCollections')
  return { done: true }
}

export type IconFormState = { done?: string; form?: string }

export async function uploadCollectionIcon(_prev: IconFormState, form: FormData): Promise<IconFormState> {
  const t = await getTranslations('Collections')
  const viewer = await signedInViewer()
  const id = str(form, 'collection') ?? ''
  if (!viewer) return { form: t('errors.notFound') }
  const remove = form.get('remove') === '1'
  const file = form.get('icon')
  if (!remove && (!(file instanceof File) || file.size === 0)) return { form: t('icon.noFile') }
  if (file instanceof File && file.size > MAX_IMAGE_BYTES) return { form: fileTooLarge(MAX_IMAGE_BYTES) }
  try {
    const upload = !remove && file instanceof File ? { data: Buffer.from(await file.arrayBuffer()), mimetype: file.type, name: file.name, size: file.size } : null
    await setCollectionIcon(viewer, id, upload)
  } catch (error) {
    return { form: await refusal(error) }
  }
  refreshAfterWrite({ collection: id }, 'myCollections')
  return { done: remove ? t('icon.removed') : t('icon.saved') }
}

export type DeleteState = { form?: string }

/** Deletes a collection once its name has been typed to confirm; then back to the dashboard's list. */
export async function deleteCollectionAction(_prev: DeleteState, form: FormData): Promise<DeleteState> {
  const t = await getTranslations('Collections')
  const viewer = await signedInViewer()
  const id = str(form, 'collection') ?? ''
  if (!viewer) return { form: t('errors.notFound') }
  if ((str(form, 'confirm') ?? '').trim() !== (str(form, 'expected') ?? '').trim()) return { form: t('delete.mismatch') }
  try {
    await deleteCollection(viewer, id)
  } catch (error) {
    return { form: await refusal(error) }
  }
  refreshAfterWrite('myCollections')
  redirect(`${DASHBOARD}?deleted=1`)
}

export type MembershipResult = { ok: true } | { ok: false; error: string } | { ok: false; signIn: string }

/** Ticks or unticks a project in one of the viewer's collections (the project page's menu). */
export async function setProjectInCollectionAction(collectionId: string, projectId: string, include: boolean, back: string): Promise<MembershipResult> {
  const viewer = await signedInViewer()
  const path = safeRedirectPath(back)
  if (!viewer) return { ok: false, signIn: signInPathFor(path) }
  try {
    await setProjectInCollection(viewer, String(collectionId), String(projectId), include === true)
  } catch (error) {
    return { ok: false, error: await refusal(error) }
  }
  refreshAfterWrite({ collection: collectionId }, 'myCollections')
  return { ok: true }
}

export type MenuCollectionsResult = { ok: true; collections: { id: string; name: string; visibility: string; includes: boolean }[] } | { ok: false; signIn: string }

/**
 * The viewer's collections, each saying whether it holds the project: what "Add to collection" on a
 * search result shows. Read when the menu opens, so the search page itself stays the same for everyone.
 */
export async function collectionsForProjectAction(projectId: string, back: string): Promise<MenuCollectionsResult> {
  const viewer = await signedInViewer()
  if (!viewer) return { ok: false, signIn: signInPathFor(safeRedirectPath(back)) }
  const mine = await ownCollections(viewer)
  const id = String(projectId)
  return { ok: true, collections: mine.map((c) => ({ id: c.id, name: c.name, visibility: c.visibility, includes: c.projectIds.includes(id) })) }
}

/** "Remove project" on a collection page (a plain form: works without JavaScript). */
export async function removeProjectAction(form: FormData): Promise<void> {
  const id = str(form, 'collection') ?? ''
  const viewer = await signedInViewer()
  if (!viewer) redirect(signInPathFor(pathOf(id)))
  let failed = false
  try {
    await setProjectInCollection(viewer, id, str(form, 'project') ?? '', false)
  } catch {
    failed = true
  }
  refreshAfterWrite({ collection: id }, 'myCollections')
  redirect(`${pathOf(id)}${failed ? '?failed=1' : '?removed=1'}`)
}

/** "Unfollow project" on the Followed projects collection. */
export async function unfollowFromCollectionAction(form: FormData): Promise<void> {
  const back = '/collection/following'
  const viewer = await signedInViewer()
  if (!viewer) redirect(signInPathFor(back))
  let failed = false
  try {
    await unfollowProject(viewer, str(form, 'project') ?? '')
  } catch {
    failed = true
  }
  refreshAfterWrite({ page: back }, 'myCollections')
  redirect(`${back}${failed ? '?failed=1' : '?removed=1'}`)
}
