/**
 * /tag-icons.css: the search pages' tag icons as one cached stylesheet instead of inline CSS in
 * every page (issue 17 item 8, page weight).
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { GET } from '../../src/app/tag-icons.css/route'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'

let payload: Payload
const ICON = '<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>'
const get = (query: string, headers: Record<string, string> = {}) => GET(new Request(`http://localhost/tag-icons.css${query}`, { headers }))

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  const magic = (await payload.find({ collection: 'categories', where: { and: [{ name: { equals: 'magic' } }, { projectType: { equals: 'mod' } }] }, overrideAccess: true })).docs[0]!
  await payload.update({ collection: 'categories', id: magic.id, data: { icon: ICON }, overrideAccess: true })
  await payload.update({ collection: 'loaders', id: 'fabric', data: { icon: ICON }, overrideAccess: true })
})

describe('GET /tag-icons.css', () => {
  it("holds the type's categories and every loader, as CSS the browser may keep and revalidate", async () => {
    const res = await get('?type=mod')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
    const css = await res.text()
    expect(css).toContain(`.tag-icon--c-magic{--tag-icon:url("data:image/svg+xml,${encodeURIComponent(ICON)}")}`)
    expect(css).toContain('.tag-icon--l-fabric{')
    // Another type's page gets its own categories, not these.
    expect(await (await get('?type=shader')).text()).not.toContain('tag-icon--c-magic')
  })

  it('answers 304 to the same ETag, and a fresh body once an icon changes', async () => {
    const etag = (await get('?type=mod')).headers.get('etag')!
    expect((await get('?type=mod', { 'if-none-match': etag })).status).toBe(304)
    await payload.update({ collection: 'loaders', id: 'fabric', data: { icon: ICON.replace('r="9"', 'r="8"') }, overrideAccess: true })
    const changed = await get('?type=mod', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain(encodeURIComponent('r="8"'))
  })

  it('an unknown or missing project type is a 404', async () => {
    expect((await get('?type=spaceship')).status).toBe(404)
    expect((await get('')).status).toBe(404)
  })
})
