import { z } from 'zod'

import { VERSION_STATUSES } from '../../../lib/projectStatus'
import { Project } from './project'
import { VERSION_TYPES } from './common'
import { component, timestamp } from './registry'

export const FILE_TYPES = ['required-resource-pack', 'optional-resource-pack', 'sources-jar', 'dev-jar', 'javadoc-jar', 'signature', 'unknown'] as const
export const DEPENDENCY_TYPES = ['required', 'optional', 'incompatible', 'embedded'] as const

export const VersionFile = component('VersionFile', z.object({
  id: z.string(),
  hashes: z.object({ sha1: z.string(), sha512: z.string() }),
  url: z.string(),
  filename: z.string(),
  primary: z.boolean(),
  size: z.number().int(),
  file_type: z.enum(FILE_TYPES).nullable(),
}))

export const Dependency = component('VersionDependency', z.object({
  version_id: z.string().nullable(),
  project_id: z.string().nullable(),
  file_name: z.string().nullable(),
  dependency_type: z.enum(DEPENDENCY_TYPES),
}))

/** `LegacyVersion` (labrinth `models/v2/projects.rs`). */
export const Version = component('Version', z.object({
  id: z.string(),
  project_id: z.string(),
  author_id: z.string().nullable(),
  featured: z.boolean(),
  name: z.string(),
  version_number: z.string(),
  changelog: z.string().optional().describe('Left out when `include_changelog=false`'),
  changelog_url: z.null().describe('Always null (legacy)'),
  date_published: timestamp,
  downloads: z.number().int(),
  version_type: z.enum(VERSION_TYPES),
  status: z.enum(VERSION_STATUSES),
  requested_status: z.enum(VERSION_STATUSES).nullable(),
  files: z.array(VersionFile),
  dependencies: z.array(Dependency),
  game_versions: z.array(z.string()),
  loaders: z.array(z.string()),
  environment: z.string(),
}), 'A version (Modrinth v2 `LegacyVersion`)')

export const ProjectDependencies = component('ProjectDependencyList', z.object({ projects: z.array(Project), versions: z.array(Version) }))

export const HashVersionMap = component('HashVersionMap', z.record(z.string(), Version), 'Versions by the hash asked for')
export const HashVersionsMap = component('HashVersionListMap', z.record(z.string(), z.array(Version)), 'Lists of versions by the hash asked for')
export const HashProjectMap = component('HashProjectMap', z.record(z.string(), Project), 'Projects by the hash asked for')
