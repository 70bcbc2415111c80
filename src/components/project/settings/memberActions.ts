'use server'

import { getTranslations } from 'next-intl/server'
import { APIError, ValidationError, commitTransaction, initTransaction, killTransaction } from 'payload'
import { z } from 'zod'

import { ProjectPermissions } from '@/access/core/permissions'
import { transferOwnership } from '@/lib/teams/transferOwnership'
import { loadProjectSettings } from '@/lib/data/projectSettings'
import { as } from '@/lib/data/viewer'
import { relationId } from '@/lib/ids'
import { normalizeHandle } from '@/lib/slugs'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'

export type MemberFormState = { done?: string; form?: string }

const ALL_BITS = Object.values(ProjectPermissions).reduce((a, b) => a | b, 0)
const bitsOf = (form: FormData) => form.getAll('permission').map(Number).filter((b) => Number.isInteger(b) && (b & ALL_BITS) === b).reduce((a, b) => a | b, 0)
const reason = (error: unknown, fallback: string) =>
  error instanceof ValidationError ? (error.data?.errors?.[0]?.message ?? error.message) : error instanceof APIError && error.isPublic ? error.message : fallback

async function context(form: FormData) {
  const settings = await loadProjectSettings(String(form.get('project') ?? ''))
  const team = settings ? relationId(settings.data.project.team) : null
  return settings && team ? { ...settings, team } : null
}

/** Invites a user by username to the project's team (MANAGE_INVITES; the write rules decide). */
export async function inviteMember(_prev: MemberFormState, form: FormData): Promise<MemberFormState> {
  const t = await getTranslations('ProjectMembers')
  const ctx = await context(form)
  if (!ctx) return { form: t('errors.notFound') }
  const username = z.string().trim().min(1).max(39).safeParse(form.get('username'))
  if (!username.success) return { form: t('errors.usernameRequired') }
  const { viewer, team, data } = ctx
  const { docs } = await viewer.payload.find({ collection: 'users', where: { username: { equals: normalizeHandle(username.data) } }, limit: 1, depth: 0, ...as(viewer) })
  const user = docs[0]
  if (!user) return { form: 'User not found' }
  const existing = await viewer.payload.count({ collection: 'team-members', where: { and: [{ team: { equals: team } }, { user: { equals: user.id } }] }, ...as(viewer) })
  if (existing.totalDocs > 0) return { form: t('errors.already', { username: user.username ?? '' }) }
  try {
    await viewer.payload.create({ collection: 'team-members', data: { team, user: user.id, role: 'Member', permissions: 0, accepted: false }, ...as(viewer) })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: data.path })
  return { done: t('invited', { username: user.username ?? '' }) }
}

/** Saves a member's role and permission bits (EDIT_MEMBER, and only bits the editor holds). */
export async function updateMember(_prev: MemberFormState, form: FormData): Promise<MemberFormState> {
  const t = await getTranslations('ProjectMembers')
  const ctx = await context(form)
  const id = String(form.get('member') ?? '')
  if (!ctx || !id) return { form: t('errors.notFound') }
  const role = z.string().trim().max(64).safeParse(form.get('role') ?? '')
  if (!role.success) return { form: t('errors.roleTooLong') }
  try {
    await ctx.viewer.payload.update({ collection: 'team-members', id, data: { role: role.data || 'Member', permissions: bitsOf(form) }, ...as(ctx.viewer) })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: ctx.data.path })
  return { done: t('saved') }
}

/** Removes a member or withdraws an invitation (REMOVE_MEMBER; never the owner). */
export async function removeMember(_prev: MemberFormState, form: FormData): Promise<MemberFormState> {
  const t = await getTranslations('ProjectMembers')
  const ctx = await context(form)
  const id = String(form.get('member') ?? '')
  if (!ctx || !id) return { form: t('errors.notFound') }
  try {
    await ctx.viewer.payload.delete({ collection: 'team-members', id, ...as(ctx.viewer) })
  } catch (error) {
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: ctx.data.path })
  return { done: t('removed') }
}

/** Hands the project to another accepted member, in one transaction (the owner or an admin). */
export async function transferProject(_prev: MemberFormState, form: FormData): Promise<MemberFormState> {
  const t = await getTranslations('ProjectMembers')
  const ctx = await context(form)
  const user = String(form.get('user') ?? '')
  if (!ctx || !user) return { form: t('errors.chooseMember') }
  const req = ctx.viewer.req
  const started = await initTransaction(req)
  try {
    await transferOwnership(req, ctx.team, user)
    if (started) await commitTransaction(req)
  } catch (error) {
    if (started) await killTransaction(req)
    return { form: reason(error, t('errors.failed')) }
  }
  refreshAfterWrite({ project: ctx.data.path })
  return { done: t('transferred') }
}
