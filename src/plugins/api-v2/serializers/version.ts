import type { z } from 'zod'

import { relationId } from '../../../lib/ids'
import { filesForDisplay } from '../../../lib/versionFiles'
import type { Project, Version, VersionFile } from '../../../payload-types'
import type { Version as VersionSchema } from '../schemas/version'
import { absoluteUrl, environmentOf, iso } from './common'

export type LegacyVersion = z.infer<typeof VersionSchema>

/** What serializing a version needs besides the version itself. */
export type VersionBundle = {
  version: Version
  files: VersionFile[]
  /** The project's side types (a v2 version's `environment` derives from them). */
  project: Pick<Project, 'clientSide' | 'serverSide'> | null
}

const ids = (values: readonly unknown[] | null | undefined) => (values ?? []).map(relationId).filter((v): v is string => !!v)

export function toLegacyVersion({ version: v, files, project }: VersionBundle, opts: { includeChangelog?: boolean } = {}): LegacyVersion {
  // A version without files has none on the wire (the site shows a placeholder; clients get no fake file).
  const shown = filesForDisplay(v, files).filter((f) => !f.placeholder)
  return {
    id: v.id,
    project_id: relationId(v.project)!,
    author_id: relationId(v.author),
    featured: !!v.featured,
    name: v.name || v.versionNumber,
    version_number: v.versionNumber,
    ...(opts.includeChangelog === false ? {} : { changelog: v.changelog ?? '' }),
    changelog_url: null,
    date_published: iso(v.datePublished) ?? iso(v.createdAt)!,
    downloads: v.downloads ?? 0,
    version_type: v.versionType ?? 'release',
    status: v.status ?? 'listed',
    requested_status: v.requestedStatus ?? null,
    files: shown.map((f) => ({
      id: f.id!,
      hashes: { sha1: f.hashes.sha1 ?? '', sha512: f.hashes.sha512 ?? '' },
      url: absoluteUrl(f.url) ?? '',
      filename: f.filename,
      primary: f.primary,
      size: f.size,
      file_type: f.fileType as LegacyVersion['files'][number]['file_type'],
    })),
    dependencies: (v.dependencies ?? []).map((d) => ({
      version_id: relationId(d.version),
      project_id: relationId(d.project),
      file_name: d.fileName ?? null,
      dependency_type: d.dependencyType,
    })),
    game_versions: ids(v.gameVersions),
    loaders: ids(v.loaders),
    environment: environmentOf(project?.clientSide, project?.serverSide),
  }
}
