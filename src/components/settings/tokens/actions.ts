'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError } from 'payload'

import { parseTokenInput } from '@/lib/auth/tokenInput'
import { currentViewer } from '@/lib/data/currentViewer'
import { as } from '@/lib/data/viewer'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type TokenFormValues = { name: string; expires: string; scopes: string[] }
export type TokenState = { done?: string; form?: string; fields?: Record<string, string>; values?: TokenFormValues; created?: { name: string; token: string } }

const valuesOf = (form: FormData): TokenFormValues => ({ name: String(form.get('name') ?? ''), expires: String(form.get('expires') ?? ''), scopes: form.getAll('scopes').map(String) })

async function checked(form: FormData) {
  const [t, viewer] = await Promise.all([getTranslations('Tokens'), currentViewer()])
  const values = valuesOf(form)
  if (!viewer.user) return { t, viewer, values, refusal: { form: t('errors.signIn'), values } satisfies TokenState }
  const parsed = parseTokenInput(values)
  if (!parsed.ok) return { t, viewer, values, refusal: { fields: Object.fromEntries(Object.entries(parsed.errors).map(([k, v]) => [k, t(`errors.${v}`)])), values } satisfies TokenState }
  return { t, viewer, values, input: parsed.value }
}

const failure = (error: unknown, fallback: string): Pick<TokenState, 'form'> => ({
  form: error instanceof ValidationError || (error instanceof APIError && error.isPublic) ? error.message : fallback,
})

/** A new token for the signed-in user: its secret is in the answer, once. */
export async function createToken(_prev: TokenState, form: FormData): Promise<TokenState> {
  const { t, viewer, values, refusal, input } = await checked(form)
  if (refusal) return refusal
  try {
    const doc = (await viewer.payload.create({ collection: 'access-tokens', data: input, depth: 0, ...as(viewer) })) as { token?: string; name: string }
    refreshAfterWrite({ settings: 'pats' })
    return { created: { name: doc.name, token: doc.token ?? '' } }
  } catch (error) {
    return { ...failure(error, t('errors.failed')), values }
  }
}

/** Renames a token, or changes its scopes or expiry (the collection refuses anyone but its owner). */
export async function updateToken(id: string, _prev: TokenState, form: FormData): Promise<TokenState> {
  const { t, viewer, values, refusal, input } = await checked(form)
  if (refusal) return refusal
  try {
    await viewer.payload.update({ collection: 'access-tokens', id, data: input, depth: 0, ...as(viewer) })
  } catch (error) {
    const status = (error as { status?: number }).status
    return { ...(status === 404 || status === 403 ? { form: t('errors.notFound') } : failure(error, t('errors.failed'))), values }
  }
  refreshAfterWrite({ settings: 'pats' })
  return { done: t('saved'), values }
}

/** Revokes a token: requests carrying it are anonymous from now on. */
export async function revokeToken(id: string, _prev: TokenState): Promise<TokenState> {
  const [t, viewer] = await Promise.all([getTranslations('Tokens'), currentViewer()])
  if (!viewer.user) return { form: t('errors.signIn') }
  try {
    await viewer.payload.delete({ collection: 'access-tokens', id, depth: 0, ...as(viewer) })
  } catch {
    return { form: t('errors.notFound') }
  }
  refreshAfterWrite({ settings: 'pats' })
  return { done: t('revoked') }
}
