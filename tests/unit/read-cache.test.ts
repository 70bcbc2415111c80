import { afterEach, describe, expect, it, vi } from 'vitest'

import { collectPage, newPageCollector } from '../../src/lib/cache/collector'
import { TagCache } from '../../src/lib/cache/store'
import { throttledAnnouncer } from '../../src/lib/cache/throttle'

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the public-read cache', () => {
  it('serves a stored read until one of its tags is invalidated', async () => {
    const cache = new TagCache()
    let reads = 0
    const load = async () => ({ value: { title: `read ${++reads}` }, tags: ['project:A', 'team:T'] })
    expect(await cache.get('page:a', load)).toEqual({ title: 'read 1' })
    expect(await cache.get('page:a', load)).toEqual({ title: 'read 1' })
    cache.invalidate(['project:B'])
    expect(await cache.get('page:a', load)).toEqual({ title: 'read 1' })
    cache.invalidate(['team:T'])
    expect(await cache.get('page:a', load)).toEqual({ title: 'read 2' })
    expect(cache.stats).toMatchObject({ hits: 2 })
  })

  it('does not store a miss: a missing project is looked up again next time', async () => {
    const cache = new TagCache()
    let reads = 0
    const load = async () => (++reads > 1 ? { value: 'found', tags: ['project:A'] } : null)
    expect(await cache.get('page:a', load)).toBeNull()
    expect(await cache.get('page:a', load)).toBe('found')
  })

  it('shares one load between concurrent misses', async () => {
    const cache = new TagCache()
    const gate = deferred<void>()
    let reads = 0
    const load = async () => {
      reads += 1
      await gate.promise
      return { value: { n: reads }, tags: ['t'] }
    }
    const both = Promise.all([cache.get('k', load), cache.get('k', load)])
    gate.resolve()
    expect(await both).toEqual([{ n: 1 }, { n: 1 }])
    expect(reads).toBe(1)
  })

  it('does not keep a read that began before an invalidation (it may hold the old row)', async () => {
    const cache = new TagCache()
    const gate = deferred<void>()
    const stale = cache.get('page:a', async () => {
      await gate.promise
      return { value: 'old title', tags: ['project:A'] }
    })
    cache.invalidate(['project:A']) // the write commits while the read is under way
    gate.resolve()
    expect(await stale).toBe('old title') // its own request may show what it read…
    expect(await cache.get('page:a', async () => ({ value: 'new title', tags: ['project:A'] }))).toBe('new title') // …the next one reads again
  })

  it('hands out copies: a caller changing what it got does not change the next read', async () => {
    const cache = new TagCache()
    const load = async () => ({ value: { versions: ['1.0', '2.0'] }, tags: ['t'] })
    const first = await cache.get('k', load)
    first!.versions.reverse()
    const second = await cache.get('k', load)
    second!.versions.push('3.0')
    expect(await cache.get('k', load)).toEqual({ versions: ['1.0', '2.0'] })
  })

  it('stays within its bound, least recently used first, and forgets evicted keys in its tag index', async () => {
    const cache = new TagCache({ maxEntries: 2 })
    const load = (v: string) => async () => ({ value: v, tags: ['shared'] })
    await cache.get('a', load('a'))
    await cache.get('b', load('b'))
    await cache.get('a', load('a?'))
    await cache.get('c', load('c'))
    expect(cache.size).toBe(2)
    expect(await cache.get('b', load('b again'))).toBe('b again')
    cache.invalidate(['shared'])
    expect(cache.size).toBe(0)
  })

  it('reads many keys at once: hits from the cache, the rest in one load, each under its own tags', async () => {
    const cache = new TagCache()
    const loads: string[][] = []
    const load = async (missing: string[]) => {
      loads.push(missing)
      return new Map(missing.map((k) => [k, { value: { v: k, n: loads.length }, tags: [`project:${k}`] }]))
    }
    expect([...(await cache.getMany(['a', 'b'], load)).values()]).toEqual([{ v: 'a', n: 1 }, { v: 'b', n: 1 }])
    cache.invalidate(['project:b'])
    const again = await cache.getMany(['a', 'b', 'c'], load, { copy: false })
    expect(loads).toEqual([['a', 'b'], ['b', 'c']])
    expect(again.get('a')).toEqual({ v: 'a', n: 1 })
    // Handed out uncopied, a stored value is frozen: a caller cannot change it under the cache.
    expect(() => {
      ;(again.get('a') as { v: string }).v = 'changed'
    }).toThrow(TypeError)
    expect((await cache.getMany(['a'], load)).get('a')).toEqual({ v: 'a', n: 1 })
  })

  it('lets a read go when it changes by the clock (an article dated ahead), and tells the page so', async () => {
    const cache = new TagCache({ ttlMs: 60_000 })
    let reads = 0
    const soon = Date.now() + 40
    const load = async () => ({ value: `read ${++reads}`, tags: ['news'], expiresAt: soon })
    const collector = newPageCollector()
    expect(await collectPage(collector, () => cache.get('home', load))).toBe('read 1')
    expect(collector.expiresAt).toBe(soon)
    expect(await cache.get('home', load)).toBe('read 1')
    // Waits on the clock, not a sleep: kept until `soon`, read again after.
    await vi.waitFor(async () => expect(await cache.get('home', load)).toBe('read 2'), { timeout: 2_000, interval: 20 })
    expect(Date.now()).toBeGreaterThanOrEqual(soon)
    // Already past: answered, not kept.
    const past = async () => ({ value: `read ${++reads}`, tags: ['news'], expiresAt: Date.now() - 1 })
    expect(await cache.get('gone', past)).toBe('read 3')
    expect(await cache.get('gone', past)).toBe('read 4')
  })

  it('clear drops everything', async () => {
    const cache = new TagCache()
    await cache.get('a', async () => ({ value: 1, tags: ['x'] }))
    cache.clear()
    expect(await cache.get('a', async () => ({ value: 2, tags: ['x'] }))).toBe(2)
  })
})

describe('throttled announcements (download counts)', () => {
  afterEach(() => vi.useRealTimers())

  it('announces the first change at once and later ones together at the end of the window', async () => {
    vi.useFakeTimers()
    const sent: string[] = []
    const announce = throttledAnnouncer(async (tag) => void sent.push(tag), 5000)
    announce('project:A')
    expect(sent).toEqual(['project:A'])
    announce('project:A')
    announce('project:A')
    announce('project:B')
    expect(sent).toEqual(['project:A', 'project:B'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(sent).toEqual(['project:A', 'project:B', 'project:A'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(sent).toHaveLength(3)
    announce('project:A')
    expect(sent).toHaveLength(4)
  })
})
