import { z } from 'zod'

/*
 * Paths in a server's file manager: relative to the server's folder, '/'-separated, '' for the folder
 * itself. The node's agent is what keeps them inside (it resolves them and refuses symlinks); here
 * they are only tidied and checked for shape, so the pages and actions never pass on junk.
 */

/** '/a//b/' → 'a/b'; '.' segments dropped. `..` is kept: the agent refuses what leaves the folder. */
export function tidyPath(input: string): string {
  return input
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/')
}

/** A path from a form or query: at most 1024 characters, no NUL or control characters. */
export const filePath = z
  .string()
  .max(1024)
  // eslint-disable-next-line no-control-regex
  .refine((p) => !/[\u0000-\u001f]/.test(p), 'A path may not contain control characters.')
  .transform(tidyPath)

/** A single name typed for a new file or folder, or a rename: no slashes, not `.` or `..`. */
export const fileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  // eslint-disable-next-line no-control-regex
  .refine((n) => !/[/\\\u0000-\u001f]/.test(n) && n !== '.' && n !== '..', 'A name may not contain a slash.')

export const joinPath = (dir: string, name: string): string => tidyPath(`${dir}/${name}`)

export function parentOf(path: string): string {
  const tidy = tidyPath(path)
  const at = tidy.lastIndexOf('/')
  return at < 0 ? '' : tidy.slice(0, at)
}

export const baseName = (path: string): string => tidyPath(path).split('/').pop() ?? ''

/** The breadcrumb: each ancestor folder with the path that opens it. */
export function crumbs(path: string): { name: string; path: string }[] {
  const parts = tidyPath(path).split('/').filter(Boolean)
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }))
}

const ARCHIVE = /\.(zip|tar|tar\.gz|tgz)$/i
export const isArchive = (name: string): boolean => ARCHIVE.test(name)

/** 1536 → "1.5 KiB": the sizes a file list shows. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`
}
