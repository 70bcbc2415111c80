/**
 * Images put into a description by the Markdown editor (spec §5): at most 1 MiB, 'File too large'
 * beyond — on /api as on the site — while gallery images keep their larger limit.
 */
import { randomBytes } from 'node:crypto'

import { ValidationError, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

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
})
