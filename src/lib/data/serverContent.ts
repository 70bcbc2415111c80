
import { catalogueFilter } from '../hosting/content'
import type { Filter, SearchHit } from '../search/query'
import { searchProjects } from '../../plugins/search/service'
import { installedContent, type ServerContent } from '../../plugins/hosting/service/content'
import { HostingError } from '../../plugins/hosting/service/rows'
import { ownCollections } from './collections'
import type { Viewer } from './viewer'

/*
 * The content page's reads: what is installed (recognised in the catalogue), the catalogue searched
 * for the server (its game version and loader, or everything), and the viewer's collections to
 * install from. A refusal meant for the user comes back as its message.
 */

type Signed = Viewer & { user: NonNullable<Viewer['user']> }

export async function serverContent(viewer: Signed, id: string): Promise<ServerContent | { error: string }> {
  try {
    return await installedContent(viewer, id)
  } catch (error) {
    if (error instanceof HostingError) return { error: error.message }
    throw error
  }
}

export type ContentSearch = { hits: SearchHit[]; total: number }

/** Listed projects of the server's kind matching `text`; only those for its game version and loader unless `everything`. */
export async function searchForServer(viewer: Viewer, server: { loader: string | null; game_version: string | null }, text: string, everything: boolean): Promise<ContentSearch> {
  const filter = catalogueFilter(server)
  const groups: Filter[][] = [[{ field: 'project_type', op: '=', value: filter.projectType }]]
  if (!everything) {
    if (filter.gameVersions.length) groups.push(filter.gameVersions.map((value) => ({ field: 'game_versions', op: '=', value })))
    if (filter.loaders.length) groups.push(filter.loaders.map((value) => ({ field: 'loaders', op: '=', value })))
  }
  const result = await searchProjects(viewer.payload, { text: text.slice(0, 200), filters: groups, sort: 'relevance', offset: 0, limit: 20, facets: false })
  return { hits: result.hits, total: result.total_hits }
}

/** Listed modpacks matching `text` with a version for the server's game version (a pack brings its own mods). */
export async function searchModpacks(viewer: Viewer, server: { game_version: string | null }, text: string): Promise<ContentSearch> {
  const groups: Filter[][] = [[{ field: 'project_type', op: '=', value: 'modpack' }]]
  if (server.game_version) groups.push([{ field: 'game_versions', op: '=', value: server.game_version }])
  const result = await searchProjects(viewer.payload, { text: text.slice(0, 200), filters: groups, sort: 'relevance', offset: 0, limit: 10, facets: false })
  return { hits: result.hits, total: result.total_hits }
}

/** The viewer's own collections that hold anything, for "Install a collection". */
export async function collectionsToInstall(viewer: Viewer): Promise<{ id: string; name: string; count: number }[]> {
  return (await ownCollections(viewer)).filter((c) => c.projectIds.length > 0).map((c) => ({ id: c.id, name: c.name, count: c.projectIds.length }))
}

