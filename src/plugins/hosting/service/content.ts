import type { Project, Version, VersionFile } from '../../../payload-types'
import { primaryFiles } from '../../../lib/data/collectionExport'
import { getCollectionPage } from '../../../lib/data/profile-pages'
import { getFilesByHashes, getLatestVersionIds, getVersionsByIds } from '../../../lib/data/versions'
import { getProjectsByIds } from '../../../lib/data/projects'
import type { Viewer } from '../../../lib/data/viewer'
import { openVersionFile } from '../../../lib/files/storedFile'
import { catalogueFilter, contentFolderOf, isContentName, isDisabled, missingRequired, toggledName, type Dependency } from '../../../lib/hosting/content'
import { relationId } from '../../../lib/ids'
import { viaAgent } from './acts'
import { logged, pushFile, serverFolderAccess } from './files'
import { HostingError, type ServerRow } from './rows'

/*
 * A server's content (issue 32 item 3, spec §2 "content"): what is in its `mods/` (or `plugins/`)
 * folder, recognised by the files' sha512 against the catalogue — so what the page shows is what is
 * on disk, however it got there — and changes to it: install a version (with its required
 * dependencies), update, disable, remove, or a whole collection at once. Reads and installs go
 * through the catalogue as the signed-in viewer: what they may not see cannot be installed.
 */

type Signed = Viewer & { user: NonNullable<Viewer['user']> }

export type InstalledItem = {
  file: string
  size: number
  disabled: boolean
  project: { id: string; slug: string; title: string; projectType: string } | null
  version: { id: string; number: string } | null
  update: { id: string; number: string } | null
}

export type ServerContent = { folder: 'mods' | 'plugins'; items: InstalledItem[]; gameVersion: string | null; loader: string | null }

const access = (viewer: Signed, id: string) => serverFolderAccess(viewer.payload, viewer.user, id)

export async function installedContent(viewer: Signed, id: string): Promise<ServerContent> {
  const { server, agent } = await access(viewer, id)
  const folder = contentFolderOf(server.loader)
  const { files } = await viaAgent(() => agent.fileHashes(id, folder))
  const byHash = await getFilesByHashes(viewer, 'sha512', files.map((f) => f.sha512))
  const versionOf = new Map([...byHash].map(([hash, f]) => [hash, relationId(f.version) ?? '']))
  const versions = new Map((await getVersionsByIds(viewer, [...versionOf.values()])).map((v) => [v.id, v]))
  const projectIds = [...versions.values()].map((v) => relationId(v.project) ?? '')
  const projects = new Map((await getProjectsByIds(viewer, projectIds)).map((p) => [p.id, p]))
  const filter = catalogueFilter(server)
  const latest = await getLatestVersionIds(viewer, projectIds, { loaders: filter.loaders, gameVersions: filter.gameVersions })
  const latestVersions = new Map((await getVersionsByIds(viewer, [...latest.values()])).map((v) => [v.id, v]))
  const items = files.map((f): InstalledItem => {
    const version = versions.get(versionOf.get(f.sha512) ?? '')
    const project = version ? projects.get(relationId(version.project) ?? '') : undefined
    const newest = project ? latestVersions.get(latest.get(project.id) ?? '') : undefined
    return {
      file: f.name,
      size: f.size,
      disabled: isDisabled(f.name),
      project: project ? { id: project.id, slug: project.slug ?? project.id, title: project.title, projectType: project.projectType } : null,
      version: version ? { id: version.id, number: version.versionNumber } : null,
      update: newest && version && newest.id !== version.id ? { id: newest.id, number: newest.versionNumber } : null,
    }
  })
  return { folder, items, gameVersion: server.game_version, loader: server.loader }
}

/** The version's primary file, sent into the content folder. */
async function putVersion(viewer: Signed, server: ServerRow, agent: Awaited<ReturnType<typeof access>>['agent'], version: Version, file: VersionFile | undefined): Promise<string> {
  if (!file?.filename || !isContentName(file.filename)) throw new HostingError(`${version.versionNumber} has no file to install.`)
  const path = `${contentFolderOf(server.loader)}/${file.filename}`
  await pushFile(agent, server.id, path, file.filesize ?? 0, openVersionFile(file.filename) as AsyncIterable<Uint8Array>)
  return file.filename
}

/** The version to install for a dependency: the one it names, else its project's newest for this server. */
async function dependencyVersion(viewer: Signed, server: ServerRow, dep: Dependency): Promise<Version | null> {
  if (dep.version) return (await getVersionsByIds(viewer, [dep.version]))[0] ?? null
  if (!dep.project) return null
  const filter = catalogueFilter(server)
  const latest = await getLatestVersionIds(viewer, [dep.project], { loaders: filter.loaders, gameVersions: filter.gameVersions })
  const id = latest.get(dep.project)
  return id ? ((await getVersionsByIds(viewer, [id]))[0] ?? null) : null
}

/**
 * Installs a version of a project and the required dependencies it names that are not installed
 * yet (each dependency's own newest version for the server). Returns the files written.
 */
export async function installVersion(viewer: Signed, id: string, versionId: string): Promise<string[]> {
  const { server, agent } = await access(viewer, id)
  const version = (await getVersionsByIds(viewer, [versionId]))[0]
  if (!version) throw new HostingError('That version was not found.')
  const installed = await installedContent(viewer, id)
  const present = new Set(installed.items.flatMap((i) => (i.project ? [i.project.id] : [])))
  const deps = missingRequired(
    (version.dependencies ?? []).map((d) => ({ project: relationId(d.project) ?? null, version: relationId(d.version) ?? null, dependencyType: d.dependencyType })),
    present,
  )
  const wanted = [version, ...(await Promise.all(deps.map((d) => dependencyVersion(viewer, server, d)))).filter((v): v is Version => !!v && v.id !== version.id)]
  const files = await primaryFiles(viewer, wanted.map((v) => v.id))
  const written: string[] = []
  for (const v of wanted) written.push(await putVersion(viewer, server, agent, v, files.get(v.id)))
  await logged(viewer.payload, viewer.user, id, 'content installed', { version: version.id, files: written })
  return written
}

/** The installed file `file` of the content folder, checked to be a plain name there. */
function contentPath(server: ServerRow, file: string): string {
  if (!isContentName(file)) throw new HostingError('That is not a file of this server’s content.')
  return `${contentFolderOf(server.loader)}/${file}`
}

export async function removeContent(viewer: Signed, id: string, file: string): Promise<void> {
  const { server, agent } = await access(viewer, id)
  await viaAgent(() => agent.deleteFiles(id, [contentPath(server, file)]))
  await logged(viewer.payload, viewer.user, id, 'content removed', { file })
}

/** Disables an add-on (renamed to `….disabled`, which the game skips) or enables it again. */
export async function toggleContent(viewer: Signed, id: string, file: string): Promise<boolean> {
  const { server, agent } = await access(viewer, id)
  const to = toggledName(file)
  await viaAgent(() => agent.moveFile(id, contentPath(server, file), contentPath(server, to)))
  await logged(viewer.payload, viewer.user, id, isDisabled(to) ? 'content disabled' : 'content enabled', { file })
  return isDisabled(to)
}

/** Replaces an installed file with its project's newest version for the server. */
export async function updateContent(viewer: Signed, id: string, file: string): Promise<string> {
  const content = await installedContent(viewer, id)
  const item = content.items.find((i) => i.file === file)
  if (!item?.update) throw new HostingError('There is no update for that file.')
  const written = await installVersion(viewer, id, item.update.id)
  if (!written.includes(file)) await removeContent(viewer, id, file)
  return item.update.number
}

export type CollectionInstall = { installed: string[]; skipped: string[] }

/**
 * Installs one of the viewer's collections (or any public one) in one step: each project's version
 * for the server's game version and loader, as the collection's modpack export picks it; projects
 * with none, or that are not mods or plugins, are skipped by name.
 */
export async function installCollection(viewer: Signed, id: string, collectionId: string): Promise<CollectionInstall> {
  const { server, agent } = await access(viewer, id)
  const page = await getCollectionPage(viewer, collectionId)
  if (!page) throw new HostingError('That collection was not found.')
  const filter = catalogueFilter(server)
  const projects = await getProjectsByIds(viewer, page.projects.map((p) => p.id))
  const out: CollectionInstall = { installed: [], skipped: [] }
  const latest = await getLatestVersionIds(
    viewer,
    projects.filter((p) => p.projectType === filter.projectType).map((p) => p.id),
    { loaders: filter.loaders, gameVersions: filter.gameVersions },
  )
  const files = await primaryFiles(viewer, [...latest.values()])
  const versions = new Map((await getVersionsByIds(viewer, [...latest.values()])).map((v) => [v.id, v]))
  for (const p of projects as Project[]) {
    const version = versions.get(latest.get(p.id) ?? '')
    if (!version) {
      out.skipped.push(p.title)
      continue
    }
    out.installed.push(await putVersion(viewer, server, agent, version, files.get(version.id)))
  }
  await logged(viewer.payload, viewer.user, id, 'collection installed', { collection: collectionId, files: out.installed })
  return out
}

/**
 * Installs a project from the catalogue search: its newest version for the server's game version
 * and loader, or (`anyVersion`, after "Show everything") its newest version of all.
 */
export async function installProject(viewer: Signed, id: string, projectId: string, anyVersion: boolean): Promise<string[]> {
  const { server } = await access(viewer, id)
  const filter = catalogueFilter(server)
  const latest = await getLatestVersionIds(viewer, [projectId], anyVersion ? {} : { loaders: filter.loaders, gameVersions: filter.gameVersions })
  const versionId = latest.get(projectId)
  if (!versionId) throw new HostingError('That project has no version for this server.')
  return installVersion(viewer, id, versionId)
}
