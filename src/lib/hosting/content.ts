/*
 * A server's content (spec §2 "content"): the add-ons in its `mods/` or `plugins/` folder, by its
 * loader, as the content page shows and changes them. Pure rules; the service is
 * src/plugins/hosting/service/content.ts.
 */

/** Loaders whose add-ons are plugins (Bukkit and its kin, the proxies); the rest load mods. */
const PLUGIN_LOADERS = new Set(['paper', 'purpur', 'spigot', 'bukkit', 'folia', 'sponge', 'velocity', 'bungeecord', 'waterfall'])

export const contentFolderOf = (loader: string | null | undefined): 'mods' | 'plugins' => (PLUGIN_LOADERS.has(loader ?? '') ? 'plugins' : 'mods')

/** What the catalogue offers a server: its project type, and its loader when the catalogue knows it. */
export function catalogueFilter(server: { loader: string | null; game_version: string | null }): { projectType: 'mod' | 'plugin'; loaders: string[]; gameVersions: string[] } {
  const projectType = contentFolderOf(server.loader) === 'plugins' ? 'plugin' : 'mod'
  // flying-squid (the demo loader) is no catalogue loader: any loader's builds are offered.
  const loaders = server.loader && server.loader !== 'flying-squid' ? [server.loader] : []
  return { projectType, loaders, gameVersions: server.game_version ? [server.game_version] : [] }
}

const DISABLED = '.disabled'

/** A disabled add-on keeps its name with `.disabled` after it, which the game does not load. */
export const isDisabled = (name: string): boolean => name.endsWith(DISABLED)
export const toggledName = (name: string): string => (isDisabled(name) ? name.slice(0, -DISABLED.length) : `${name}${DISABLED}`)

/** A file name the content page may act on: one name inside the folder, nothing that climbs out. */
export const isContentName = (name: string): boolean => name.length > 0 && name.length <= 255 && !/[/\\]/.test(name) && !name.includes('\0') && name !== '.' && name !== '..'

export type Dependency = { project: string | null; version: string | null; dependencyType: string }

/** The required dependencies still missing: those naming a project not installed (or a version of one). */
export function missingRequired(dependencies: readonly Dependency[], installedProjects: ReadonlySet<string>): Dependency[] {
  const seen = new Set<string>()
  return dependencies.filter((d) => {
    const key = d.project ?? d.version ?? ''
    if (d.dependencyType !== 'required' || !key || seen.has(key)) return false
    seen.add(key)
    return !d.project || !installedProjects.has(d.project)
  })
}
