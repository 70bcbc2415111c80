/**
 * The session cookie is accepted on a same-origin request to any address this instance serves, not
 * only SITE_URL (issue 18: with SITE_URL not matching the address served, every admin save was 403),
 * and still refused to a page of another origin.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let cookie: string
let userId: string

beforeAll(async () => {
  process.env.SITE_URL = 'http://site.test'
  payload = await bootPayload()
  const user = await makeUser(payload)
  userId = user.id
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' } })
  cookie = `${payload.config.cookiePrefix}-token=${token}`
})

const who = async (headers: Record<string, string>) => (await payload.auth({ headers: new Headers({ cookie, ...headers }) })).user?.id ?? null

describe('session cookie and the request origin', () => {
  it('accepts a save from a page of the address served (another port, a LAN name)', async () => {
    expect(await who({ host: '127.0.0.1:3900', origin: 'http://127.0.0.1:3900' })).toBe(userId)
    expect(await who({ host: 'box.lan:8080', origin: 'http://box.lan:8080' })).toBe(userId)
  })

  it('accepts SITE_URL as before', async () => {
    expect(await who({ host: 'site.test', origin: 'http://site.test' })).toBe(userId)
  })

  it('refuses a page of another origin, whatever the host', async () => {
    expect(await who({ host: '127.0.0.1:3900', origin: 'http://evil.example' })).toBeNull()
    expect(await who({ host: '127.0.0.1:3900', origin: 'http://127.0.0.1:3901' })).toBeNull()
    expect(await who({ host: '127.0.0.1:3900', origin: 'null' })).toBeNull()
    // Without trusted proxies the scheme is http: an https page is another origin.
    expect(await who({ host: '127.0.0.1:3900', origin: 'https://127.0.0.1:3900' })).toBeNull()
    expect(await who({ host: '127.0.0.1:3900', 'sec-fetch-site': 'cross-site' })).toBeNull()
  })

  it('a session that was signed out stays signed out on any address', async () => {
    const other = await makeUser(payload)
    const { token } = await payload.login({ collection: 'users', data: { username: other.username, password: 'test-password-1' } })
    const headers = { cookie: `${payload.config.cookiePrefix}-token=${token}`, host: '127.0.0.1:3900', origin: 'http://127.0.0.1:3900' }
    expect((await payload.auth({ headers: new Headers(headers) })).user?.id).toBe(other.id)
    await payload.update({ collection: 'users', id: other.id, data: { sessions: [] }, overrideAccess: true })
    expect((await payload.auth({ headers: new Headers(headers) })).user).toBeNull()
  })
})
