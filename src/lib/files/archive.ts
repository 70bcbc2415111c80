import yauzl, { type ZipFile } from 'yauzl'

/**
 * Archives (jars, zips, modpacks) are checked before they are stored: the file must really be a zip
 * (a `.jar` that is not one is refused), and no entry may point outside the archive's folder — an
 * absolute path or `..` (zip slip), which would write anywhere on a player's disk when unpacked.
 * Only the central directory is read (yauzl, random access), never the whole file into memory.
 */
export const ARCHIVE_EXTENSIONS = ['.jar', '.zip', '.mrpack', '.litemod'] as const
export const NOT_AN_ARCHIVE = 'This file is not a valid archive: a .jar, .zip or .mrpack must be a zip file.'
export const unsafeEntry = (entry: string) => `This archive contains an unsafe path (${entry.slice(0, 200)}): entries may not be absolute or climb out with "..".`

export const isArchiveName = (name: string) => ARCHIVE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext))

/** An entry name that escapes the folder it is unpacked into (checked again here: yauzl's own check is the first line). */
export function isUnsafeEntryName(name: string): boolean {
  const n = name.replace(/\\/g, '/')
  return n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.split('/').includes('..')
}

function walk(zip: ZipFile): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (problem: string | null) => {
      zip.close()
      resolve(problem)
    }
    zip.on('entry', (entry: { fileName: string }) => (isUnsafeEntryName(entry.fileName) ? done(unsafeEntry(entry.fileName)) : zip.readEntry()))
    zip.on('end', () => done(null))
    zip.on('error', (err: Error) => done(/path|file ?name/i.test(err.message) ? unsafeEntry(err.message.replace(/^.*?: /, '')) : NOT_AN_ARCHIVE))
    zip.readEntry()
  })
}

/** The problem with an archive on disk or in memory, or null when it is a sound zip. */
export async function archiveProblem(source: { path: string } | { data: Buffer }): Promise<string | null> {
  const options = { lazyEntries: true, autoClose: false }
  let zip: ZipFile
  try {
    zip = 'path' in source ? await yauzl.openPromise(source.path, options) : await yauzl.fromBufferPromise(source.data, options)
  } catch {
    return NOT_AN_ARCHIVE
  }
  return walk(zip)
}
