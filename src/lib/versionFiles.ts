/** What a version's extra files are (labrinth's file types); the primary file needs none. */
export const FILE_TYPES = ['required-resource-pack', 'optional-resource-pack', 'sources-jar', 'dev-jar', 'javadoc-jar', 'signature', 'unknown'] as const

/** A version's files as shown to people and clients: a version without files gets a placeholder. */
export type DisplayFile = {
  id: string | null
  filename: string
  url: string | null
  size: number
  primary: boolean
  fileType: string | null
  hashes: { sha1: string | null; sha512: string | null }
  placeholder: boolean
}

type StoredFile = { id: string; filename?: string | null; url?: string | null; filesize?: number | null; primary?: boolean | null; fileType?: string | null; sha1?: string | null; sha512?: string | null }

export function filesForDisplay(version: { versionNumber: string }, files: StoredFile[]): DisplayFile[] {
  if (files.length === 0) {
    return [{ id: null, filename: `No files uploaded for ${version.versionNumber}`, url: null, size: 0, primary: true, fileType: null, hashes: { sha1: null, sha512: null }, placeholder: true }]
  }
  // Exactly one primary file: the flagged one, else the first.
  const primaryIndex = Math.max(0, files.findIndex((f) => f.primary))
  return files.map((f, i) => ({
    id: f.id,
    filename: f.filename ?? 'file',
    url: f.url ?? null,
    size: f.filesize ?? 0,
    primary: i === primaryIndex,
    fileType: f.fileType ?? null,
    hashes: { sha1: f.sha1 ?? null, sha512: f.sha512 ?? null },
    placeholder: false,
  }))
}
