import { z } from 'zod'

import { FILE_TYPES } from '../../../collections/VersionFiles'
import { CHANGELOG_MAX, VERSION_NAME_MAX, VERSION_NUMBER_MAX } from '../../../lib/limits'
import { DEPENDENCY_TYPES } from './version'
import { VERSION_TYPES } from './common'

/*
 * Bodies of the version write routes (labrinth `routes/v2/version_creation.rs`, `versions.rs`).
 * labrinth's older names are accepted too: `version_title`, `version_body`, `release_channel`.
 */
const WRITABLE_STATUSES = ['listed', 'archived', 'draft', 'unlisted'] as const
const id = z.string().min(1).max(64)
const names = z.array(z.string().min(1).max(64)).max(256)
const Dependency = z.object({
  version_id: id.nullable().optional(),
  project_id: id.nullable().optional(),
  file_name: z.string().max(1024).nullable().optional(),
  dependency_type: z.enum(DEPENDENCY_TYPES),
}).refine((d) => d.version_id || d.project_id || d.file_name, { error: 'a dependency needs a version_id, a project_id or a file_name' })
const versionNumber = z.string().trim().min(1, { error: 'must not be empty' }).max(VERSION_NUMBER_MAX, { error: `must be at most ${VERSION_NUMBER_MAX} characters` })
const versionName = z.string().trim().max(VERSION_NAME_MAX, { error: `must be at most ${VERSION_NAME_MAX} characters` })
const fileType = z.enum(FILE_TYPES).nullable()

/** labrinth's `EnvironmentInputEnum` (v2 `InitialVersionData.environment`). */
export const ENVIRONMENTS = ['client_and_server', 'client_only', 'client_only_server_optional', 'singleplayer_only', 'server_only', 'server_only_client_optional', 'dedicated_server_only', 'client_or_server', 'client_or_server_prefers_both'] as const

const VersionData = z.object({
    project_id: id,
    version_number: versionNumber,
    name: versionName.optional(),
    version_title: versionName.optional(),
    changelog: z.string().max(CHANGELOG_MAX).nullable().optional(),
    version_body: z.string().max(CHANGELOG_MAX).nullable().optional(),
    version_type: z.enum(VERSION_TYPES).optional(),
    release_channel: z.enum(VERSION_TYPES).optional(),
    dependencies: z.array(Dependency).max(256).default([]),
    game_versions: names.min(1, { error: 'must name at least one game version' }),
    loaders: names.min(1, { error: 'must name at least one loader' }),
    featured: z.boolean().default(false),
    status: z.enum(WRITABLE_STATUSES).default('listed'),
    file_parts: z.array(z.string().min(1).max(256)).min(1, { error: 'must name at least one file part' }).max(10),
    primary_file: z.string().max(256).optional(),
    file_types: z.record(z.string(), fileType).optional(),
    environment: z.enum(ENVIRONMENTS).optional(),
  })
const normalize = <T extends { version_title?: string; version_body?: string | null; release_channel?: string; name?: string; changelog?: string | null; version_type?: string; version_number: string }>({ version_title, version_body, release_channel, ...v }: T) => ({
  ...v,
  name: v.name ?? version_title ?? v.version_number,
  changelog: v.changelog ?? version_body ?? '',
  version_type: (v.version_type ?? release_channel ?? 'release') as (typeof VERSION_TYPES)[number],
})
export const NewVersionData = VersionData.transform(normalize)
export type NewVersionData = z.infer<typeof NewVersionData>
/** A version in `POST /project`'s `initial_versions`: the project is the one being made. */
export const InitialVersionData = VersionData.extend({ project_id: id.optional() }).transform(normalize)
export type InitialVersionData = z.infer<typeof InitialVersionData>

export const VersionPatch = z.object({
  name: versionName.optional(),
  version_number: versionNumber.optional(),
  changelog: z.string().max(CHANGELOG_MAX).optional(),
  version_type: z.enum(VERSION_TYPES).optional(),
  dependencies: z.array(Dependency).max(256).optional(),
  game_versions: names.min(1).optional(),
  loaders: names.min(1).optional(),
  featured: z.boolean().optional(),
  status: z.enum(WRITABLE_STATUSES).optional(),
  primary_file: z.tuple([z.enum(['sha1', 'sha512']), z.string().regex(/^[0-9a-f]{40,128}$/i)]).optional(),
  file_types: z.array(z.object({ algorithm: z.enum(['sha1', 'sha512']), hash: z.string().regex(/^[0-9a-f]{40,128}$/i), file_type: fileType })).max(20).optional(),
})
export type VersionPatch = z.infer<typeof VersionPatch>

export const AddFilesData = z.object({ file_types: z.record(z.string(), fileType).optional() }).default({})

/** labrinth's dependency shape → ours. */
export const toDependencies = (deps: z.infer<typeof Dependency>[]) =>
  deps.map((d) => ({ project: d.project_id ?? null, version: d.version_id ?? null, fileName: d.file_name ?? null, dependencyType: d.dependency_type }))

/**
 * `POST /version/{id}/schedule` and `/project/{id}/schedule` (labrinth `SchedulingData`). Any status
 * name is read here; which ones may be requested is the schedule's own check, with labrinth's words.
 */
export const ScheduleData = z.object({
  time: z.iso.datetime({ offset: true, error: 'must be a date and time with a time zone, such as 2030-01-31T12:00:00Z' }).describe('When to release (RFC 3339)'),
  requested_status: z.string().min(1).max(32).describe('The status it takes then: for a version listed, archived, draft or unlisted; for a project approved, archived, unlisted, private or draft'),
})
export type ScheduleData = z.infer<typeof ScheduleData>
