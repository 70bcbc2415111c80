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

// Tags of this file's own (other files share the database and expect theirs without icons).
const suffix = Date.now().toString(36)
const LOADER = `iconloader${suffix}`
const CATEGORY = `iconcat${suffix}`

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  await payload.create({ collection: 'categories', data: { name: CATEGORY, projectType: 'mod', header: 'categories', icon: ICON }, overrideAccess: true })
  await payload.create({ collection: 'loaders', data: { id: LOADER, supportedProjectTypes: ['mod'], icon: ICON }, overrideAccess: true })
})

describe('GET /tag-icons.css', () => {
  it("holds the type's categories and every loader, as CSS the browser may keep and revalidate", async () => {
    const res = await get('?type=mod')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
    const css = await res.text()
    expect(css).toContain(`.tag-icon--c-${CATEGORY}{--tag-icon:url("data:image/svg+xml,${encodeURIComponent(ICON)}")}`)
    expect(css).toContain(`.tag-icon--l-${LOADER}{`)
    // Another type's page gets its own categories, not these.
    expect(await (await get('?type=shader')).text()).not.toContain(`tag-icon--c-${CATEGORY}`)
  })

  it('answers 304 to the same ETag, and a fresh body once an icon changes', async () => {
    const etag = (await get('?type=mod')).headers.get('etag')!
    expect((await get('?type=mod', { 'if-none-match': etag })).status).toBe(304)
    await payload.update({ collection: 'loaders', id: LOADER, data: { icon: ICON.replace('r="9"', 'r="8"') }, overrideAccess: true })
    const changed = await get('?type=mod', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain(encodeURIComponent('r="8"'))
  })

  it('an unknown or missing project type is a 404', async () => {
    expect((await get('?type=spaceship')).status).toBe(404)
    expect((await get('')).status).toBe(404)
  })
})
