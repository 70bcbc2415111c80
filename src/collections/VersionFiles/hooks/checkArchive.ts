import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { archiveProblem, isArchiveName } from '../../../lib/files/archive'

/** A jar, zip or modpack must be a sound zip without unsafe paths (src/lib/files/archive.ts); other files pass. */
export const checkArchive: CollectionBeforeChangeHook = async ({ data, req }) => {
  const file = req.file
  if (!file || !isArchiveName(file.name)) return data
  const fromDisk = !!file.tempFilePath && (!file.data || file.data.length === 0)
  const problem = await archiveProblem(fromDisk ? { path: file.tempFilePath! } : { data: file.data })
  if (problem) throw new ValidationError({ collection: 'version-files', errors: [{ path: 'file', message: problem }] })
  return data
}
