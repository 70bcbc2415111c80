/**
 * The project types (spec §2), stated once: the list, the site's order and their URL segments.
 * Everything else derives from here (the collections' select options, API v2's type list, the create
 * form, the navigation, the search and profile pages, the route matchers). Labels are messages keyed
 * by these: `ProjectTypes.{type}.singular|plural|description`, and `Nav.{segment}` for a search page
 * (messages/en-US.json). Pure; safe on both sides.
 */

/**
 * As a project stores them: the order of the database's select options, of API v2's
 * `/tag/project_type` and of the create form's choices.
 */
export const PROJECT_TYPES = ['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack'] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]

/** Where each type stands in the site's lists (plugins come after modpacks). */
const SITE_RANK: Record<ProjectType, number> = { mod: 0, modpack: 1, plugin: 2, resourcepack: 3, shader: 4, datapack: 5 }

/** The types in the order the site lists them: menu, footer, home grid, search pages, profile tabs, moderation filter. */
export const SITE_PROJECT_TYPES: readonly ProjectType[] = [...PROJECT_TYPES].sort((a, b) => SITE_RANK[a] - SITE_RANK[b])

export const isProjectType = (value: unknown): value is ProjectType => typeof value === 'string' && (PROJECT_TYPES as readonly string[]).includes(value)

/** A type's plural URL segment (`mods`): its search page (`/mods`), a profile's sub-route (`/user/x/mods`) and its `Nav` message key. */
export type ProjectTypeSegment = `${ProjectType}s`
export const projectTypeSegment = (type: ProjectType): ProjectTypeSegment => `${type}s`

/**
 * The type a URL segment names: its plural (`mods`) or its singular (`mod`), case-insensitive; null
 * for anything else.
 */
export function projectTypeFromSegment(segment: string | null | undefined): ProjectType | null {
  if (!segment) return null
  const s = segment.toLowerCase()
  return PROJECT_TYPES.find((type) => s === type || s === projectTypeSegment(type)) ?? null
}

/** The search page of a type: `/mods`. */
export const projectTypeSearchPath = (type: ProjectType): `/${ProjectTypeSegment}` => `/${projectTypeSegment(type)}`

/**
 * The first URL segments a project's page answers on (`/mod/sodium`); `project` is the untyped form,
 * which redirects to the typed one.
 */
export const PROJECT_ROUTE_SEGMENTS: readonly string[] = [...PROJECT_TYPES, 'project']

/** The types as a regular-expression alternation (`mod|modpack|…`), for route matchers built from this list. */
export const PROJECT_TYPE_PATTERN = PROJECT_TYPES.join('|')
