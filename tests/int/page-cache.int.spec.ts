/**
 * The whole-page cache (src/lib/cache/collector.ts, pageCache.ts; src/server/pageCache.ts): a request's
 * collector sees the tags of every tagged read and whether any read bypassed the cache; the server
 * keeps a cookie-less anonymous page only when every read was tagged, serves it again, never to a
 * visitor with a cookie or credentials, and drops it with the public-read cache's invalidations —
 * the local one after a commit and the one heard over LISTEN/NOTIFY from another instance.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { notifyInvalidation } from '../../src/lib/cache/bus'
import { cachedRead, cacheEnabled, collectPage, invalidateNow, newPageCollector, pageCache, publicRead, startPublicReadCache, stopPublicReadCache } from '../../src/lib/cache'
import { PageCache } from '../../src/lib/cache/pageCache'
import { pageCacheKey, withPageCache } from '../../src/server/pageCache'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let server: http.Server
let base: string
/** What the fake pages show, by path; a render reads it through publicRead under `tag:<path>`. */
const content = new Map<string, string>()
let renders = 0
/** Requests the server has received; a render of `/mod/gate` waits until `openGate` is called. */
let arrived = 0
let gate: Promise<void> = Promise.resolve()
let openGate = () => {}

/** A stand-in for Next's handler: reads through the cache, streams HTML in pieces. */
async function fakeNext(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  renders += 1
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/mod/cookie') res.setHeader('Set-Cookie', 'a=b')
  const value = path === '/mod/untagged' ? 'untagged' : await publicRead(`page:${path}`, async () => (content.has(path) ? { value: content.get(path)!, tags: [`tag:${path}`] } : null))
  if (path === '/mod/gate') await gate
  if (path === '/mod/viewer') await cachedRead({ user: { id: 'u' } }, { key: 'viewer', tags: () => [] }, async () => 'mine')
  if (value === null) {
    res.statusCode = 404
    res.end('missing')
    return
  }
  res.setHeader('Content-Type', path === '/mod/json' ? 'application/json' : 'text/html; charset=utf-8')
  res.write(`<html><body>${value}`)
  await new Promise((r) => setTimeout(r, 5))
  res.end(`<p>${req.headers['accept-language'] ?? ''}</p></body></html>`)
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers })
  return { status: res.status, cache: res.headers.get('x-page-cache'), body: await res.text(), headers: res.headers }
}

beforeAll(async () => {
  payload = await bootPayload()
  startPublicReadCache(payload)
  await vi.waitFor(() => expect(cacheEnabled()).toBe(true), { timeout: 10_000 })
  const handle = withPageCache(fakeNext)
  server = http.createServer((req, res) => {
    arrived += 1
    void handle(req, res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.close()
  await stopPublicReadCache()
})

describe('the collector', () => {
  it('gathers the tags of hits and loads, and nothing outside a request', async () => {
    const c = newPageCollector()
    await collectPage(c, async () => {
      await publicRead('c:1', async () => ({ value: 1, tags: ['t:1'] }))
      await publicRead('c:1', async () => ({ value: 1, tags: ['t:1'] }))
      await Promise.all([publicRead('c:2', async () => ({ value: 2, tags: ['t:2', 't:3'] }))])
    })
    expect([...c.tags].sort()).toEqual(['t:1', 't:2', 't:3'])
    expect(c.reads).toBe(3)
    expect(c.uncacheable).toBeNull()
    await publicRead('c:3', async () => ({ value: 3, tags: ['t:4'] }))
    expect(c.tags.has('t:4')).toBe(false)
  })

  it('marks a request uncacheable when a read bypasses the cache', async () => {
    const signedIn = newPageCollector()
    await collectPage(signedIn, () => cachedRead({ user: { id: 'x' } }, { key: 'c:user', tags: () => ['t'] }, async () => 1))
    expect(signedIn.uncacheable).toMatch(/signed-in/)

    const nothing = newPageCollector()
    await collectPage(nothing, () => publicRead('c:none', async () => null))
    expect(nothing.uncacheable).toMatch(/nothing/)

    const off = newPageCollector()
    process.env.CACHE_ENABLED = 'false'
    try {
      await collectPage(off, () => publicRead('c:off', async () => ({ value: 1, tags: ['t'] })))
    } finally {
      delete process.env.CACHE_ENABLED
    }
    expect(off.uncacheable).toMatch(/off/)
  })
})

describe('the page store', () => {
  it('drops pages by tag, refuses a page rendered across an invalidation, and expires', async () => {
    const pages = new PageCache({ ttlMs: 50 })
    const page = (tags: string[]) => ({ status: 200, headers: {}, body: Buffer.from('x'), tags, storedAt: Date.now() })
    expect(pages.put('a', page(['t:a', 't:shared']), pages.epoch)).toBe(true)
    expect(pages.put('b', page(['t:b']), pages.epoch)).toBe(true)
    expect(pages.put('none', page([]), pages.epoch)).toBe(false)
    pages.invalidate(['t:shared'])
    expect(pages.get('a')).toBeUndefined()
    expect(pages.get('b')).toBeDefined()
    const started = pages.epoch
    pages.invalidate(['t:unrelated'])
    expect(pages.put('c', page(['t:c']), started)).toBe(false)
    await new Promise((r) => setTimeout(r, 80))
    expect(pages.get('b')).toBeUndefined()
  })

  it('keys only cookie-less, credential-less page requests', () => {
    const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers })
    expect(pageCacheKey(req('/mod/x'))).not.toBeNull()
    for (const page of ['/plugin/x/versions', '/mod/x/version/1.0.0', '/datapack/x/gallery', '/user/someone', '/user/someone/mods', '/organization/acme', '/mods', '/mods?q=lamp&g=categories:magic', '/resourcepacks', '/modpacks/', '/', '/?utm_source=x'])
      expect(pageCacheKey(req(page)), page).not.toBeNull()
    expect(pageCacheKey(req('/mod/x', {}, 'HEAD'))).toBe(pageCacheKey(req('/mod/x')))
    expect(pageCacheKey(req('/mod/x', { 'accept-language': 'de' }))).not.toBe(pageCacheKey(req('/mod/x')))
    // Cookies that only choose a look are part of the key; anything else (a session) keeps the request out.
    const dark = pageCacheKey(req('/mod/x', { cookie: 'color-mode=dark' }))
    expect(dark).not.toBeNull()
    expect(dark).not.toBe(pageCacheKey(req('/mod/x')))
    expect(pageCacheKey(req('/mod/x', { cookie: 'rightSearchLayout=true; color-mode=dark' }))).toBe(pageCacheKey(req('/mod/x', { cookie: 'color-mode=dark;rightSearchLayout=true' })))
    expect(pageCacheKey(req('/mod/x', { cookie: 'locale=de' }))).not.toBe(pageCacheKey(req('/mod/x', { cookie: 'locale=fr' })))
    for (const bad of [
      req('/mod/x', { cookie: 'a=b' }),
      req('/mod/x', { cookie: 'color-mode=dark; payload-token=abc' }),
      req('/mod/x', { cookie: 'color-mode=dark; color-mode=light' }),
      req('/mod/x', { cookie: 'bf-provider-flow=x' }),
      req('/mod/x', { authorization: 'JWT x' }),
      req('/mod/x', { rsc: '1' }),
      req('/mod/x', { 'next-router-state-tree': 'x' }),
      req('/mod/x?_rsc=abc'),
      req('/mod/x', {}, 'POST'),
      req('/api/projects'),
      req('/admin'),
      req('/_next/static/a.js'),
      req('/v2/project/x'),
      req('/v3/x'),
      req('/favicon.ico'),
      // Pages that read more than the tagged cache (the news pages) are never kept.
      req('/mods/x'),
      req('/news/some-article'),
      req('/news'),
      req('/mod/x/settings'),
      req('/mod/x/moderation'),
    ])
      expect(pageCacheKey(bad), JSON.stringify(bad)).toBeNull()
  })
})

describe('the server', () => {
  it('serves a cookie-less page again until one of its tags is invalidated after a commit', async () => {
    content.set('/mod/p', 'first')
    expect(await get('/mod/p')).toMatchObject({ status: 200, cache: 'miss' })
    const hit = await get('/mod/p')
    expect(hit).toMatchObject({ status: 200, cache: 'hit' })
    expect(hit.body).toContain('first')
    expect(hit.headers.get('content-type')).toMatch(/text\/html/)
    expect(hit.headers.get('content-length')).toBe(String(Buffer.byteLength(hit.body)))
    expect((await fetch(`${base}/mod/p`, { method: 'HEAD' })).headers.get('x-page-cache')).toBe('hit')

    content.set('/mod/p', 'second')
    await invalidateNow(payload, ['tag:/mod/p'])
    const after = await get('/mod/p')
    expect(after.cache).toBe('miss')
    expect(after.body).toContain('second')
    expect((await get('/mod/p')).cache).toBe('hit')
  })

  it('drops a page when another instance announces its tag', async () => {
    content.set('/mod/q', 'one')
    await get('/mod/q')
    expect((await get('/mod/q')).cache).toBe('hit')
    content.set('/mod/q', 'two')
    const pool = (payload.db as unknown as { pool: { query: (text: string, values: unknown[]) => Promise<unknown> } }).pool
    await notifyInvalidation((text, values) => pool.query(text, values as unknown[]), ['tag:/mod/q'])
    await vi.waitFor(async () => expect((await get('/mod/q')).body).toContain('two'), { timeout: 5_000 })
  })

  it('never serves or stores for a visitor with a cookie or credentials', async () => {
    content.set('/mod/r', 'public')
    await get('/mod/r')
    expect((await get('/mod/r')).cache).toBe('hit')
    const before = renders
    const withCookie = await get('/mod/r', { cookie: 'payload-token=abc' })
    expect(withCookie.cache).toBeNull()
    expect((await get('/mod/r', { authorization: 'JWT abc' })).cache).toBeNull()
    expect(renders).toBe(before + 2)
  })

  it('serves a visitor who chose a look the page made for that look, and a signed-in one their own', async () => {
    content.set('/mod/look', 'styled')
    const dark = { cookie: 'color-mode=dark' }
    expect((await get('/mod/look', dark)).cache).toBe('miss')
    expect((await get('/mod/look', dark)).cache).toBe('hit')
    expect((await get('/mod/look', { cookie: 'color-mode=light' })).cache).toBe('miss')
    expect((await get('/mod/look')).cache).toBe('miss')
    const before = renders
    expect((await get('/mod/look', { cookie: 'color-mode=dark; payload-token=abc' })).cache).toBeNull()
    expect(renders).toBe(before + 1)
  })

  it('keys by Accept-Language', async () => {
    content.set('/mod/l', 'hello')
    expect((await get('/mod/l', { 'accept-language': 'de' })).body).toContain('<p>de</p>')
    const en = await get('/mod/l', { 'accept-language': 'en' })
    expect(en.cache).toBe('miss')
    expect(en.body).toContain('<p>en</p>')
    expect((await get('/mod/l', { 'accept-language': 'de' })).body).toContain('<p>de</p>')
  })

  it('keeps nothing that is not a tagged, cookie-free 200 HTML page', async () => {
    for (const path of ['/mod/untagged', '/mod/viewer', '/mod/cookie', '/mod/json', '/mod/missing']) {
      content.set(path, 'x')
      if (path === '/mod/missing') content.delete(path)
      await get(path)
      expect((await get(path)).cache, path).toBe('miss')
    }
    expect(pageCache().size).toBeGreaterThan(0)
  })

  describe('single flight', () => {
    const closeGate = () => {
      gate = new Promise<void>((r) => (openGate = r))
    }
    /**
     * `n` simultaneous GETs of `/mod/gate`, released once the server has received them all; also
     * how many renders had begun by then (a render begins in the tick its request arrives, unless
     * the request waits for another's render).
     */
    const burst = async (n: number) => {
      closeGate()
      const from = arrived
      const rendersBefore = renders
      const answers = Promise.all(Array.from({ length: n }, () => get('/mod/gate')))
      await vi.waitFor(() => expect(arrived - from).toBe(n), { timeout: 5_000 })
      const begun = renders - rendersBefore
      openGate()
      return Object.assign(await answers, { begun })
    }

    it('makes requests for a page that was kept, and is being rendered again, wait for that one render', async () => {
      content.set('/mod/gate', 'v1')
      await burst(1)
      expect((await get('/mod/gate')).cache).toBe('hit')
      content.set('/mod/gate', 'v2')
      await invalidateNow(payload, ['tag:/mod/gate'])
      const before = renders
      const answers = await burst(8)
      expect(answers.begun).toBe(1)
      expect(renders - before).toBe(1)
      expect(answers.every((a) => a.status === 200 && a.body.includes('v2'))).toBe(true)
      expect(answers.filter((a) => a.cache === 'hit')).toHaveLength(7)
    })

    it('renders for every request of a page never kept, and for the waiters when the render could not be kept', async () => {
      content.delete('/mod/gate')
      await invalidateNow(payload, ['tag:/mod/gate'])
      const before = renders
      const gone = await burst(4) // known page, now missing: the waiters render after the 404
      expect(gone.begun).toBe(1)
      expect(renders - before).toBe(4)
      expect(gone.every((a) => a.status === 404 && a.cache === 'miss')).toBe(true)
      // No longer known: a second burst renders at once rather than waiting for one render.
      const again = await burst(3)
      expect(again.begun).toBe(3)
      expect(again.every((a) => a.status === 404)).toBe(true)
      expect(renders - before).toBe(7)
    })
  })
})
