import { as, type Viewer } from '../../../lib/data/viewer'
import { fileTooLarge, MAX_IMAGE_BYTES } from '../../../lib/limits'
import { invalidInput } from './errors'

/* Images sent as the raw request body, labrinth-style (`PATCH …/icon?ext=png`, gallery uploads). */
export const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }
export const IMAGE_BODY = { raw: { types: [...new Set(Object.values(IMAGE_TYPES))], description: 'The image itself, at most 5 MiB' } }

export function imageType(ext: string): string {
  const mimetype = IMAGE_TYPES[ext.toLowerCase()]
  if (!mimetype) throw invalidInput(`"ext" must be one of ${Object.keys(IMAGE_TYPES).join(', ')}`)
  return mimetype
}

/** The request body as bytes, refused past `max` (before reading when the length is declared). */
export async function rawBody(request: Request, max = MAX_IMAGE_BYTES): Promise<Buffer> {
  if (Number(request.headers.get('content-length') ?? 0) > max) throw invalidInput(fileTooLarge(max))
  const bytes = Buffer.from(await request.arrayBuffer())
  if (bytes.length > max) throw invalidInput(fileTooLarge(max))
  if (bytes.length === 0) throw invalidInput('The image is empty')
  return bytes
}

/** Stores an image the caller sent (an icon), as theirs; sharp makes the sizes. */
export async function storeIcon(viewer: Viewer, bytes: Buffer, ext: string, alt: string) {
  const mimetype = imageType(ext)
  if (bytes.length === 0) throw invalidInput('The image is empty')
  if (bytes.length > MAX_IMAGE_BYTES) throw invalidInput(fileTooLarge(MAX_IMAGE_BYTES))
  return viewer.payload.create({ collection: 'images', data: { kind: 'icon', alt }, file: { data: bytes, mimetype, name: `icon.${ext}`, size: bytes.length }, depth: 0, ...as(viewer) })
}
