/**
 * The project settings forms (issue 13): each section's FormData parsed with zod into the data the
 * Projects collection takes. Only what a section shows is written, so a page never overwrites what
 * another page edits. Errors are message keys of `ProjectSettings.errors`.
 */
import { z } from 'zod'

import { BODY_MAX, MAX_PRIMARY_CATEGORIES, SUMMARY_MAX, SUMMARY_MIN, TITLE_MAX, TITLE_MIN, URL_MAX } from '../limits'
import { SLUG_PATTERN } from '../slugs'
import { VISIBILITIES } from './creatable'

export const SETTINGS_SECTIONS = ['general', 'description', 'license', 'links', 'tags'] as const
/** The sections with a form of this module; `members` has its own actions. */
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]
export type SettingsPage = SettingsSection | 'members' | 'analytics' | 'version' | 'editVersion'

export { VISIBILITIES }
export const ENVIRONMENTS = ['required', 'optional', 'unsupported'] as const

const text = (min: number, max: number) => z.string().trim().min(min, 'tooShort').max(max, 'tooLong')
const optionalUrl = z
  .string()
  .trim()
  .max(URL_MAX, 'tooLong')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'invalidUrl')
  .transform((v) => (v === '' ? null : v))

const general = z.object({
  title: text(TITLE_MIN, TITLE_MAX),
  slug: z.string().trim().regex(SLUG_PATTERN, 'slugPattern'),
  summary: text(SUMMARY_MIN, SUMMARY_MAX),
  clientSide: z.enum(ENVIRONMENTS, 'chooseOne'),
  serverSide: z.enum(ENVIRONMENTS, 'chooseOne'),
  visibility: z.enum(VISIBILITIES, 'chooseOne'),
})
const description = z.object({ body: z.string().max(BODY_MAX, 'tooLong') })
const license = z.object({ license: z.string().trim().min(1, 'chooseOne').max(64, 'tooLong'), licenseUrl: optionalUrl })
const links = z.object({ issuesUrl: optionalUrl, sourceUrl: optionalUrl, wikiUrl: optionalUrl, discordUrl: optionalUrl })
const tags = z.object({
  categories: z.array(z.string().max(64)).max(MAX_PRIMARY_CATEGORIES, 'tooManyPrimary'),
  additionalCategories: z.array(z.string().max(64)).max(256, 'tooMany'),
})

export type ParsedSection =
  | { ok: true; data: Record<string, unknown>; visibility?: (typeof VISIBILITIES)[number] }
  | { ok: false; fields: Record<string, string> }

const fieldsOf = (error: z.ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]))

/** A field's text; browsers send a textarea's line breaks as CRLF, stored here as LF. */
const str = (form: FormData, key: string) => {
  const v = form.get(key)
  return typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : ''
}

/** One section's form, as the data to save (or the field errors). */
export function parseSection(section: SettingsSection, form: FormData, donationPlatforms: string[] = []): ParsedSection {
  switch (section) {
    case 'general': {
      const r = general.safeParse(Object.fromEntries(['title', 'slug', 'summary', 'clientSide', 'serverSide', 'visibility'].map((k) => [k, str(form, k)])))
      if (!r.success) return { ok: false, fields: fieldsOf(r.error) }
      const { visibility, ...data } = r.data
      return { ok: true, data, visibility }
    }
    case 'description': {
      const r = description.safeParse({ body: str(form, 'body') })
      return r.success ? { ok: true, data: r.data } : { ok: false, fields: fieldsOf(r.error) }
    }
    case 'license': {
      const r = license.safeParse({ license: str(form, 'license'), licenseUrl: str(form, 'licenseUrl') })
      return r.success ? { ok: true, data: r.data } : { ok: false, fields: fieldsOf(r.error) }
    }
    case 'links': {
      const r = links.safeParse(Object.fromEntries(['issuesUrl', 'sourceUrl', 'wikiUrl', 'discordUrl'].map((k) => [k, str(form, k)])))
      if (!r.success) return { ok: false, fields: fieldsOf(r.error) }
      const donationUrls: { platform: string; url: string }[] = []
      const fields: Record<string, string> = {}
      for (const platform of donationPlatforms) {
        const u = optionalUrl.safeParse(str(form, `donation-${platform}`))
        if (!u.success) fields[`donation-${platform}`] = u.error.issues[0]?.message ?? 'invalidUrl'
        else if (u.data) donationUrls.push({ platform, url: u.data })
      }
      return Object.keys(fields).length ? { ok: false, fields } : { ok: true, data: { ...r.data, donationUrls } }
    }
    case 'tags': {
      const primary = [...new Set(form.getAll('categories').map(String))]
      const additional = [...new Set(form.getAll('additionalCategories').map(String))].filter((c) => !primary.includes(c))
      const r = tags.safeParse({ categories: primary, additionalCategories: additional })
      return r.success ? { ok: true, data: r.data } : { ok: false, fields: fieldsOf(r.error) }
    }
  }
}

/** The form's values as typed, so a refused save loses nothing. */
export function typedValues(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(form.keys())) {
    if (key.startsWith('$')) continue // React's own action fields
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string')
    out[key] = all.length > 1 || key === 'categories' || key === 'additionalCategories' ? all : (all[0] ?? '')
  }
  return out
}
