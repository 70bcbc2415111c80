import { z } from 'zod'

import { BODY_MAX, MAX_GALLERY_ITEMS, SUMMARY_MAX, SUMMARY_MIN, TITLE_MAX, TITLE_MIN, URL_MAX } from '../../../lib/limits'
import { SLUG_PATTERN } from '../../../lib/slugs'
import { PROJECT_TYPES } from '../../../lib/projectTypes'
import { SIDE_TYPES } from './project'
import { InitialVersionData } from './versionWrite'

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
  // Deprecated in labrinth but still accepted: versions made with the project, files named by `file_parts`.
  initial_versions: z.array(InitialVersionData).max(32).default([]),
  // Deprecated in labrinth too: gallery images uploaded with the project, each named by its `item` part.
  gallery_items: z
    .array(
      z.object({
        item: z.string().min(1).max(256),
        featured: z.boolean().default(false),
        title: z.string().trim().min(1).max(2048).nullable().optional(),
        description: z.string().trim().min(1).max(2048).nullable().optional(),
        ordering: z.number().int().min(0).max(1_000_000).optional(),
      }),
    )
    .max(MAX_GALLERY_ITEMS)
    .default([])
    .refine((items) => items.filter((g) => g.featured).length <= 1, { error: 'Only one gallery image can be featured.' }),
  organization_id: z.string().max(64).optional(),
})

export const ProjectPatch = z.object({
  title: title.optional(),
  slug: slug.optional(),
  description: summary.optional(),
  ...common,
  status: z.enum(['processing', 'draft', ...REQUESTABLE]).optional(),
})

/**
 * `PATCH /projects?ids=[…]` (labrinth v2 `BulkEditProject`): tags, links and donation links only —
 * nothing that places or confers power; each project is then written as by PATCH /project/{id}.
 */
const nullableUrl = z.string().trim().min(1).max(URL_MAX).nullable().optional()
export const BulkProjectPatch = z.object({
  categories: names.max(3).optional(),
  add_categories: names.max(3).optional(),
  remove_categories: names.optional(),
  additional_categories: names.max(256).optional(),
  add_additional_categories: names.max(3).optional(),
  remove_additional_categories: names.optional(),
  donation_urls: z.array(DonationUrl).max(32).optional(),
  add_donation_urls: z.array(DonationUrl).max(32).optional(),
  remove_donation_urls: z.array(DonationUrl).max(32).optional(),
  issues_url: nullableUrl,
  source_url: nullableUrl,
  wiki_url: nullableUrl,
  discord_url: nullableUrl,
})
export type BulkProjectPatch = z.infer<typeof BulkProjectPatch>

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
