/**
 * Images put into a description by the Markdown editor (spec §5): at most 1 MiB, 'File too large'
 * beyond — on /api as on the site — while gallery images keep their larger limit.
 */
import { randomBytes } from 'node:crypto'

import { ValidationError, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { editorImageUrl } from '../../src/lib/files/fileUrl'
import { renderMarkdown } from '../../src/lib/markdown'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let noisyPng: Buffer

beforeAll(async () => {
  payload = await bootPayload()
  // Random pixels do not compress: a real PNG a little over 1 MiB.
  noisyPng = await sharp(randomBytes(640 * 640 * 3), { raw: { width: 640, height: 640, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
})

const file = (data: Buffer, name: string) => ({ data, mimetype: 'image/png', name, size: data.length })

describe('editor images', () => {
  it('over 1 MiB is refused with "File too large"; the same file is a fine gallery image', async () => {
    expect(noisyPng.length).toBeGreaterThan(1024 * 1024)
    const user = await makeUser(payload)
    const as = { overrideAccess: false as const, user }
    const refused = await payload.create({ collection: 'images', data: { kind: 'editor', alt: 'big' }, file: file(noisyPng, 'big.png'), ...as }).catch((e: ValidationError) => e)
    expect(refused).toBeInstanceOf(ValidationError)
    expect((refused as ValidationError).data.errors[0]).toMatchObject({ path: 'file', message: 'File too large (the limit is 1 MiB).' })
    const gallery = await payload.create({ collection: 'images', data: { kind: 'other', alt: 'big' }, file: file(noisyPng, 'big-other.png'), ...as })
    expect(gallery.filesize).toBe(noisyPng.length)
  })

  it('a small one is stored, with a public address to put in the text', async () => {
    const user = await makeUser(payload)
    const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer()
    const image = await payload.create({ collection: 'images', data: { kind: 'editor', alt: 'small' }, file: file(small, 'small.png'), overrideAccess: false, user })
    expect(image.url).toMatch(/^https?:\/\/.+\/small\.png$/)
    const seen = await payload.findByID({ collection: 'images', id: image.id, overrideAccess: false })
    expect(seen.id).toBe(image.id)
  })

  it('goes into the text site-relative and renders without a host, so it loads on 127.0.0.1 and on localhost alike (issue 34 item 7)', async () => {
    const user = await makeUser(payload)
    const shot = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 9, g: 8, b: 7 } } }).png().toBuffer()
    const image = await payload.create({ collection: 'images', data: { kind: 'editor', alt: 'shot' }, file: file(shot, 'editor-shot.png'), overrideAccess: false, user })
    // Payload hands the file (and its sizes) out on SITE_URL (http://localhost:3000 here); the editor's address drops that host.
    const large = image.sizes?.large?.url ?? ''
    expect(large).toMatch(/^http:\/\/localhost:3000\/api\/images\/file\/editor-shot-[^/]+\.webp$/)
    const inserted = editorImageUrl(image)
    expect(inserted).toBe(large.slice('http://localhost:3000'.length))
    expect(inserted).toMatch(/^\/api\/images\/file\/editor-shot-/)
    // The description as the editor writes it, and one written before with the absolute SITE_URL address.
    const html = renderMarkdown(`Intro\n\n![shot](${inserted})\n\n![old](${large})`)
    expect(html).toBe(`<p>Intro</p>\n<p><img src="${inserted}" alt="shot"></p>\n<p><img src="${inserted}" alt="old"></p>\n`)
    expect(html).not.toContain('localhost')
  })
})
