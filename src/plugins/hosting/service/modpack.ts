import { unzipSync } from 'fflate'

import { primaryFiles } from '../../../lib/data/collectionExport'
import { getFilesByHashes, getLatestVersionIds, getVersionsByIds } from '../../../lib/data/versions'
import type { Viewer } from '../../../lib/data/viewer'
import { openVersionFile } from '../../../lib/files/storedFile'
import { modpackPlan } from '../../../lib/hosting/modpack'
import { logged, pushFile, serverFolderAccess } from './files'
import { HostingError } from './rows'

/*
 * A whole modpack installed on a server in one step (issue 32 item 3; Modrinth Servers installs a
 * pack's `.mrpack`): the pack's files found in our catalogue by their sha512 and sent to their paths,
 * then its overrides. Files the catalogue does not hold are not fetched from the pack's URLs — the
 * site does not download what a pack names from anywhere on the internet — and are listed as skipped.
 */

type Signed = Viewer & { user: NonNullable<Viewer['user']> }

/** A pack bigger than this is not read into memory. */
const MAX_PACK_BYTES = 256 * 1024 * 1024

export type ModpackInstall = { name: string; files: number; overrides: number; skipped: string[]; clientOnly: number }

async function readAll(source: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  let size = 0
  for await (const part of source) {
    size += part.byteLength
    if (size > max) throw new HostingError('This modpack is too big to install here.')
    parts.push(part)
  }
  return Buffer.concat(parts)
}

const once = (bytes: Uint8Array): AsyncIterable<Uint8Array> => ({
  async *[Symbol.asyncIterator]() {
    yield bytes
  },
})

/** Installs the modpack version `versionId` (its `.mrpack`) into server `id`. */
export async function installModpack(viewer: Signed, id: string, versionId: string): Promise<ModpackInstall> {
  const { agent } = await serverFolderAccess(viewer.payload, viewer.user, id)
  const version = (await getVersionsByIds(viewer, [versionId]))[0]
  if (!version) throw new HostingError('That version was not found.')
  const file = (await primaryFiles(viewer, [version.id])).get(version.id)
  if (!file?.filename?.toLowerCase().endsWith('.mrpack')) throw new HostingError(`${version.versionNumber} has no modpack file to install.`)
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(await readAll(openVersionFile(file.filename) as AsyncIterable<Uint8Array>, MAX_PACK_BYTES))
  } catch (error) {
    if (error instanceof HostingError) throw error
    throw new HostingError('This modpack’s file could not be read.')
  }
  const plan = modpackPlan(entries)
  if ('error' in plan) throw new HostingError(plan.error)

  const found = await getFilesByHashes(viewer, 'sha512', plan.downloads.map((d) => d.sha512))
  const skipped: string[] = []
  let files = 0
  for (const download of plan.downloads) {
    const stored = found.get(download.sha512)
    if (!stored?.filename) {
      skipped.push(download.path)
      continue
    }
    await pushFile(agent, id, download.path, stored.filesize ?? 0, openVersionFile(stored.filename) as AsyncIterable<Uint8Array>)
    files++
  }
  for (const [path, bytes] of plan.overrides) await pushFile(agent, id, path, bytes.byteLength, once(bytes))
  await logged(viewer.payload, viewer.user, id, 'modpack installed', { version: version.id, files, overrides: plan.overrides.size, skipped })
  return { name: plan.name, files, overrides: plan.overrides.size, skipped, clientOnly: plan.clientOnly }
}

/** Installs a modpack project: its newest version for the server's game version, else its newest. */
export async function installModpackProject(viewer: Signed, id: string, projectId: string): Promise<ModpackInstall> {
  const { server } = await serverFolderAccess(viewer.payload, viewer.user, id)
  const forServer = await getLatestVersionIds(viewer, [projectId], { gameVersions: [server.game_version] })
  const versionId = forServer.get(projectId) ?? (await getLatestVersionIds(viewer, [projectId], {})).get(projectId)
  if (!versionId) throw new HostingError('That modpack has no version to install.')
  return installModpack(viewer, id, versionId)
}
