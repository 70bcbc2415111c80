import { z } from 'zod'

import { PROJECT_STATUSES } from '../../../lib/projectStatus'
import { component, timestamp } from './registry'

/** Project types as v2 reports them: data packs and plugins are "mod" (reference §1.3). */
export const LEGACY_PROJECT_TYPES = ['mod', 'modpack', 'resourcepack', 'shader', 'project'] as const
export const SIDE_TYPES = ['required', 'optional', 'unsupported', 'unknown'] as const

export const SideType = z.enum(SIDE_TYPES)

export const GalleryItem = component('GalleryItem', z.object({
  url: z.string(),
  raw_url: z.string(),
  featured: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  created: timestamp,
  ordering: z.number().int(),
}))

export const DonationUrl = component('DonationUrl', z.object({
  id: z.string().describe('The donation platform (its short name)'),
  platform: z.string().describe('The donation platform (its display name)'),
  url: z.string(),
}))

export const ProjectLicense = component('ProjectLicense', z.object({
  id: z.string().describe('SPDX identifier'),
  name: z.string(),
  url: z.string().nullable(),
}))

export const ModeratorMessage = component('ModeratorMessage', z.object({ message: z.string(), body: z.string().nullable() }))

/** `LegacyProject` (labrinth `models/v2/projects.rs`). */
export const Project = component('Project', z.object({
  id: z.string(),
  slug: z.string(),
  project_type: z.enum(LEGACY_PROJECT_TYPES),
  team: z.string(),
  organization: z.string().nullable(),
  title: z.string(),
  description: z.string().describe('The summary'),
  body: z.string().describe('The long description, in Markdown'),
  body_url: z.null().describe('Always null (legacy)'),
  published: timestamp,
  updated: timestamp,
  approved: timestamp.nullable(),
  queued: timestamp.nullable(),
  status: z.enum(PROJECT_STATUSES),
  requested_status: z.enum(PROJECT_STATUSES).nullable(),
  moderator_message: ModeratorMessage.nullable(),
  license: ProjectLicense,
  client_side: SideType,
  server_side: SideType,
  game_versions: z.array(z.string()),
  loaders: z.array(z.string()),
  categories: z.array(z.string()),
  additional_categories: z.array(z.string()),
  versions: z.array(z.string()).describe('Ids of the versions in the project listing the caller may see, oldest first'),
  downloads: z.number().int(),
  followers: z.number().int(),
  icon_url: z.string().nullable(),
  raw_icon_url: z.string().nullable(),
  issues_url: z.string().nullable(),
  source_url: z.string().nullable(),
  wiki_url: z.string().nullable(),
  discord_url: z.string().nullable(),
  donation_urls: z.array(DonationUrl),
  gallery: z.array(GalleryItem),
  color: z.number().int().nullable().describe('RGB colour as an integer'),
  thread_id: z.string().nullable(),
  monetization_status: z.enum(['monetized', 'demonetized', 'force-demonetized']),
  environment: z.array(z.string()),
}), 'A project (Modrinth v2 `LegacyProject`)')

export const ProjectCheck = component('ProjectIdentifier', z.object({ id: z.string() }))
