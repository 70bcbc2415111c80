import { z } from 'zod'

import { BODY_MAX, SUMMARY_MAX, SUMMARY_MIN, TITLE_MAX, TITLE_MIN, URL_MAX } from '../../../lib/limits'
import { SLUG_PATTERN } from '../../../lib/slugs'
import { PROJECT_TYPES } from '../../../collections/tags/tagAccess'
import { SIDE_TYPES } from './project'

/* Bodies of the project write routes (labrinth `routes/v2/project_creation.rs`, `projects.rs`). */
const title = z.string().trim().min(TITLE_MIN, { error: `must be ${TITLE_MIN} to ${TITLE_MAX} characters` }).max(TITLE_MAX, { error: `must be ${TITLE_MIN} to ${TITLE_MAX} characters` })
const summary = z.string().trim().min(SUMMARY_MIN, { error: `must be ${SUMMARY_MIN} to ${SUMMARY_MAX} characters` }).max(SUMMARY_MAX, { error: `must be ${SUMMARY_MIN} to ${SUMMARY_MAX} characters` })
const slug = z.string().trim().regex(SLUG_PATTERN, { error: 'must be 3 to 64 URL-safe characters' })
const url = z.string().trim().max(URL_MAX).nullable().optional()
const names = z.array(z.string().min(1).max(64)).max(64)
const DonationUrl = z.object({ id: z.string().min(1).max(64), platform: z.string().max(64).optional(), url: z.string().trim().min(1).max(URL_MAX) })
const REQUESTABLE = ['approved', 'archived', 'unlisted', 'private', 'draft'] as const

const common = {
  body: z.string().max(BODY_MAX).optional(),
  categories: names.optional(),
  additional_categories: names.optional(),
  client_side: z.enum(SIDE_TYPES).optional(),
  server_side: z.enum(SIDE_TYPES).optional(),
  license_id: z.string().trim().min(1).max(128).optional(),
  license_url: url,
  issues_url: url,
  source_url: url,
  wiki_url: url,
  discord_url: url,
  donation_urls: z.array(DonationUrl).max(32).optional(),
  requested_status: z.enum(REQUESTABLE).nullable().optional(),
}

export const NewProjectData = z.object({
  title,
  slug,
  description: summary,
  project_type: z.enum(PROJECT_TYPES),
  ...common,
  is_draft: z.boolean().optional(),
  initial_versions: z.array(z.unknown()).max(0, { error: 'is not supported: create the project, then its versions with POST /version' }).optional(),
  organization_id: z.string().max(64).optional(),
})

export const ProjectPatch = z.object({
  title: title.optional(),
  slug: slug.optional(),
  description: summary.optional(),
  ...common,
  status: z.enum(['processing', 'draft', ...REQUESTABLE]).optional(),
})

/** labrinth's field names → the project collection's. */
export function projectData(body: Partial<z.infer<typeof ProjectPatch> & z.infer<typeof NewProjectData>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const set = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value
  }
  set('title', body.title)
  set('slug', body.slug?.toLowerCase())
  set('summary', body.description)
  set('body', body.body)
  set('projectType', body.project_type)
  set('categories', body.categories)
  set('additionalCategories', body.additional_categories)
  set('clientSide', body.client_side)
  set('serverSide', body.server_side)
  set('license', body.license_id)
  set('licenseUrl', body.license_url)
  set('issuesUrl', body.issues_url)
  set('sourceUrl', body.source_url)
  set('wikiUrl', body.wiki_url)
  set('discordUrl', body.discord_url)
  set('donationUrls', body.donation_urls?.map((d) => ({ platform: d.id, url: d.url })))
  set('requestedStatus', body.requested_status ?? undefined)
  set('status', body.status)
  set('organization', body.organization_id)
  return out
}
