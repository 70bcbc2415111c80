import { z } from 'zod'

import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, OrganizationPermissions as O, hasBits } from '../../access/core/permissions'
import { SLUG_PATTERN } from '../slugs'

/**
 * Organization slugs that would shadow a page of the site's own (`/organization/settings`, …) or
 * pose as the site. Compared lower-case, as slugs are stored.
 */
export const RESERVED_ORGANIZATION_SLUGS: ReadonlySet<string> = new Set([
  'admin', 'api', 'app', 'auth', 'create', 'dashboard', 'edit', 'help', 'login', 'logout', 'me', 'moderation',
  'new', 'null', 'organization', 'organizations', 'projects', 'settings', 'sign-in', 'sign-up', 'staff', 'support',
  'undefined', 'user', 'users', 'v2', 'v3', 'blockforge', 'modrinth',
])

export const isReservedOrganizationSlug = (slug: string): boolean => RESERVED_ORGANIZATION_SLUGS.has(slug.trim().toLowerCase())

/** Field problems as message keys (Organizations.errors.*), so forms and the API word them alike. */
export type OrganizationFieldErrors = Partial<Record<'name' | 'slug' | 'summary', string>>

const schema = z.object({
  name: z.string().trim().min(3, 'nameLength').max(64, 'nameLength'),
  slug: z
    .string()
    .trim()
    .regex(SLUG_PATTERN, 'slugPattern')
    .refine((s) => !isReservedOrganizationSlug(s), 'slugReserved'),
  summary: z.string().trim().max(256, 'summaryLength'),
})
export type OrganizationInput = z.infer<typeof schema>

/** Name (3–64), slug (URL-safe, 3–64, not reserved) and summary (at most 256 characters). */
export function parseOrganizationInput(raw: { name?: unknown; slug?: unknown; summary?: unknown }):
  | { ok: true; data: OrganizationInput }
  | { ok: false; fields: OrganizationFieldErrors } {
  const parsed = schema.safeParse({ name: String(raw.name ?? ''), slug: String(raw.slug ?? ''), summary: String(raw.summary ?? '') })
  if (parsed.success) return { ok: true, data: { ...parsed.data, slug: parsed.data.slug.toLowerCase() } }
  const fields: OrganizationFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof OrganizationFieldErrors
    fields[key] ??= issue.message
  }
  return { ok: false, fields }
}

/** Bits from checkbox values, keeping only those of the catalogue (`all`). */
export function bitsFromValues(values: readonly unknown[], all: number): number {
  return values
    .map((v) => Number(v))
    .filter((b) => Number.isInteger(b) && b > 0 && (b & all) === b)
    .reduce((a, b) => a | b, 0)
}
export const organizationBitsFrom = (values: readonly unknown[]) => bitsFromValues(values, ALL_ORGANIZATION_PERMISSIONS)
export const projectBitsFrom = (values: readonly unknown[]) => bitsFromValues(values, ALL_PROJECT_PERMISSIONS)

/** What a member holding organization `bits` may do (the pages show only this; the server checks again). */
export function organizationAbilities(bits: number) {
  return {
    editDetails: hasBits(bits, O.EDIT_DETAILS),
    invite: hasBits(bits, O.MANAGE_INVITES),
    removeMember: hasBits(bits, O.REMOVE_MEMBER),
    editMember: hasBits(bits, O.EDIT_MEMBER),
    addProject: hasBits(bits, O.ADD_PROJECT),
    removeProject: hasBits(bits, O.REMOVE_PROJECT),
    delete: hasBits(bits, O.DELETE_ORGANIZATION),
    editDefaults: hasBits(bits, O.EDIT_MEMBER_DEFAULT_PERMISSIONS),
  }
}
export type OrganizationAbilities = ReturnType<typeof organizationAbilities>

/** Deleting asks for the organization's name typed out (surrounding spaces do not count). */
export const deleteConfirmed = (typed: unknown, name: string) => typeof typed === 'string' && typed.trim() === name.trim()
