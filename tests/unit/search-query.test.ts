import { describe, expect, it } from 'vitest'

import { parseFacet, parseFacets } from '../../src/lib/search/facets'
import { SearchInputError } from '../../src/lib/search/query'
import { emptySiteSearchState, parseSiteSearchState, siteSearchHref, siteStateToParams, siteStateToQuery } from '../../src/lib/search/siteQuery'
import { prefixTsQuery, titleOnly } from '../../src/lib/search/text'
import { parseV2SearchParams } from '../../src/lib/search/v2Params'

const LOADERS = new Set(['fabric', 'forge', 'paper'])

describe('v2 facets', () => {
  it('parses outer AND of inner OR groups with every operator', () => {
    expect(parseFacets('[["categories:technology","categories:magic"],["versions:1.21"],["project_type:mod"],["downloads>=1000"]]', LOADERS)).toEqual([
      [{ field: 'categories', op: '=', value: 'technology' }, { field: 'categories', op: '=', value: 'magic' }],
      [{ field: 'game_versions', op: '=', value: '1.21' }],
      [{ field: 'project_type', op: '=', value: 'mod' }],
      [{ field: 'downloads', op: '>=', value: '1000' }],
    ])
    for (const [raw, op] of [['downloads>5', '>'], ['downloads<5', '<'], ['downloads<=5', '<='], ['project_type=mod', '='], ['categories!=magic', '!=']] as const)
      expect(parseFacet(raw, LOADERS).op).toBe(op)
  })
  it('reads loaders given as categories as loader filters, and the v2 aliases', () => {
    expect(parseFacet('categories:fabric', LOADERS)).toEqual({ field: 'loaders', op: '=', value: 'fabric' })
    expect(parseFacet('versions:1.20.1', LOADERS).field).toBe('game_versions')
    expect(parseFacet('project_type:mod', LOADERS).field).toBe('project_type')
    expect(parseFacet('title:Sodium', LOADERS)).toEqual({ field: 'title', op: '=', value: 'Sodium' })
  })
  it("reads quoted fields and values as labrinth does (search/filter/parse.rs): quotes off, \\ escapes", () => {
    expect(parseFacet("title:'Ore Tools'", LOADERS)).toEqual({ field: 'title', op: '=', value: 'Ore Tools' })
    expect(parseFacet('categories:"Fabric"', LOADERS)).toEqual({ field: 'loaders', op: '=', value: 'fabric' })
    expect(parseFacet('"title" = `a\\`b`', LOADERS)).toEqual({ field: 'title', op: '=', value: 'a`b' })
    expect(parseFacet("license='https://example.com/license'", LOADERS)).toEqual({ field: 'license', op: '=', value: 'https://example.com/license' })
    expect(parseFacet("title:'it's'", LOADERS).value).toBe("'it's'")
  })
  it('expands a nested AND group', () => {
    expect(parseFacets('[[["categories:magic","versions:1.21"]]]', LOADERS)).toHaveLength(2)
  })
  it.each([
    ['not json', 'not valid JSON'],
    ['{"a":1}', 'expected an array'],
    ['[[1]]', 'expected an array'],
    ['[["nonsense"]]', 'expected key:value'],
    ['[["colour:red"]]', 'unknown field'],
    ['[["downloads>lots"]]', 'takes a number'],
    ['[["categories>magic"]]', 'only applies to numbers'],
    ['[["categories:"]]', 'missing value'],
  ])('refuses %s with a clear 400', (raw, message) => {
    expect(() => parseFacets(raw, LOADERS)).toThrow(SearchInputError)
    expect(() => parseFacets(raw, LOADERS)).toThrow(message)
  })
})

describe('v2 search parameters', () => {
  const parse = (qs: string) => parseV2SearchParams(new URLSearchParams(qs), LOADERS)
  it('defaults to relevance, offset 0, limit 10', () => {
    expect(parse('')).toMatchObject({ text: '', sort: 'relevance', offset: 0, limit: 10, filters: [] })
  })
  it('clamps the limit to 100 and raises 0 to 1', () => {
    expect(parse('limit=1000').limit).toBe(100)
    expect(parse('limit=0').limit).toBe(1)
  })
  it('accepts the index aliases and trending', () => {
    expect(parse('index=date_created').sort).toBe('newest')
    expect(parse('index=date_modified').sort).toBe('updated')
    expect(parse('index=trending').sort).toBe('trending')
  })
  it('widens project_type:mod to the plugins and data packs v2 reports as mods', () => {
    expect(parse(`facets=${encodeURIComponent('[["project_type:mod"]]')}`).filters).toEqual([
      [{ field: 'project_type', op: '=', value: 'mod' }, { field: 'project_type', op: '=', value: 'plugin' }, { field: 'project_type', op: '=', value: 'datapack' }],
    ])
    expect(parse(`facets=${encodeURIComponent('[["project_type!=mod"]]')}`).filters).toHaveLength(3)
    expect(parse(`facets=${encodeURIComponent('[["project_type:shader"]]')}`).filters).toEqual([[{ field: 'project_type', op: '=', value: 'shader' }]])
  })
  it('refuses an unknown index and non-numeric paging', () => {
    expect(() => parse('index=popularity')).toThrow('invalid index')
    expect(() => parse('offset=-1')).toThrow('Invalid offset')
    expect(() => parse('limit=ten')).toThrow('Invalid limit')
  })
})

describe('site search URL', () => {
  it('maps the URL state to one query, with exclusions and environments', () => {
    const state = parseSiteSearchState(new URLSearchParams('q=ore&c=technology&c=magic&x=cursed&l=fabric&l=quilt&xl=forge&g=1.21&e=client&os=1&s=trending&page=3&n=50'))
    const query = siteStateToQuery('mod', state)
    expect(query).toMatchObject({ text: 'ore', sort: 'trending', offset: 100, limit: 50, facets: true })
    expect(query.filters).toEqual([
      [{ field: 'project_type', op: '=', value: 'mod' }],
      [{ field: 'categories', op: '=', value: 'technology' }],
      [{ field: 'categories', op: '=', value: 'magic' }],
      [{ field: 'categories', op: '!=', value: 'cursed' }],
      [{ field: 'loaders', op: '=', value: 'fabric' }, { field: 'loaders', op: '=', value: 'quilt' }],
      [{ field: 'loaders', op: '!=', value: 'forge' }],
      [{ field: 'game_versions', op: '=', value: '1.21' }],
      [{ field: 'client_side', op: '=', value: 'required' }, { field: 'client_side', op: '=', value: 'optional' }],
      [{ field: 'open_source', op: '=', value: 'true' }],
    ])
  })
  it('falls back to defaults on nonsense', () => {
    const state = parseSiteSearchState(new URLSearchParams('s=best&page=-4&n=7&e=moon'))
    expect(state).toMatchObject({ sort: 'relevance', page: 1, perPage: 20, environments: [] })
  })
  it('writes a state back to the same URL parameters, defaults left out', () => {
    const qs = 'q=ore+mine&c=technology&x=cursed&l=fabric&xl=forge&g=1.21&xg=1.20.1&p=paper&e=client&os=1&id=AABBCCDD&s=trending&page=3&n=50&snapshots=1'
    const state = parseSiteSearchState(new URLSearchParams(qs))
    expect(siteStateToParams(state).toString()).toBe(qs)
    expect(parseSiteSearchState(siteStateToParams(state))).toEqual(state)
  })
  it('gives the bare path for the untouched state and a query string otherwise', () => {
    expect(siteStateToParams(emptySiteSearchState()).toString()).toBe('')
    expect(siteSearchHref('/mods', emptySiteSearchState())).toBe('/mods')
    expect(siteSearchHref('/mods', { ...emptySiteSearchState(), text: '  ' })).toBe('/mods')
    expect(siteSearchHref('/mods', { ...emptySiteSearchState(), sort: 'downloads', page: 2 })).toBe('/mods?s=downloads&page=2')
  })
})

describe('text', () => {
  it('builds a tsquery from words only, the last one a prefix', () => {
    expect(prefixTsQuery('Sodium Extra')).toBe('sodium & extra:*')
    expect(prefixTsQuery("a & b | !c:* ' ")).toBe('a & b & c:*')
    expect(prefixTsQuery('  !!  ')).toBeNull()
  })
})

describe('titleOnly', () => {
  it('restricts every word of a tsquery to the title weight', () => {
    expect(titleOnly('sodium & extra:*')).toBe('sodium:A & extra:*A')
    expect(titleOnly('iris:*')).toBe('iris:*A')
  })
})
