/**
 * "Edit links" on /dashboard/projects: one set of link changes for many projects at once. Each link
 * is left alone (empty field), set (a URL), or cleared (its "Clear" box), the same for every project.
 */
import { z } from 'zod'

import { URL_MAX } from '../limits'

export const BULK_LINKS = ['issuesUrl', 'sourceUrl', 'wikiUrl', 'discordUrl'] as const
export type BulkLink = (typeof BULK_LINKS)[number]
/** The form's id: the table's tick boxes belong to it through their `form` attribute. */
export const BULK_LINKS_FORM = 'bulk-links'
/** Projects changed in one go: the dashboard lists them all; this bounds one request. */
export const BULK_MAX_PROJECTS = 100

const Url = z
  .string()
  .trim()
  .max(URL_MAX, 'tooLong')
  .regex(/^https?:\/\/[^\s]+$/i, 'invalidUrl')
const Id = z.string().min(1).max(64)

export type BulkLinksParsed =
  | { ok: true; projects: string[]; changes: Partial<Record<BulkLink, string | null>> }
  | { ok: false; form?: 'chooseProjects' | 'tooManyProjects' | 'noChange'; fields: Partial<Record<BulkLink, string>> }

const text = (form: FormData, key: string) => {
  const v = form.get(key)
  return typeof v === 'string' ? v.trim() : ''
}

export function parseBulkLinks(form: FormData): BulkLinksParsed {
  const projects = [...new Set(form.getAll('project').map(String))].filter((id) => Id.safeParse(id).success)
  const fields: Partial<Record<BulkLink, string>> = {}
  const changes: Partial<Record<BulkLink, string | null>> = {}
  for (const key of BULK_LINKS) {
    if (form.get(`${key}Clear`) === 'on') {
      changes[key] = null
      continue
    }
    const value = text(form, key)
    if (!value) continue
    const r = Url.safeParse(value)
    if (!r.success) fields[key] = r.error.issues[0]?.message ?? 'invalidUrl'
    else changes[key] = r.data
  }
  if (Object.keys(fields).length) return { ok: false, fields }
  if (projects.length === 0) return { ok: false, form: 'chooseProjects', fields }
  if (projects.length > BULK_MAX_PROJECTS) return { ok: false, form: 'tooManyProjects', fields }
  if (Object.keys(changes).length === 0) return { ok: false, form: 'noChange', fields }
  return { ok: true, projects, changes }
}
