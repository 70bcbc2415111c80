/** With FILES_URL set, every file URL Payload, the pages' data layer and /v2 hand out points at that origin. */
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { versionFileUrl } from '../../src/lib/data/files'
import { bootPayload } from '../helpers/payload'
import { tinyPng } from '../helpers/world'

let payload: Payload
let imageId: string

beforeAll(async () => {
  payload = await bootPayload()
  const data = await tinyPng(128)
  const image = await payload.create({ collection: 'images', data: { kind: 'gallery' }, file: { data, mimetype: 'image/png', name: 'files-origin.png', size: data.length }, overrideAccess: true })
  imageId = image.id
})

afterEach(() => {
  delete process.env.FILES_URL
})

describe('FILES_URL', () => {
  it('leaves file URLs on the site when unset', async () => {
    const image = await payload.findByID({ collection: 'images', id: imageId, overrideAccess: true })
    expect(image.url).toMatch(/^http:\/\/localhost:3000\/api\/images\/file\/files-origin/)
    expect(versionFileUrl('a b.jar')).toBe('http://localhost:3000/api/version-files/file/a%20b.jar')
  })

  it('moves image URLs, their sizes and the thumbnail to the file origin', async () => {
    process.env.FILES_URL = 'https://files.example.net'
    const image = await payload.findByID({ collection: 'images', id: imageId, overrideAccess: true })
    expect(image.url).toMatch(/^https:\/\/files\.example\.net\/api\/images\/file\/files-origin/)
    expect(image.thumbnailURL ?? '').toMatch(/^https:\/\/files\.example\.net\//)
    for (const size of Object.values(image.sizes ?? {})) if (size?.url) expect(size.url).toMatch(/^https:\/\/files\.example\.net\/api\/images\/file\//)
    // Lists too (REST, GraphQL and the admin read documents the same way).
    const { docs } = await payload.find({ collection: 'images', where: { id: { equals: imageId } }, overrideAccess: true })
    expect(docs[0].url).toMatch(/^https:\/\/files\.example\.net\//)
  })

  it('points version file links (pages and /v2) at the file origin', () => {
    process.env.FILES_URL = 'https://files.example.net/'
    expect(versionFileUrl('mod-1.0.jar')).toBe('https://files.example.net/api/version-files/file/mod-1.0.jar')
  })
})
