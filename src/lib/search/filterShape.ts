import { isVersionField, type Filter, type FilterGroups } from './query'

/**
 * How a filter set is evaluated, shared by every engine that evaluates filters itself (the SQL
 * `WHERE` builder and the in-memory index), so both read a facet list the same way.
 */

/** A filter tested on one version row: an equality on a version field. */
export const usesVersionRow = (f: Filter) => isVersionField(f.field) && f.op === '='

/** The field of a group like [loaders:fabric OR loaders:quilt] (one field, all equalities), else null. */
export const pureField = (g: Filter[]) => (g.every((f) => f.op === '=' && f.field === g[0].field) ? g[0].field : null)

/** The groups tested per version (they must hold for one and the same version) and the rest. */
export function splitGroups(groups: FilterGroups): { projectGroups: Filter[][]; versionGroups: Filter[][] } {
  return { projectGroups: groups.filter((g) => !g.some(usesVersionRow)), versionGroups: groups.filter((g) => g.some(usesVersionRow)) }
}

/**
 * Version groups answered from the project's own arrays, when they are at most one OR group of
 * loaders and one of game versions — the shape of nearly every real search. Both together use the
 * 'loader|version' pairs, so they must hold for one and the same version. Null for other shapes.
 */
export function versionShortcut(versionGroups: Filter[][]): { loaders?: string[]; gameVersions?: string[] } | null {
  const loaders = versionGroups.filter((g) => pureField(g) === 'loaders')
  const versions = versionGroups.filter((g) => pureField(g) === 'game_versions')
  if (loaders.length + versions.length !== versionGroups.length || loaders.length > 1 || versions.length > 1) return null
  return { loaders: loaders[0]?.map((f) => f.value), gameVersions: versions[0]?.map((f) => f.value) }
}

/** 'loader|game version', as stored in search_projects.loader_versions. */
export const loaderVersionKey = (loader: string, gameVersion: string) => `${loader}|${gameVersion}`

/** A date filter's value as epoch milliseconds: digits are Unix seconds, anything else a date string. */
export const filterDateMs = (value: string) => (/^\d+$/.test(value) ? Number(value) * 1000 : new Date(value).getTime())
