import { filterDateMs, splitGroups, usesVersionRow, versionShortcut } from '../filterShape'
import type { Filter, FilterGroups } from '../query'
import type { MemoryDoc, MemoryVersion } from './types'

/**
 * The in-memory reading of a filter set, mirroring the SQL one (`postgres/where.ts`) filter by
 * filter: `=` on a version field is tested on one version; `!=` on a loader or game version excludes
 * the project when its own list has the value; `!=` on a version type when any version has it.
 */
function projectTest(d: MemoryDoc, f: Filter): boolean {
  const negate = f.op === '!='
  const is = (b: boolean) => (negate ? !b : b)
  switch (f.field) {
    case 'loaders':
      return negate ? !d.loaders.includes(f.value) : false
    case 'game_versions':
      return negate ? !d.gameVersions.includes(f.value) : false
    case 'version_type':
      return negate ? !d.versions.some((v) => v.versionType === f.value) : false
    case 'categories':
      return is(d.categories.includes(f.value))
    case 'project_type':
      return is(d.projectType === f.value)
    case 'client_side':
      return is(d.clientSide === f.value)
    case 'server_side':
      return is(d.serverSide === f.value)
    case 'license':
      return is(d.license === f.value)
    case 'project_id':
      return is(d.id === f.value)
    case 'open_source':
      return is(d.openSource === (f.value === 'true'))
    case 'title':
      return is(d.titleLower === f.value.toLowerCase())
    case 'author':
      return is(d.authorLower === f.value.toLowerCase())
    case 'downloads':
      return compare(d.downloads, f.op, Number(f.value))
    case 'follows':
      return compare(d.follows, f.op, Number(f.value))
    case 'date_created':
      return compare(d.created, f.op, filterDateMs(f.value))
    case 'date_modified':
      return compare(d.modified, f.op, filterDateMs(f.value))
  }
}

export function compare(a: number, op: Filter['op'], b: number): boolean {
  switch (op) {
    case '=':
      return a === b
    case '!=':
      return a !== b
    case '>':
      return a > b
    case '>=':
      return a >= b
    case '<':
      return a < b
    case '<=':
      return a <= b
  }
}

function versionTest(d: MemoryDoc, v: MemoryVersion, f: Filter): boolean {
  if (!usesVersionRow(f)) return projectTest(d, f)
  if (f.field === 'loaders') return v.loaders.includes(f.value)
  if (f.field === 'game_versions') return v.gameVersions.includes(f.value)
  return v.versionType === f.value
}

/** The version groups as one test: through the project's own lists for the common shapes, as SQL does. */
function versionsTest(versionGroups: Filter[][]): (d: MemoryDoc) => boolean {
  if (!versionGroups.length) return () => true
  const shape = versionShortcut(versionGroups)
  if (!shape) return (d) => d.versions.some((v) => versionGroups.every((g) => g.some((f) => versionTest(d, v, f))))
  const { loaders: l, gameVersions: g } = shape
  // The 'loader|version' pairs of SQL are exactly "one version has one of each".
  if (l && g) return (d) => d.versions.some((v) => l.some((x) => v.loaders.includes(x)) && g.some((y) => v.gameVersions.includes(y)))
  if (l) return (d) => l.some((x) => d.loaders.includes(x))
  return (d) => g!.some((x) => d.gameVersions.includes(x))
}

/** A predicate for the groups (outer AND, inner OR); version groups must hold on one version. */
export function compileFilters(groups: FilterGroups): (d: MemoryDoc) => boolean {
  const { projectGroups, versionGroups } = splitGroups(groups)
  const versions = versionsTest(versionGroups)
  return (d) => projectGroups.every((g) => g.some((f) => projectTest(d, f))) && versions(d)
}
