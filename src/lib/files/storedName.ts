import { randomBytes } from 'node:crypto'
import path from 'node:path'

/**
 * Names of stored files. A stored file lives directly in its collection's folder (or under its
 * collection's key prefix in object storage), so its name is a plain file name: no folder part, no
 * `..`, nothing that would make a path, a URL or a header mean something else. Every path that
 * reads, writes or unlinks a stored file goes through `storedPath`.
 */

/**
 * Stems an uploaded name never keeps: Windows device names (Payload's sanitizer empties them, leaving
 * a hidden `.ext`), and the text Payload puts in a path for a size without a file.
 */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i
const PAYLOAD_EMPTY = new Set(['null', 'undefined'])
/** Filesystems take 255 bytes; a name is kept well below so Payload's `-1`, `-2`… and size suffixes fit. */
const MAX_NAME_BYTES = 180

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** Why `name` is not a plain stored file name, or null when it is one. */
export function storedNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'A file name is required.'
  if (CONTROL.test(name)) return 'A file name cannot contain control characters.'
  if (name.includes('/') || name.includes('\\')) return 'A file name cannot contain a folder.'
  if (name.includes('..')) return 'A file name cannot contain "..".'
  if (name.startsWith('.')) return 'A file name cannot start with a dot.'
  if (Buffer.byteLength(name) > 255) return 'The file name is too long.'
  return null
}

export const isStoredName = (name: unknown): name is string => storedNameProblem(name) === null

/** The path of the stored file `name` directly inside `root`, or null when it would be anywhere else. */
export function storedPath(root: string, name: unknown): string | null {
  if (!isStoredName(name)) return null
  const folder = path.resolve(root)
  const full = path.resolve(folder, name)
  return path.dirname(full) === folder ? full : null
}

/** A refused stored file name: a 400 with a message wherever Payload answers it. */
export class StoredNameError extends Error {
  readonly status = 400
  readonly isPublic = true
  constructor(name: unknown, problem = storedNameProblem(name) ?? 'Not a stored file name.') {
    super(`Not a stored file name (${JSON.stringify(String(name)).slice(0, 80)}): ${problem}`)
    this.name = 'StoredNameError'
  }
}

/** `name` itself when it is a plain stored file name; a StoredNameError otherwise. */
export function assertStoredName(name: unknown): string {
  if (!isStoredName(name)) throw new StoredNameError(name)
  return name
}

/** Cuts `text` to at most `bytes` bytes of UTF-8 without splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let out = ''
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > bytes) break
    out += ch
  }
  return out
}

const clean = (text: string) =>
  text
    .replace(new RegExp(CONTROL.source, 'g'), '')
    .replace(/[<>:"|?*]/g, '-')
    .replace(/\.{2,}/g, '.')
const trimDots = (text: string) => text.replace(/^[.\s]+|[.\s]+$/g, '')

/**
 * The name an uploaded file is stored under, from the name it was uploaded with: its last path
 * segment, without control characters or `..`, never hidden, reserved or empty, short enough for
 * any filesystem. Payload then makes it unique in the collection (`-1`, `-2`…). The extension is kept.
 */
export function uploadName(original: string): string {
  const cleaned = trimDots(clean(original.split(/[/\\]/).pop() ?? ''))
  const dot = cleaned.lastIndexOf('.')
  const rawExt = dot > 0 ? cleaned.slice(dot + 1) : ''
  const ext = /^[A-Za-z0-9]{1,16}$/.test(rawExt) ? rawExt : ''
  let stem = trimDots(cutToBytes(ext ? cleaned.slice(0, dot) : cleaned, MAX_NAME_BYTES - ext.length - 1))
  const first = stem.split('.')[0]
  if (!stem || DEVICE.test(first) || PAYLOAD_EMPTY.has(stem.toLowerCase())) stem = stem ? `file-${stem}` : 'file'
  return ext ? `${stem}.${ext}` : stem
}

/** A random part for names that must not meet another document's (image sizes): 12 hex digits. */
export const nameToken = (): string => randomBytes(6).toString('hex')

/**
 * The stored name of an image size: Payload's `<base>-<width>x<height>.<ext>` with a random token, so
 * two images with the same base name (`shot.png`, `shot.jpg`) never write, serve or delete each
 * other's sizes. (A main file named like a size is refused when saved: src/access/fields/uploads.ts.)
 */
export function sizeName({ originalName, width, height, extension }: { originalName: string; width: number; height: number; extension: string }, token: string = nameToken()): string {
  const ext = /^[A-Za-z0-9]{1,16}$/.test(extension) ? `.${extension}` : ''
  const base = cutToBytes(uploadName(originalName), MAX_NAME_BYTES - 40)
  return `${base}-${width}x${height}-${token}${ext}`
}
