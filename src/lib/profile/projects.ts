/**
 * Pure helpers of the profile pages (user, organization, collection): totals, the counts behind the
 * project-type sub-routes (`/user/{id}/mods`; segments are ../projectTypes.ts), which projects a visitor sees, and their display type.
 */
import { displayProjectType } from '../search/displayType'
import { isListed } from '../projectStatus'
import { SITE_PROJECT_TYPES, type ProjectType } from '../projectTypes'

/** What the helpers need of a project. */
export type ProjectLike = {
  projectType: string
  status?: string | null
  loaders?: readonly string[] | null
  downloads?: number | null
  followers?: number | null
}

const count = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0)

/** Downloads and followers summed over the projects (missing or negative counts are 0). */
export function projectTotals(projects: readonly ProjectLike[]): { downloads: number; followers: number } {
  let downloads = 0
  let followers = 0
  for (const p of projects) {
    downloads += count(p.downloads)
    followers += count(p.followers)
  }
  return { downloads, followers }
}

/** The type a project is shown as (a mod with plugin or data-pack loaders is a plugin or data pack). */
export const displayTypeOf = (p: ProjectLike): string => displayProjectType(p.projectType, p.loaders ?? [])

/** The types present among the projects, in the site's order, with how many of each. */
export function projectTypeCounts(projects: readonly ProjectLike[]): Array<{ type: ProjectType; count: number }> {
  const counts = new Map<string, number>()
  for (const p of projects) counts.set(displayTypeOf(p), (counts.get(displayTypeOf(p)) ?? 0) + 1)
  return SITE_PROJECT_TYPES.filter((t) => counts.has(t)).map((type) => ({ type, count: counts.get(type) ?? 0 }))
}

/** The projects of one displayed type (all of them when `type` is null). */
export function filterByType<P extends ProjectLike>(projects: readonly P[], type: ProjectType | null): P[] {
  return type ? projects.filter((p) => displayTypeOf(p) === type) : [...projects]
}

/**
 * The projects a profile lists: listed ones (approved, archived) for everyone; the profile's owner
 * and staff also see the rest they may read (drafts, unlisted, …), shown with a status badge.
 */
export function projectsShownTo<P extends ProjectLike>(projects: readonly P[], seesHidden: boolean): P[] {
  return seesHidden ? [...projects] : projects.filter((p) => isListed(p.status ?? ''))
}

/** Most downloaded first, then by title: a stable order for profile listings. */
export function sortForProfile<P extends ProjectLike & { title?: string | null }>(projects: readonly P[]): P[] {
  return [...projects].sort((a, b) => count(b.downloads) - count(a.downloads) || (a.title ?? '').localeCompare(b.title ?? ''))
}
