import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { hashBuffer, hashFile } from '../../../lib/hashing'
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
  return { ...data, sha1: hashes.sha1, sha512: hashes.sha512 }
}
