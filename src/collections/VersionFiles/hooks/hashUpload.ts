import { ValidationError, type CollectionBeforeChangeHook, type PayloadRequest } from 'payload'

import { hashBuffer, hashFile } from '../../../lib/hashing'
import { relationId } from '../../../lib/ids'
import { fileTooLarge, maxVersionFileBytes } from '../../../lib/limits'

/**
 * Hashes the uploaded file while streaming it from the temp file (or from memory for Local API
 * uploads), and enforces the size limit on the bytes actually received.
 */
export const hashUpload: CollectionBeforeChangeHook = async ({ data, req, originalDoc }) => {
  const file = req.file
  // Hashes describe the stored bytes: without a new file they cannot be edited.
  if (!file) return originalDoc ? { ...data, sha1: originalDoc.sha1, sha512: originalDoc.sha512 } : data
  const fromDisk = !!file.tempFilePath && (!file.data || file.data.length === 0)
  const hashes = fromDisk ? await hashFile(file.tempFilePath!) : hashBuffer(file.data)
  const limit = maxVersionFileBytes()
  if (hashes.size > limit) {
    throw new ValidationError({ collection: 'version-files', errors: [{ path: 'file', message: fileTooLarge(limit) }] })
  }
  const elsewhere = await projectsHolding(req, hashes.sha1)
  const own = await projectOf(req, relationId(data.version ?? originalDoc?.version))
  if (elsewhere.some((p) => p !== own)) {
    // As the reference does: the same bytes are not published twice under different projects.
    throw new ValidationError({ collection: 'version-files', errors: [{ path: 'file', message: DUPLICATE_FILE }] })
  }
  return { ...data, sha1: hashes.sha1, sha512: hashes.sha512 }
}

export const DUPLICATE_FILE = 'Duplicate files are not allowed: this file is already published under another project.'

async function projectOf(req: PayloadRequest, versionId: string | null): Promise<string | null> {
  if (!versionId) return null
  const v = await req.payload.findByID({ collection: 'versions', id: versionId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { project: true } })
  return relationId(v?.project)
}

/** The projects whose versions already hold a file with these bytes. */
async function projectsHolding(req: PayloadRequest, sha1: string): Promise<string[]> {
  const files = await req.payload.find({ collection: 'version-files', where: { sha1: { equals: sha1 } }, pagination: false, depth: 0, overrideAccess: true, req, select: { version: true } })
  const versionIds = [...new Set(files.docs.map((f) => relationId(f.version)).filter((id): id is string => !!id))]
  if (versionIds.length === 0) return []
  const versions = await req.payload.find({ collection: 'versions', where: { id: { in: versionIds } }, pagination: false, depth: 0, overrideAccess: true, req, select: { project: true } })
  return [...new Set(versions.docs.map((v) => relationId(v.project)).filter((id): id is string => !!id))]
}
