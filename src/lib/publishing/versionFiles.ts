import type { Payload } from 'payload'

import type { Version, VersionFile } from '../../payload-types'
import { as, type Viewer } from '../data/viewer'

/** A file already received to disk (a multipart part), to be stored as a version file. */
export type ReceivedFile = { path: string; filename: string; mimetype: string; size: number; primary: boolean; fileType?: VersionFile['fileType'] }

export type VersionDraft = Pick<Version, 'project' | 'versionNumber' | 'name' | 'changelog' | 'versionType' | 'gameVersions' | 'loaders' | 'featured' | 'dependencies'> & { status: NonNullable<Version['status']> }

/** Stores one received file under a version, as the viewer (the collection checks their bit and hashes it). */
async function storeFile(viewer: Viewer, versionId: string, file: ReceivedFile): Promise<VersionFile> {
  return viewer.payload.create({
    collection: 'version-files',
    data: { version: versionId, primary: file.primary, fileType: file.fileType ?? null },
    // An empty buffer with a temp path: Payload and the hash hook read the file from disk.
    file: { data: Buffer.alloc(0), tempFilePath: file.path, name: file.filename, mimetype: file.mimetype, size: file.size },
    depth: 0,
    ...as(viewer),
  })
}

/**
 * A version with its files, all or nothing, the way the site's version form publishes: the version
 * is made as a draft, every file is stored, then it takes its status. If anything is refused (a
 * duplicate file, a bit the member lacks, a bad value) the draft and the files stored so far are
 * removed again — by the system, since a token may create without being allowed to delete.
 */
export async function createVersionWithFiles(viewer: Viewer, draft: VersionDraft, files: ReceivedFile[]): Promise<Version> {
  const { status, ...data } = draft
  const version = await viewer.payload.create({ collection: 'versions', data: { ...data, status: 'draft' }, depth: 0, ...as(viewer) })
  try {
    for (const file of files) await storeFile(viewer, version.id, file)
    if (status === 'draft') return version
    return await viewer.payload.update({ collection: 'versions', id: version.id, data: { status }, depth: 0, ...as(viewer) })
  } catch (error) {
    await removeVersion(viewer.payload, version.id)
    throw error
  }
}

/** More files for an existing version, all or nothing: on a refusal the ones stored by this call go again. */
export async function addFilesToVersion(viewer: Viewer, versionId: string, files: ReceivedFile[]): Promise<void> {
  const stored: string[] = []
  try {
    for (const file of files) stored.push((await storeFile(viewer, versionId, file)).id)
  } catch (error) {
    if (stored.length) await viewer.payload.delete({ collection: 'version-files', where: { id: { in: stored } }, overrideAccess: true })
    throw error
  }
}

/** Makes one of the version's files its primary file (and no other), as the viewer. */
export async function setPrimaryFile(viewer: Viewer, versionId: string, fileId: string): Promise<void> {
  const { docs } = await viewer.payload.find({ collection: 'version-files', where: { version: { equals: versionId } }, limit: 0, depth: 0, ...as(viewer) })
  for (const f of docs) {
    const primary = f.id === fileId
    if (!!f.primary !== primary) await viewer.payload.update({ collection: 'version-files', id: f.id, data: { primary }, depth: 0, ...as(viewer) })
  }
}

async function removeVersion(payload: Payload, id: string) {
  await payload.delete({ collection: 'versions', id, overrideAccess: true }).catch((err: unknown) => payload.logger.error({ err, msg: `could not remove the half-made version ${id}` }))
}

