import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import Busboy from 'busboy'

import { fileTooLarge } from '../../../lib/limits'
import { invalidInput, V2Error } from './errors'

export type UploadedPart = { field: string; filename: string; mimetype: string; path: string; size: number }
export type Multipart = { fields: Record<string, string>; files: UploadedPart[]; cleanup: () => Promise<void> }

/**
 * A `multipart/form-data` body as labrinth's upload routes take it: a `data` JSON field and file
 * parts. Files stream to a private temp directory (never whole in memory), each capped at
 * `maxFileBytes`; the caller must `cleanup()` (the files are copied into storage by then).
 */
export async function readMultipart(request: Request, opts: { maxFileBytes: number; maxFiles: number; maxFieldBytes?: number }): Promise<Multipart> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw invalidInput('The request body must be multipart/form-data, with a "data" JSON part and the files')
  if (!request.body) throw invalidInput('The request body is empty')
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bf-upload-'))
  const cleanup = () => rm(dir, { recursive: true, force: true })
  const fields: Record<string, string> = {}
  const files: UploadedPart[] = []
  const writes: Promise<void>[] = []
  let refusal: V2Error | null = null
  const refuse = (e: V2Error) => {
    refusal ??= e
  }
  try {
    const busboy = Busboy({
      headers: { 'content-type': type },
      limits: { fileSize: Math.floor(opts.maxFileBytes), files: opts.maxFiles, fields: 20, fieldSize: opts.maxFieldBytes ?? 1024 * 1024 },
    })
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) refuse(invalidInput(`The "${name}" part is too large`))
      fields[name] = value
    })
    busboy.on('file', (field, stream, info) => {
      const part: UploadedPart = { field, filename: path.basename(info.filename || field), mimetype: info.mimeType || 'application/octet-stream', path: path.join(dir, String(files.length)), size: 0 }
      files.push(part)
      stream.on('data', (chunk: Buffer) => (part.size += chunk.length))
      writes.push(
        pipeline(stream, createWriteStream(part.path)).then(() => {
          // busboy stops at the limit: a cut-off file is refused, never stored short.
          if (stream.truncated) refuse(invalidInput(`${part.filename}: ${fileTooLarge(opts.maxFileBytes)}`))
        }),
      )
    })
    busboy.on('filesLimit', () => refuse(invalidInput(`At most ${opts.maxFiles} files can be sent at once`)))
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>), busboy)
    await Promise.all(writes)
  } catch (error) {
    await cleanup()
    if (error instanceof V2Error) throw error
    throw invalidInput('The multipart body could not be read')
  }
  if (refusal) {
    await cleanup()
    throw refusal
  }
  return { fields, files, cleanup }
}

/** The `data` part as JSON (labrinth's upload routes put the metadata there). */
export function dataPart(form: Multipart): unknown {
  const raw = form.fields.data
  if (raw === undefined) throw invalidInput('The "data" part is missing')
  try {
    return JSON.parse(raw)
  } catch {
    throw invalidInput('The "data" part is not valid JSON')
  }
}
