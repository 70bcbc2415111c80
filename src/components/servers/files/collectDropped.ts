import { joinPath } from '@/lib/hosting/filePaths'

import type { PickedFile } from './useUploads'

/*
 * What was dropped on the file manager, folders included (their files keep their place under the
 * folder's name), or picked with the file inputs (a folder input gives each file's relative path).
 */

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches (100 in Chromium) until it answers none.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = []
    const next = () =>
      reader.readEntries((batch) => {
        if (!batch.length) return resolve(all)
        all.push(...batch)
        next()
      }, reject)
    next()
  })
}

async function walk(entry: FileSystemEntry, under: string, out: PickedFile[]): Promise<void> {
  const path = joinPath(under, entry.name)
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
    out.push({ file, path })
  } else if (entry.isDirectory) {
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader())) await walk(child, path, out)
  }
}

/** The files of a drop, each with its path under `dir`. */
export async function droppedFiles(data: DataTransfer, dir: string): Promise<PickedFile[]> {
  const entries = Array.from(data.items)
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null))
    .filter((e): e is FileSystemEntry => !!e)
  if (!entries.length) return Array.from(data.files).map((file) => ({ file, path: joinPath(dir, file.name) }))
  const out: PickedFile[] = []
  for (const entry of entries) await walk(entry, dir, out)
  return out
}

/** The files of an `<input type="file">`, a folder's with their relative paths. */
export const pickedFiles = (list: FileList, dir: string): PickedFile[] =>
  Array.from(list).map((file) => ({ file, path: joinPath(dir, file.webkitRelativePath || file.name) }))
