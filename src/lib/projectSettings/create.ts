/** The "Create a project" form (issue 13): what a new draft needs, parsed with zod. */
import { z } from 'zod'

import { SUMMARY_MAX, SUMMARY_MIN, TITLE_MAX, TITLE_MIN } from '../limits'
import { SLUG_PATTERN } from '../slugs'
import { CREATABLE_TYPES } from './creatable'
import { VISIBILITIES } from './forms'

export { CREATABLE_TYPES }

const schema = z.object({
  title: z.string().trim().min(TITLE_MIN, 'tooShort').max(TITLE_MAX, 'tooLong'),
  slug: z.string().trim().regex(SLUG_PATTERN, 'slugPattern'),
  summary: z.string().trim().min(SUMMARY_MIN, 'tooShort').max(SUMMARY_MAX, 'tooLong'),
  projectType: z.enum(CREATABLE_TYPES, 'chooseOne'),
  visibility: z.enum(VISIBILITIES, 'chooseOne'),
  organization: z.string().trim().max(64).transform((v) => v || null),
})

export type NewProject = z.infer<typeof schema>

export function parseNewProject(form: FormData): { ok: true; data: NewProject } | { ok: false; fields: Record<string, string> } {
  const get = (k: string) => {
    const v = form.get(k)
    return typeof v === 'string' ? v : ''
  }
  const r = schema.safeParse({ title: get('title'), slug: get('slug'), summary: get('summary'), projectType: get('projectType'), visibility: get('visibility') || 'approved', organization: get('organization') })
  if (r.success) return { ok: true, data: r.data }
  return { ok: false, fields: Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])) }
}
