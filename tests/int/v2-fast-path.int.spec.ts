/**
 * The `/v2` fast path (src/server/fastPath.ts): a Node server answering the API through our router
 * directly, everything else through Next. Its answers must be the router's — status, body, CORS,
 * ETag and 304, Cache-Control, rate-limit headers, token scopes, errors — plus what Next adds on the
 * way out (the security headers of next.config.mjs, gzip). The e2e suite runs through it as well
 * (scripts/test-app.mjs starts server.mjs).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

import config from '@payload-config'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { recordPeerAddresses } from '../../src/lib/http/peerAddress'
import { securityHeaders } from '../../src/lib/http/securityHeaders.mjs'
import { API_MOUNTS, apiHandler, apiV2Handler, GcraRateLimiter, mountFor } from '../../src/plugins/api-v2'
import { acceptsGzip, createFastPath, defaultSecurityHeaders } from '../../src/server/fastPath'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, patFor, type MadeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
let version: MadeVersion
let server: http.Server
let base: string

// The router, called directly: what the fast path must answer.
const router = apiV2Handler(config)
let address = 0
const nextIp = () => `10.77.${(++address >> 8) & 255}.${address & 255}`

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved')
  version = await makeVersion(payload, project)
  const fastPath = createFastPath({ config: await config })
  server = http.createServer((req, res) => {
    if (fastPath(req, res)) return
    // Stands in for Next's request handler.
    res.setHeader('Content-Type', 'text/plain')
    res.end(`next: ${req.method} ${req.url}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

/** Headers that differ between two answers by nature (time, counters, the transport). */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'server-timing', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
const SECURITY = new Set(defaultSecurityHeaders().map((h) => h.key.toLowerCase()))
/** Next's compression adds `Accept-Encoding` to Vary for every compressible type; so does the fast path. */
const withoutAcceptEncoding = (vary: string) => vary.split(',').map((s) => s.trim()).filter((s) => s && s.toLowerCase() !== 'accept-encoding').join(', ')
const comparable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([k]) => !VOLATILE.has(k) && !SECURITY.has(k)).map(([k, v]) => [k, k === 'vary' ? withoutAcceptEncoding(v) : v]).filter(([k, v]) => k !== 'vary' || v))

type Answer = { status: number; headers: Headers; body: string }
type Init = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }

async function viaRouter(path: string, init: Init = {}): Promise<Answer> {
  const res = await router(new Request(`http://localhost${path}`, init))
  return { status: res.status, headers: res.headers, body: await res.text() }
}

async function viaServer(path: string, init: Init = {}): Promise<Answer> {
  // `identity`: the answer as the router gives it (gzip is its own test below).
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'accept-encoding': 'identity', ...init.headers } })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** The same request through both, from one client address (so both count against one allowance). */
async function both(path: string, init: Init = {}) {
  const headers = { 'x-forwarded-for': nextIp(), ...init.headers }
  const direct = await viaRouter(path, { ...init, headers })
  const served = await viaServer(path, { ...init, headers })
  return { direct, served }
}

function expectSame({ direct, served }: { direct: Answer; served: Answer }) {
  expect(served.status).toBe(direct.status)
  expect(served.body).toBe(direct.body)
  expect(comparable(served.headers)).toEqual(comparable(direct.headers))
  for (const { key, value } of securityHeaders({ dev: false, filesOrigin: process.env.FILES_URL || null })) expect(served.headers.get(key), key).toBe(value)
  if (/json|text/.test(served.headers.get('content-type') ?? '')) expect(served.headers.get('vary')).toMatch(/Accept-Encoding$/)
  // One request later from the same client: one less left of the same allowance.
  if (direct.headers.has('x-ratelimit-remaining')) {
    expect(Number(served.headers.get('x-ratelimit-remaining'))).toBe(Number(direct.headers.get('x-ratelimit-remaining')) - 1)
  }
}

describe('the fast path answers as the router', () => {
  it('GET /v2/project/{slug}: the same body, status, CORS, ETag, Cache-Control, Vary and rate-limit headers, plus the security headers', async () => {
    const pair = await both(`/v2/project/${project.slug}`)
    expectSame(pair)
    expect(pair.served.status).toBe(200)
    expect(JSON.parse(pair.served.body).id).toBe(project.id)
    expect(pair.served.headers.get('access-control-allow-origin')).toBe('*')
    expect(pair.served.headers.get('etag')).toMatch(/^W\/"/)
    expect(pair.served.headers.get('cache-control')).toBe('public, no-cache')
    expect(pair.served.headers.get('x-ratelimit-limit')).toBeTruthy()
    expect(pair.served.headers.get('content-type')).toBe('application/json')
  })

  it('answers 304 to a client holding the same body, with the ETag and the security headers and no body', async () => {
    const first = await viaServer(`/v2/project/${project.id}`, { headers: { 'x-forwarded-for': nextIp() } })
    const etag = first.headers.get('etag')!
    const pair = await both(`/v2/project/${project.id}`, { headers: { 'if-none-match': etag } })
    expectSame(pair)
    expect(pair.served.status).toBe(304)
    expect(pair.served.body).toBe('')
    expect(pair.served.headers.get('etag')).toBe(etag)
  })

  it('HEAD answers the headers of GET without a body', async () => {
    const res = await fetch(`${base}/v2/project/${project.id}`, { method: 'HEAD', headers: { 'x-forwarded-for': nextIp() } })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toMatch(/^W\/"/)
    expect(await res.text()).toBe('')
  })

  it('a token without the route scope is refused as by the router; one with it is let in', async () => {
    const user = w.users.stranger
    const narrow = await patFor(payload, user, ['VERSION_READ'])
    const refused = await both('/v2/user', { headers: { authorization: narrow } })
    expectSame(refused)
    expect(refused.served.status).toBe(401)
    const wide = await patFor(payload, user, ['USER_READ'])
    const allowed = await both('/v2/user', { headers: { authorization: wide } })
    expectSame(allowed)
    expect(allowed.served.status).toBe(200)
    expect(JSON.parse(allowed.served.body).id).toBe(user.id)
    expect(allowed.served.headers.get('cache-control')).toBe('private, no-cache')
  })

  it('POST bodies reach the router (the update check), errors are the router\'s', async () => {
    const found = await both('/v2/version_files', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hashes: [version.sha1], algorithm: 'sha1' }) })
    expectSame(found)
    expect(Object.keys(JSON.parse(found.served.body))).toEqual([version.sha1])
    const bad = await both('/v2/version_files', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hashes": [' })
    expectSame(bad)
    expect(bad.served.status).toBe(400)
    expectSame(await both('/v2/no/such/route'))
    expectSame(await both('/v2/project/no-such-project-here'))
  })

  it('answers CORS preflights', async () => {
    const pair = await both(`/v2/project/${project.id}`, { method: 'OPTIONS', headers: { origin: 'https://launcher.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } })
    expectSame(pair)
    expect(pair.served.status).toBe(204)
    expect(pair.served.headers.get('access-control-allow-headers')).toBe('authorization')
  })

  it('gzips an answer of 1 KiB or more for a client that accepts it, as Next would', async () => {
    const path = '/v2/openapi.json'
    const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': nextIp(), 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    const plain = await viaServer(path, { headers: { 'x-forwarded-for': nextIp() } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.body.length).toBeGreaterThan(1024)
    // fetch unzips; the bytes on the wire are gzip.
    expect(await res.text()).toBe(plain.body)
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${base}${path}`, { headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': nextIp() } }, (r) => {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject)
      })
    })
    expect(gunzipSync(raw).toString('utf8')).toBe(plain.body)
    // A small answer goes as it is.
    const small = await fetch(`${base}/v2/tag/project_type`, { headers: { 'x-forwarded-for': nextIp(), 'accept-encoding': 'gzip' } })
    expect(small.headers.get('content-encoding')).toBeNull()
  })

  it('serves /v3 and the OAuth routes through their handlers', async () => {
    const headers = { 'x-forwarded-for': nextIp() }
    const v3 = apiHandler(config, 'v3')
    const viaV3 = await v3(new Request('http://localhost/v3/organization/no-such-org', { headers }))
    const served = await viaServer('/v3/organization/no-such-org', { headers })
    expect(served.status).toBe(viaV3.status)
    expect(served.body).toBe(await viaV3.text())
    const oauth = apiHandler(config, 'oauth')
    const direct = await oauth(new Request('http://localhost/_internal/oauth/app/nope', { headers }))
    const servedOauth = await viaServer('/_internal/oauth/app/nope', { headers })
    expect(servedOauth.status).toBe(direct.status)
    expect(servedOauth.body).toBe(await direct.text())
  })

  it('answers whatever Host header a client sends', async () => {
    const { port } = server.address() as AddressInfo
    for (const host of ['evil/path', 'user@host', '', 'example.com:8080']) {
      const status = await new Promise<number>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/v2/tag/project_type', headers: { host, 'x-forwarded-for': nextIp() } }, (r) => {
          r.resume().on('end', () => resolve(r.statusCode ?? 0))
        }).on('error', reject)
      })
      expect(status, host).toBe(200)
    }
  })

  it('counts the peer that connected, whatever X-Forwarded-For a client names (the peer-address patch, as src/server/main.ts applies it)', async () => {
    recordPeerAddresses()
    const patched = http.createServer((req, res) => {
      if (!fast(req, res)) res.end('next')
    })
    const fast = createFastPath({ config: await config })
    await new Promise<void>((resolve) => patched.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(patched.address() as AddressInfo).port}/v2/tag/side_type`
      const remaining: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await fetch(url, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } })
        await res.arrayBuffer()
        remaining.push(Number(res.headers.get('x-ratelimit-remaining')))
      }
      // Five requests of one client (127.0.0.1): its allowance goes down by one each time.
      for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe(remaining[i - 1] - 1)
    } finally {
      await new Promise((resolve) => patched.close(resolve))
    }
  })

  it('serves what the API plugin mounts: a config without it has no /v2', async () => {
    const bare = { ...(await config), custom: {} }
    const missing = await apiHandler(bare, 'v2')(new Request('http://localhost/v2/tag/project_type', { headers: { 'x-forwarded-for': nextIp() } }))
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' })
    const fast = createFastPath({ config: bare })
    const plain = http.createServer((req, res) => {
      if (!fast(req, res)) res.end('next')
    })
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
    try {
      expect(await (await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/v2/tag/project_type`)).text()).toBe('next')
    } finally {
      await new Promise((resolve) => plain.close(resolve))
    }
  })

  it('leaves every other path to Next', async () => {
    for (const path of ['/', '/mods', '/mod/x', '/api/users', '/v2x', '/v3', '/v22/project/x', '/admin']) {
      const res = await fetch(`${base}${path}`)
      expect(await res.text(), path).toBe(`next: GET ${path}`)
    }
    const route = (path: string) => mountFor(API_MOUNTS, path)?.name ?? null
    expect(route('/v2')).toBe('v2')
    expect(route('/v2/project/x')).toBe('v2')
    expect(route('/v3/organization/x')).toBe('v3')
    expect(route('/v3/oauth/token')).toBe('oauth')
    expect(route('/_internal/oauth/app/x')).toBe('oauth')
    expect(route('/updates/x/forge_updates.json')).toBe('updates')
    expect(route('/_internal/analytics/view')).toBeNull()
    expect(route('/v3')).toBeNull()
    expect(route('/updates')).toBeNull()
  })

  it('refuses past the rate limit with the router\'s 429', async () => {
    const limited = http.createServer((req, res) => {
      if (!fast(req, res)) res.end('next')
    })
    const handler = apiV2Handler(config, { limiter: new GcraRateLimiter({ limit: 2, periodMs: 60_000 }) })
    const fast = createFastPath({ config: await config, handlers: { v2: handler, v3: handler, oauth: handler } })
    await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(limited.address() as AddressInfo).port}/v2/tag/project_type`
      const headers = { 'x-forwarded-for': nextIp() }
      const statuses: number[] = []
      let last: Response | undefined
      for (let i = 0; i < 3; i++) {
        last = await fetch(url, { headers })
        statuses.push(last.status)
        await last.arrayBuffer()
      }
      expect(statuses).toEqual([200, 200, 429])
      expect(last!.headers.get('retry-after')).toBeTruthy()
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(last!.headers.get('x-frame-options')).toBe('DENY')
    } finally {
      await new Promise((resolve) => limited.close(resolve))
    }
  })
})

describe('Accept-Encoding', () => {
  it('takes gzip when offered, not when refused with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

