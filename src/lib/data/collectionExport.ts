import type { Project, Version, VersionFile } from '../../payload-types'
import { modpackFolder, pickVersion, type Candidate, type ExportChoice, type PackFile, type SkipReason } from '../collections/modpack'
import { fileUrl } from '../files/fileUrl'
import { env } from '../env'
import { relationId } from '../ids'
import { projectPath } from '../search/displayType'
import { getCollectionPage, type CollectionPage } from './profile-pages'
import { gameVersionOrder } from './tags'
import { findVisible } from './visible'
import { as, type Viewer } from './viewer'

/** One project's part in an export: its chosen version and file, or why it was left out. */
export type PlannedProject = { projectId: string; title: string; path: string } & (
  | { versionId: string; versionNumber: string; file: PackFile }
  | { skip: SkipReason | 'noFile' }
)
export type ExportPlan = { included: Extract<PlannedProject, { file: PackFile }>[]; skipped: Extract<PlannedProject, { skip: string }>[] }
export type ExportOptions = { page: CollectionPage; gameVersions: string[]; loaders: string[] }

const ids = (values: readonly unknown[] | null | undefined) => (values ?? []).map(relationId).filter((v): v is string => !!v)

async function collectionProjects(viewer: Viewer, page: CollectionPage): Promise<Project[]> {
  const wanted = page.projects.map((p) => p.id)
  if (wanted.length === 0) return []
  const { docs } = await viewer.payload.find({
    collection: 'projects',
    where: { id: { in: wanted } },
    select: { title: true, slug: true, projectType: true, loaders: true, gameVersions: true, clientSide: true, serverSide: true },
    pagination: false,
    depth: 0,
    joins: false,
    ...as(viewer),
  })
  const order = new Map(wanted.map((id, i) => [id, i]))
  return (docs as Project[]).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
}

/**
 * The collection as the viewer may see it (null: unknown, or private to someone else) with the
 * choices its projects offer: game versions newest first, and the mod loaders among them.
 */
export async function collectionExportOptions(viewer: Viewer, id: string): Promise<ExportOptions | null> {
  const page = await getCollectionPage(viewer, id)
  if (!page) return null
  const projects = await collectionProjects(viewer, page)
  const versions = [...new Set(projects.flatMap((p) => ids(p.gameVersions)))]
  const order = await gameVersionOrder(viewer, versions)
  const loaders = [...new Set(projects.filter((p) => p.projectType === 'mod').flatMap((p) => ids(p.loaders)))]
  return { page, gameVersions: versions.sort((a, b) => (order.get(b) ?? -1) - (order.get(a) ?? -1)), loaders }
}

/** Which version and file of each of the collection's projects goes into a pack for the choice. */
export async function planCollectionExport(viewer: Viewer, page: CollectionPage, choice: ExportChoice): Promise<ExportPlan> {
  const projects = await collectionProjects(viewer, page)
  const versions = projects.length
    ? await findVisible(viewer, 'versions', {
        where: { and: [{ project: { in: projects.map((p) => p.id) } }, { status: { equals: 'listed' } }, { gameVersions: { in: [choice.gameVersion] } }] },
        select: { project: true, versionNumber: true, versionType: true, gameVersions: true, loaders: true, datePublished: true, createdAt: true },
      })
    : []
  const byProject = new Map<string, Version[]>()
  for (const v of versions) {
    const p = relationId(v.project) ?? ''
    byProject.set(p, [...(byProject.get(p) ?? []), v])
  }
  const picks = projects.map((p) => {
    const candidates: Candidate[] = (byProject.get(p.id) ?? []).map((v) => ({ id: v.id, versionType: v.versionType ?? 'release', gameVersions: ids(v.gameVersions), loaders: ids(v.loaders), published: v.datePublished ?? v.createdAt }))
    return { project: p, pick: pickVersion(p.projectType, candidates, choice) }
  })
  const chosen = picks.flatMap(({ pick }) => ('version' in pick ? [pick.version.id] : []))
  const files = await primaryFiles(viewer, chosen)
  const versionNumber = new Map(versions.map((v) => [v.id, v.versionNumber]))
  const plan: ExportPlan = { included: [], skipped: [] }
  for (const { project: p, pick } of picks) {
    const base = { projectId: p.id, title: p.title, path: projectPath(p.projectType, ids(p.loaders), p.slug ?? p.id) }
    if ('skip' in pick) {
      plan.skipped.push({ ...base, skip: pick.skip })
      continue
    }
    const f = files.get(pick.version.id)
    if (!f?.filename || !f.sha1 || !f.sha512) {
      plan.skipped.push({ ...base, skip: 'noFile' })
      continue
    }
    plan.included.push({
      ...base,
      versionId: pick.version.id,
      versionNumber: versionNumber.get(pick.version.id) ?? '',
      file: { folder: modpackFolder(p.projectType)!, filename: f.filename, sha1: f.sha1, sha512: f.sha512, size: f.filesize ?? 0, url: fileUrl('version-files', f.filename, env.siteUrl()), clientSide: p.clientSide, serverSide: p.serverSide },
    })
  }
  return plan
}

/** Each version's primary file (the flagged one, else its first upload) as the viewer may see it. */
export async function primaryFiles(viewer: Viewer, versionIds: string[]): Promise<Map<string, VersionFile>> {
  const out = new Map<string, VersionFile>()
  if (versionIds.length === 0) return out
  const { docs } = await viewer.payload.find({
    collection: 'version-files',
    where: { version: { in: versionIds } },
    sort: ['createdAt', 'id'],
    select: { version: true, primary: true, filename: true, filesize: true, sha1: true, sha512: true },
    pagination: false,
    depth: 0,
    ...as(viewer),
  })
  for (const f of docs as VersionFile[]) {
    const v = relationId(f.version) ?? ''
    if (!out.has(v) || (f.primary && !out.get(v)!.primary)) out.set(v, f)
  }
  return out
}
