import { describe, expect, it, vi } from 'vitest'

import { buildMetaPath, checkBuild, latestBuildUrl, parseBuildInfo, shouldCheckOnVisible, VISIBLE_RECHECK_MS } from '../../src/lib/shell/buildCheck'
import { isChunkLoadError } from '../../src/lib/shell/chunkError'
import { CLICK_STREAK_WINDOW_MS, createClickCounter, DEVELOPER_MODE_CLICKS } from '../../src/lib/shell/clickCounter'
import { DEVELOPER_MODE_KEY, parseDeveloperMode, readDeveloperMode, subscribeDeveloperMode, writeDeveloperMode } from '../../src/lib/shell/developerMode'
import { fetchWithRetry, isMutatingMethod, RETRY_STATUSES, type FetchFunction } from '../../src/lib/shell/fetchWithRetry'
import { fullLoadTarget, type ClickInfo } from '../../src/lib/shell/navigation'
import { createPrefetchQueue, MAX_CONCURRENT_PREFETCHES, prefetchAllowed } from '../../src/lib/shell/prefetchQueue'
import { claimReload, mayReload, RELOAD_GUARD_KEY, RELOAD_GUARD_MS, type KeyValueStore } from '../../src/lib/shell/reloadGuard'
import { errorCode, runSiteDataChecks, createSiteDataMonitor, SITE_DATA_FAILED_TTL_MS, SITE_DATA_OK_TTL_MS } from '../../src/lib/shell/siteData'
import { parseSiteEnvironment, stagingBannerShown } from '../../src/lib/shell/stagingBanner'

/** A Storage stand-in; `broken` makes every call throw (storage disabled by the browser). */
function memoryStore(broken = false): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => {
      if (broken) throw new Error('SecurityError')
      return data.get(k) ?? null
    },
    setItem: (k, v) => {
      if (broken) throw new Error('QuotaExceededError')
      data.set(k, v)
    },
  }
}

/** A fake fetch answering from a list: a number is a status, an Error is a network failure. */
function scriptedFetch(...answers: (number | Error | { status: number; body: unknown })[]) {
  const calls: { input: RequestInfo | URL; init?: RequestInit }[] = []
  const fn: FetchFunction = async (input, init) => {
    calls.push({ input, init })
    const next = answers[Math.min(calls.length - 1, answers.length - 1)]!
    if (next instanceof Error) throw next
    const { status, body } = typeof next === 'number' ? { status: next, body: {} } : next
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  return { fn, calls }
}

describe('reload guard (spec §9: 10000 ms per path)', () => {
  it('allows one reload of a path per 10 s', () => {
    const store = memoryStore()
    expect(RELOAD_GUARD_MS).toBe(10_000)
    expect(mayReload(store, '/mods', 1_000)).toBe(true)
    expect(claimReload(store, '/mods', 1_000)).toBe(true)
    expect(mayReload(store, '/mods', 1_001)).toBe(false)
    expect(claimReload(store, '/mods', 10_999)).toBe(false)
    expect(claimReload(store, '/mods', 11_000)).toBe(true)
  })

  it('keeps paths apart', () => {
    const store = memoryStore()
    expect(claimReload(store, '/mods', 0)).toBe(true)
    expect(claimReload(store, '/shaders', 5)).toBe(true)
    expect(claimReload(store, '/mods', 6)).toBe(false)
  })

  it('forgets old entries and survives damaged ones', () => {
    const store = memoryStore()
    claimReload(store, '/a', 0)
    claimReload(store, '/b', 20_000)
    expect(JSON.parse(store.data.get(RELOAD_GUARD_KEY)!)).toEqual({ '/b': 20_000 })
    store.data.set(RELOAD_GUARD_KEY, '{not json')
    expect(claimReload(store, '/b', 20_001)).toBe(true)
    store.data.set(RELOAD_GUARD_KEY, JSON.stringify({ '/c': 'soon', '/d': 30_000 }))
    expect(mayReload(store, '/c', 30_001)).toBe(true)
    expect(mayReload(store, '/d', 30_001)).toBe(false)
  })

  it('refuses when storage does not work (no record, no way to stop a loop)', () => {
    expect(mayReload(memoryStore(true), '/', 0)).toBe(false)
    expect(claimReload(memoryStore(true), '/', 0)).toBe(false)
  })
})

describe('GET retry (spec §9)', () => {
  it('retries a GET once on each transient status', async () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504])
    for (const status of RETRY_STATUSES) {
      const f = scriptedFetch(status, 200)
      expect((await fetchWithRetry(f.fn, '/x')).status).toBe(200)
      expect(f.calls).toHaveLength(2)
    }
  })

  it('retries only once, and not on other statuses', async () => {
    const twice = scriptedFetch(503, 503, 200)
    expect((await fetchWithRetry(twice.fn, '/x')).status).toBe(503)
    expect(twice.calls).toHaveLength(2)
    for (const status of [200, 204, 400, 401, 403, 404, 410, 501]) {
      const f = scriptedFetch(status, 200)
      expect((await fetchWithRetry(f.fn, '/x')).status).toBe(status)
      expect(f.calls).toHaveLength(1)
    }
  })

  it('retries HEAD, and a Request object carrying its method', async () => {
    const head = scriptedFetch(502, 200)
    expect((await fetchWithRetry(head.fn, '/x', { method: 'head' })).status).toBe(200)
    const req = scriptedFetch(502, 200)
    expect((await fetchWithRetry(req.fn, new Request('http://h/x'))).status).toBe(200)
    expect(req.calls).toHaveLength(2)
    const post = scriptedFetch(502, 200)
    expect((await fetchWithRetry(post.fn, new Request('http://h/x', { method: 'POST' }))).status).toBe(502)
    expect(post.calls).toHaveLength(1)
  })

  it('never retries mutating requests', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isMutatingMethod(method)).toBe(true)
      const f = scriptedFetch(503, 200)
      expect((await fetchWithRetry(f.fn, '/x', { method })).status).toBe(503)
      expect(f.calls).toHaveLength(1)
      const down = scriptedFetch(new TypeError('Failed to fetch'), 200)
      await expect(fetchWithRetry(down.fn, '/x', { method })).rejects.toThrow('Failed to fetch')
      expect(down.calls).toHaveLength(1)
    }
    expect(isMutatingMethod(undefined)).toBe(false)
  })

  it('retries a network error once, then gives up', async () => {
    const once = scriptedFetch(new TypeError('Failed to fetch'), 200)
    expect((await fetchWithRetry(once.fn, '/x')).status).toBe(200)
    const always = scriptedFetch(new TypeError('Failed to fetch'))
    await expect(fetchWithRetry(always.fn, '/x')).rejects.toThrow(TypeError)
    expect(always.calls).toHaveLength(2)
  })

  it('does not retry an abort', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    const f = scriptedFetch(abort, 200)
    await expect(fetchWithRetry(f.fn, '/x')).rejects.toBe(abort)
    expect(f.calls).toHaveLength(1)
  })
})

describe('new-build check (spec §7)', () => {
  it('parses the build answer', () => {
    expect(parseBuildInfo({ id: 'abc', timestamp: 5 })).toEqual({ id: 'abc', timestamp: 5 })
    for (const bad of [null, 'abc', {}, { id: '', timestamp: 1 }, { id: 'a' }, { id: 'a', timestamp: 'x' }, { id: 1, timestamp: 1 }]) expect(parseBuildInfo(bad)).toBeNull()
  })

  it('asks /builds/latest.json with a timestamp query', async () => {
    expect(latestBuildUrl(1234.5)).toBe('/builds/latest.json?timestamp=1234')
    expect(buildMetaPath('a b')).toBe('/builds/meta/a%20b.json')
    const f = scriptedFetch({ status: 200, body: { id: 'b1', timestamp: 1 } })
    expect(await checkBuild(f.fn, 'b1', 99)).toBe('current')
    expect(String(f.calls[0]!.input)).toBe('/builds/latest.json?timestamp=99')
    expect(f.calls[0]!.init?.cache).toBe('no-store')
  })

  it('says new for another id, unknown for anything unusable', async () => {
    expect(await checkBuild(scriptedFetch({ status: 200, body: { id: 'b2', timestamp: 1 } }).fn, 'b1', 0)).toBe('new')
    expect(await checkBuild(scriptedFetch(404).fn, 'b1', 0)).toBe('unknown')
    expect(await checkBuild(scriptedFetch({ status: 200, body: { nope: true } }).fn, 'b1', 0)).toBe('unknown')
    expect(await checkBuild(scriptedFetch(new TypeError('offline')).fn, 'b1', 0)).toBe('unknown')
  })

  it('goes through the retry: a 503 then the answer', async () => {
    const f = scriptedFetch(503, { status: 200, body: { id: 'b2', timestamp: 1 } })
    expect(await checkBuild(f.fn, 'b1', 0)).toBe('new')
    expect(f.calls).toHaveLength(2)
  })

  it('checks again on a visible tab only after a minute', () => {
    expect(shouldCheckOnVisible(null, 0)).toBe(true)
    expect(shouldCheckOnVisible(1_000, 1_000 + VISIBLE_RECHECK_MS - 1)).toBe(false)
    expect(shouldCheckOnVisible(1_000, 1_000 + VISIBLE_RECHECK_MS)).toBe(true)
  })
})

describe('which clicks become full loads', () => {
  const here = new URL('https://site.test/mods?q=x')
  const click: ClickInfo = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false }
  const anchor = (href: string, extra: { target?: string; download?: boolean } = {}) => ({ href, target: extra.target ?? '', download: extra.download ?? false })

  it('takes plain clicks on links to other pages of the site', () => {
    expect(fullLoadTarget(click, anchor('https://site.test/shaders'), here)?.href).toBe('https://site.test/shaders')
    expect(fullLoadTarget(click, anchor('/mods?q=y'), here)?.pathname).toBe('/mods')
    expect(fullLoadTarget(click, anchor('/mods?q=x', { target: '_self' }), here)).not.toBeNull()
  })

  it('leaves alone what the browser handles anyway', () => {
    expect(fullLoadTarget({ ...click, ctrlKey: true }, anchor('/a'), here)).toBeNull()
    expect(fullLoadTarget({ ...click, metaKey: true }, anchor('/a'), here)).toBeNull()
    expect(fullLoadTarget({ ...click, shiftKey: true }, anchor('/a'), here)).toBeNull()
    expect(fullLoadTarget({ ...click, button: 1 }, anchor('/a'), here)).toBeNull()
    expect(fullLoadTarget({ ...click, defaultPrevented: true }, anchor('/a'), here)).toBeNull()
    expect(fullLoadTarget(click, anchor('/a', { target: '_blank' }), here)).toBeNull()
    expect(fullLoadTarget(click, anchor('/file.jar', { download: true }), here)).toBeNull()
    expect(fullLoadTarget(click, anchor('https://elsewhere.test/'), here)).toBeNull()
    expect(fullLoadTarget(click, anchor('/mods?q=x#download'), here)).toBeNull()
  })
})

describe('prefetch limits (spec §9)', () => {
  it('skips slow and data-saving connections', () => {
    expect(prefetchAllowed(undefined)).toBe(true)
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true)
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true)
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false)
  })

  /** A preload function whose preloads finish when the test says so. */
  function manualPreloads() {
    const started: string[] = []
    const finishers = new Map<string, () => void>()
    const preload = (href: string) =>
      new Promise<void>((resolve) => {
        started.push(href)
        finishers.set(href, resolve)
      })
    const finish = async (href: string) => {
      finishers.get(href)!()
      await new Promise((r) => setTimeout(r, 0))
    }
    return { started, preload, finish }
  }

  it('runs at most five at once and starts the next as one finishes', async () => {
    expect(MAX_CONCURRENT_PREFETCHES).toBe(5)
    const p = manualPreloads()
    const queue = createPrefetchQueue(p.preload)
    for (let i = 1; i <= 8; i++) queue.request(`/p${i}`)
    expect(p.started).toEqual(['/p1', '/p2', '/p3', '/p4', '/p5'])
    expect(queue.running).toBe(5)
    expect(queue.waiting).toEqual(['/p6', '/p7', '/p8'])
    await p.finish('/p2')
    expect(p.started).toHaveLength(6)
    expect(p.started[5]).toBe('/p6')
    expect(queue.running).toBe(5)
  })

  it('puts hover first, drops links that left the view, never preloads twice', async () => {
    const p = manualPreloads()
    const queue = createPrefetchQueue(p.preload, 1)
    queue.request('/a')
    queue.request('/b')
    queue.request('/c')
    expect(queue.request('/b')).toBe(false)
    queue.request('/c', true)
    expect(queue.waiting).toEqual(['/c', '/b'])
    queue.cancel('/b')
    await p.finish('/a')
    expect(p.started).toEqual(['/a', '/c'])
    expect(queue.request('/a')).toBe(false)
    expect(queue.request('/c', true)).toBe(false)
    expect(queue.request('/b')).toBe(true)
  })

  it('keeps going when a preload fails', async () => {
    const started: string[] = []
    const queue = createPrefetchQueue((href) => {
      started.push(href)
      if (href === '/bad-sync') throw new Error('boom')
      return Promise.reject(new Error('nope'))
    }, 1)
    queue.request('/bad-sync')
    queue.request('/bad-async')
    queue.request('/after')
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(started).toEqual(['/bad-sync', '/bad-async', '/after'])
  })
})

describe('logo click counter (spec §4, §9: developer mode after 5 clicks)', () => {
  it('fires on the fifth quick click and starts over', () => {
    expect(DEVELOPER_MODE_CLICKS).toBe(5)
    const counter = createClickCounter()
    const results = [0, 300, 600, 900, 1200].map((t) => counter.click(t))
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5])
    expect(results.map((r) => r.fired)).toEqual([false, false, false, false, true])
    expect(counter.click(1300)).toEqual({ count: 1, fired: false })
  })

  it('starts a new series after a pause longer than the window', () => {
    const counter = createClickCounter()
    for (const t of [0, 100, 200, 300]) counter.click(t)
    expect(counter.click(300 + CLICK_STREAK_WINDOW_MS + 1)).toEqual({ count: 1, fired: false })
    let last = { count: 0, fired: false }
    for (const t of [2_400, 2_500, 2_600, 2_700]) last = counter.click(t)
    expect(last).toEqual({ count: 5, fired: true })
  })

  it('does not count a clock that went backwards as part of the series', () => {
    const counter = createClickCounter()
    counter.click(5_000)
    expect(counter.click(4_000).count).toBe(1)
  })
})

describe('developer mode store', () => {
  it('reads and writes localStorage, tells subscribers', () => {
    const store = memoryStore()
    expect(readDeveloperMode(store)).toBe(false)
    const listener = vi.fn()
    const unsubscribe = subscribeDeveloperMode(listener)
    expect(writeDeveloperMode(true, store)).toBe(true)
    expect(store.data.get(DEVELOPER_MODE_KEY)).toBe('true')
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    expect(writeDeveloperMode(false, store)).toBe(false)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(parseDeveloperMode('yes')).toBe(false)
  })

  it('is off when storage is blocked', () => {
    expect(readDeveloperMode(memoryStore(true))).toBe(false)
    expect(writeDeveloperMode(true, memoryStore(true))).toBe(false)
  })
})

describe('chunk-load errors (spec §8)', () => {
  it('recognises the bundlers’ and browsers’ messages', () => {
    const named = new Error('x')
    named.name = 'ChunkLoadError'
    expect(isChunkLoadError(named)).toBe(true)
    for (const message of [
      'Loading chunk 123 failed.',
      'Loading CSS chunk app-layout failed',
      'Failed to load chunk /_next/static/chunks/abc.js from module 42',
      'Failed to fetch dynamically imported module: https://x/y.js',
      'error loading dynamically imported module',
      'Importing a module script failed.',
    ]) {
      expect(isChunkLoadError(new Error(message))).toBe(true)
      expect(isChunkLoadError(message)).toBe(true)
    }
  })

  it('ignores other errors', () => {
    for (const other of [new Error('Cannot read properties of undefined'), new TypeError('Failed to fetch'), 'Script error.', null, undefined, 42, {}]) expect(isChunkLoadError(other)).toBe(false)
  })
})

describe('staging banner', () => {
  it('shows on staging until dismissed', () => {
    expect(parseSiteEnvironment('staging')).toBe('staging')
    expect(parseSiteEnvironment(' Staging ')).toBe('staging')
    for (const v of [undefined, '', 'production', 'prod', 'dev']) expect(parseSiteEnvironment(v)).toBe('production')
    expect(stagingBannerShown('staging', false)).toBe(true)
    expect(stagingBannerShown('staging', true)).toBe(false)
    expect(stagingBannerShown('production', false)).toBe(false)
  })
})

describe('site data health (the build-failure banner)', () => {
  it('names unreadable, empty and slow tag lists with a code', async () => {
    const problems = await runSiteDataChecks(
      {
        categories: async () => 12,
        loaders: async () => 0,
        gameVersions: async () => {
          throw Object.assign(new Error('relation "game_versions" does not exist'), { code: '42P01' })
        },
        licenses: () => new Promise<number>(() => {}),
      },
      20,
    )
    expect(problems).toEqual([
      { source: 'loaders', code: 'EMPTY' },
      { source: 'gameVersions', code: '42P01' },
      { source: 'licenses', code: 'TIMEOUT' },
    ])
  })

  it('makes short error codes', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED')
    expect(errorCode({ status: 503 })).toBe('503')
    expect(errorCode(new Error('wrapped', { cause: Object.assign(new Error('y'), { code: '57P01' }) }))).toBe('57P01')
    expect(errorCode(new TypeError('x'))).toBe('TypeError')
    expect(errorCode(new Error('x'))).toBe('UNKNOWN')
    expect(errorCode('x')).toBe('UNKNOWN')
  })

  it('remembers a good answer for minutes and a bad one for seconds, sharing a run', async () => {
    let now = 0
    let count = 0
    const check = vi.fn(async () => count)
    const monitor = createSiteDataMonitor({ tags: check }, () => now)
    const [a, b] = await Promise.all([monitor.problems(), monitor.problems()])
    expect(a).toEqual([{ source: 'tags', code: 'EMPTY' }])
    expect(b).toBe(a)
    expect(check).toHaveBeenCalledTimes(1)
    count = 5
    now = SITE_DATA_FAILED_TTL_MS - 1
    expect(await monitor.problems()).toHaveLength(1)
    now = SITE_DATA_FAILED_TTL_MS
    expect(await monitor.problems()).toEqual([])
    count = 0
    now += SITE_DATA_OK_TTL_MS - 1
    expect(await monitor.problems()).toEqual([])
    now += 1
    expect(await monitor.problems()).toHaveLength(1)
    expect(check).toHaveBeenCalledTimes(3)
  })
})
