/**
 * Malformed ids, NUL bytes and broken escapes in /api paths, `?where=` and /v2 answer 400 or 404, never
 * 500 (a NUL byte reached Postgres, which refuses it in text). Through the wrapped REST handlers the
 * routes export, and the /v2 handler.
 */
import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_PATCH } from '@payloadcms/next/routes'
import { beforeAll, describe, expect, it } from 'vitest'

import { guardRest } from '../../src/lib/http/apiGuard'
import { bootPayload } from '../helpers/payload'
import { v2 } from '../helpers/v2'

const get = guardRest(config, REST_GET(config))
const patch = guardRest(config, REST_PATCH(config))
const del = guardRest(config, REST_DELETE(config))

beforeAll(async () => {
  await bootPayload()
})

/** `rawPath` as sent on the wire (percent-escapes kept); the route gets the decoded segments, as Next gives them. */
function request(handler: typeof get, rawPath: string, method = 'GET', body?: unknown) {
  const url = new URL(`http://localhost:3000/api/${rawPath}`)
  const slug = url.pathname.replace(/^\/api\//, '').split('/').map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  return handler(new Request(url, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' }, body: body === undefined ? undefined : JSON.stringify(body) }), {
    params: Promise.resolve({ slug }),
  })
}

describe('/api bad input', () => {
  it.each([
    ['a NUL byte in an id', 'projects/ab%00cd'],
    ['a NUL byte in a where filter', 'projects?where[id][equals]=%00'],
    ['a NUL byte in a where value of a relation', 'versions?where[project][equals]=x%00y'],
    ['a broken percent-escape', 'projects?where[slug][equals]=%E0%A4%A'],
    ['a control character in a username filter', 'users?where[username][equals]=a%01b'],
  ])('%s is a 400', async (_, path) => {
    const res = await request(get, path)
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].message).toMatch(/not allowed/)
  })

  it.each([
    ['a where that is not JSON', 'projects?where=not-json'],
    ['a where cut short', 'projects?where=%7B%22slug%22%3A'],
    ['a data parameter that is not JSON', 'users?data=%7B'],
  ])('%s is a 400 naming the parameter, not a 500', async (_, path) => {
    const res = await request(get, path)
    expect(res.status).toBe(400)
    expect((await res.json()).errors[0].message).toMatch(/parameter is not valid JSON/)
  })

  it.each([
    ['an id that does not exist', 'projects/zzzzzzzz'],
    ['an id far too long', `projects/${'x'.repeat(5000)}`],
    ['an id with quotes and SQL', "projects/'%20OR%201=1--"],
    ['a non-numeric id of a serial-id collection', 'payload-locked-documents/not-a-number'],
  ])('%s is refused (4xx), not a 500', async (_, path) => {
    const res = await request(get, path)
    expect([400, 403, 404]).toContain(res.status)
  })

  it('a write to a malformed id is a 400/404, not a 500', async () => {
    expect([400, 401, 403, 404]).toContain((await request(patch, 'projects/ab%00cd', 'PATCH', { title: 'x' })).status)
    expect([400, 401, 403, 404]).toContain((await request(del, "projects/'%20OR%201=1--", 'DELETE')).status)
  })

  it('a malformed where operator or id list is not a 500', async () => {
    for (const path of ['projects?where[id][in]=a,b,%00', 'projects?where[id][nonsense]=1', 'projects?where[createdAt][greater_than]=not-a-date', 'projects?limit=-5&page=abc']) {
      const res = await request(get, path)
      expect(res.status, path).toBeLessThan(500)
    }
  })
})

describe('/v2 bad input', () => {
  it.each([
    '/project/ab%00cd',
    '/project/ab%00cd/version',
    '/version/%00',
    '/user/%00',
    '/search?facets=%5B%5B%22categories%3A%00%22%5D%5D',
    '/projects?ids=%5B%22a%00%22%5D',
    '/version_file/%00',
    `/project/${'x'.repeat(2000)}`,
  ])('%s is a 400 or 404', async (path) => {
    const res = await v2(path)
    expect([400, 404]).toContain(res.status)
  })

  it('a NUL byte in a search is answered, not a 500', async () => {
    expect((await v2('/search?query=%00')).status).toBeLessThan(500)
  })
})
