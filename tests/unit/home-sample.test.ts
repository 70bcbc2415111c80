import { describe, expect, it } from 'vitest'

import { HOME_SEARCH_LIMIT, homeSampleUrl, homeSearchHref, parseSampleHits } from '../../src/lib/search/homeSample'

describe('home live search sample (spec §9: limit 3)', () => {
  it('asks the public API for three mods', () => {
    expect(HOME_SEARCH_LIMIT).toBe(3)
    const url = new URL(homeSampleUrl('  ember lib '), 'http://x')
    expect(url.pathname).toBe('/v2/search')
    expect(url.searchParams.get('query')).toBe('ember lib')
    expect(url.searchParams.get('limit')).toBe('3')
    expect(JSON.parse(url.searchParams.get('facets')!)).toEqual([['project_type:mod']])
  })

  it('leads to the search page with q', () => {
    expect(homeSearchHref('ember & co')).toBe('/mods?q=ember+%26+co')
    expect(homeSearchHref('   ')).toBe('/mods')
  })

  it('reads at most three hits, linking by displayed type', () => {
    const hit = (n: number, extra: object = {}) => ({ project_id: `id${n}`, slug: `p${n}`, title: `P${n}`, author: 'a', project_type: 'mod', categories: [], icon_url: null, ...extra })
    const hits = parseSampleHits({ hits: [hit(1), hit(2, { categories: ['paper'], icon_url: 'https://x/i.png' }), { junk: true }, hit(3, { categories: ['datapack'] }), hit(4)] })
    expect(hits.map((h) => h.href)).toEqual(['/mod/p1', '/plugin/p2', '/datapack/p3'])
    expect(hits[1].iconUrl).toBe('https://x/i.png')
    expect(hits[0]).toEqual({ id: 'id1', title: 'P1', author: 'a', iconUrl: null, href: '/mod/p1' })
  })

  it('is empty for anything else', () => {
    for (const body of [null, 'x', {}, { hits: 'no' }]) expect(parseSampleHits(body)).toEqual([])
  })
})
