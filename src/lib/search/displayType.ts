/**
 * The type a project is shown as (spec §2): a mod becomes a data pack if any of its loaders is
 * `datapack`, else a plugin if any loader is a plugin or plugin-platform (proxy) loader, else it stays a
 * mod. Other types are shown as they are. Pure.
 */

export const PLUGIN_PLATFORM_LOADERS = ['bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge'] as const
export const PLUGIN_PROXY_LOADERS = ['bungeecord', 'waterfall', 'velocity'] as const

const PLUGIN_LOADERS = new Set<string>([...PLUGIN_PLATFORM_LOADERS, ...PLUGIN_PROXY_LOADERS])

/** A plugin platform or proxy loader (what makes a mod show as a plugin). */
export const isPluginLoader = (loader: string): boolean => PLUGIN_LOADERS.has(loader)

/** `loaders` may also hold category names (v2 search hits list loaders among the categories). */
export function displayProjectType(projectType: string, loaders: readonly string[] = []): string {
  if (projectType !== 'mod') return projectType
  if (loaders.includes('datapack')) return 'datapack'
  if (loaders.some(isPluginLoader)) return 'plugin'
  return 'mod'
}

/** The page of a project as its displayed type: /{type}/{slug}. */
export const projectPath = (projectType: string, loaders: readonly string[], slugOrId: string): string =>
  `/${displayProjectType(projectType, loaders)}/${encodeURIComponent(slugOrId)}`
