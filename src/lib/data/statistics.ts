import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { drizzleOf } from '../db/sql'
import { LISTED_STATUSES } from '../projectStatus'
import { LISTING_VERSION_STATUSES } from './versions'

export type CatalogueStatistics = { projects: number; versions: number; authors: number; files: number }

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `)

/**
 * Public catalogue numbers (Modrinth's `/statistics`): listed projects, their listed versions, the
 * distinct accepted members of their teams, and those versions' files. An aggregate over public
 * documents only, so one SQL statement rather than four Local API scans.
 */
export async function getCatalogueStatistics(payload: Payload): Promise<CatalogueStatistics> {
  const projects = list(LISTED_STATUSES)
  const versions = list(LISTING_VERSION_STATUSES)
  const result = await drizzleOf(payload).execute(sql`
    select
      (select count(*) from projects p where p.status in (${projects})) as projects,
      (select count(*) from versions v join projects p on p.id = v.project_id
        where p.status in (${projects}) and v.status in (${versions})) as versions,
      (select count(distinct tm.user_id) from team_members tm join projects p on p.team_id = tm.team_id
        where tm.accepted and p.status in (${projects})) as authors,
      (select count(*) from version_files f join versions v on v.id = f.version_id join projects p on p.id = v.project_id
        where p.status in (${projects}) and v.status in (${versions})) as files
  `)
  const row = (result.rows[0] ?? {}) as Record<string, string | number | null>
  const n = (key: string) => Number(row[key] ?? 0)
  return { projects: n('projects'), versions: n('versions'), authors: n('authors'), files: n('files') }
}
