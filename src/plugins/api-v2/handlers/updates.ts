import { z } from 'zod'

import { env } from '../../../lib/env'
import { getProjectByIdOrSlug, LISTING_VERSION_STATUSES, listProjectVersions } from '../../../lib/data'
import { relationId } from '../../../lib/ids'
import { projectPath } from '../../../lib/search/displayType'
import { invalidInput } from '../http/errors'
import { defineRoute } from '../http/route'
import { text } from '../schemas/common'

/** Which loaders count, by `?neoforge=` (labrinth `routes/updates.rs`): `only`, `include`, else Forge alone. */
const LOADERS_BY_NEOFORGE: Record<string, string[]> = { only: ['neoforge'], include: ['forge', 'neoforge'] }

const ForgeUpdates = z.object({
  homepage: z.string().describe("The project's page"),
  promos: z.record(z.string(), z.string()).describe('`<game version>-latest` (newest of any type) and `<game version>-recommended` (newest release) → version number'),
})

/**
 * `GET /updates/{id|slug}/forge_updates.json`: Forge's update-check format, for a mod's
 * `updateJSONURL`. Unknown and hidden projects are a 400, as labrinth answers them.
 */
export const forgeUpdates = defineRoute({
  method: 'GET', path: '/{id}/forge_updates.json', operationId: 'forgeUpdates', tag: 'updates',
  summary: "A project's Forge update JSON",
  description: 'For each game version of the listed Forge (or, with `neoforge`, NeoForge) versions: the newest version number, and the newest release.',
  params: { id: 'The project id or slug' },
  query: z.object({ neoforge: text(16).optional() }),
  queryDocs: { neoforge: '`only`: NeoForge versions instead of Forge ones; `include`: both' },
  scopes: ['PROJECT_READ'], response: ForgeUpdates,
  responses: { 400: { description: 'The specified project does not exist!' } },
  handler: async ({ viewer, params, query }) => {
    const project = await getProjectByIdOrSlug(viewer, params.id)
    if (!project) throw invalidInput('The specified project does not exist!')
    const loaders = LOADERS_BY_NEOFORGE[query.neoforge ?? ''] ?? ['forge']
    // Newest first: the first version seen for a game version is its newest.
    const versions = (await listProjectVersions(viewer, project, { loaders })).filter((v) => (LISTING_VERSION_STATUSES as readonly string[]).includes(v.status ?? 'listed'))
    const promos: Record<string, string> = {}
    for (const v of versions) {
      for (const gameVersion of (v.gameVersions ?? []).map(relationId).filter((g): g is string => !!g)) {
        promos[`${gameVersion}-latest`] ??= v.versionNumber
        if (v.versionType === 'release') promos[`${gameVersion}-recommended`] ??= v.versionNumber
      }
    }
    return { homepage: `${env.siteUrl()}${projectPath(project.projectType, project.loaders ?? [], project.slug)}`, promos }
  },
})

export const updatesRoutes = [forgeUpdates]
