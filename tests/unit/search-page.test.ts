/** Pure helpers of the search pages: filter states, pagination, view-mode cookie, displayed type, sidebar. */
import { describe, expect, it } from 'vitest'

import { DEFAULT_DISPLAY_MODES, displayModeOf, parseDisplayModes, serializeDisplayModeCookie, withDisplayMode } from '../../src/lib/search/displayMode'
import { displayProjectType, projectPath } from '../../src/lib/search/displayType'
import { pageCount, paginationItems } from '../../src/lib/search/pagination'
import { categoryGroups, facetStates, loaderGroups, sideCount, visibleGameVersions } from '../../src/lib/search/sidebar'
import {
  activeFilters,
  excludeTarget,
  filterMode,
  includeTarget,
  withEnvironment,
  withFilterMode,
  withOpenSource,
  withoutFilters,
  withPage,
  withPerPage,
  withSnapshots,
  withSort,
  withText,
} from '../../src/lib/search/siteFilters'
import { emptySiteSearchState, parseSiteSearchState, siteSearchHref } from '../../src/lib/search/siteQuery'
import { tagIconClass, tagIconCss } from '../../src/lib/search/tagIcons'
import { prettifyTag } from '../../src/lib/search/tagLabel'

const state = (qs: string) => parseSiteSearchState(new URLSearchParams(qs))

describe('tri-state filters', () => {
  it('reads include, exclude and off for each kind', () => {
    const s = state('c=magic&x=cursed&l=fabric&xl=forge&p=paper&g=1.21&xg=1.20.1')
    expect(filterMode(s, 'category', 'magic')).toBe('include')
    expect(filterMode(s, 'category', 'Cursed')).toBe('exclude')
    expect(filterMode(s, 'category', 'food')).toBe('off')
    expect(filterMode(s, 'loader', 'fabric')).toBe('include')
    expect(filterMode(s, 'loader', 'paper')).toBe('include')
    expect(filterMode(s, 'loader', 'forge')).toBe('exclude')
    expect(filterMode(s, 'gameVersion', '1.21')).toBe('include')
    expect(filterMode(s, 'gameVersion', '1.20.1')).toBe('exclude')
  })
  it('moves a value between include, exclude and off, never in both lists, back to page 1', () => {
    const s = state('c=magic&page=4')
    const excluded = withFilterMode(s, 'category', 'magic', 'exclude')
    expect(excluded).toMatchObject({ categories: [], excludedCategories: ['magic'], page: 1 })
    expect(siteSearchHref('/mods', withFilterMode(excluded, 'category', 'magic', 'include'))).toBe('/mods?c=magic')
    expect(siteSearchHref('/mods', withFilterMode(excluded, 'category', 'magic', 'off'))).toBe('/mods')
    expect(withFilterMode(state('p=paper'), 'loader', 'paper', 'exclude')).toMatchObject({ platforms: [], excludedLoaders: ['paper'] })
    expect(withFilterMode(state('g=1.21'), 'gameVersion', '1.20.1', 'include').gameVersions).toEqual(['1.21', '1.20.1'])
  })
  it('cycles the two actions of a row', () => {
    expect(includeTarget('off')).toBe('include')
    expect(includeTarget('include')).toBe('off')
    expect(includeTarget('exclude')).toBe('include')
    expect(excludeTarget('off')).toBe('exclude')
    expect(excludeTarget('include')).toBe('exclude')
    expect(excludeTarget('exclude')).toBe('off')
  })
  it('toggles environments and open source', () => {
    const s = withEnvironment(state('e=server&page=2'), 'client', true)
    expect(s).toMatchObject({ environments: ['server', 'client'], page: 1 })
    expect(withEnvironment(s, 'server', false).environments).toEqual(['client'])
    expect(withOpenSource(state(''), true).openSource).toBe(true)
  })
  it('lists active filters, each with the state without it', () => {
    const s = state('q=ore&c=magic&x=cursed&l=fabric&p=paper&e=client&os=1&id=AABBCCDD')
    const chips = activeFilters(s)
    expect(chips.map((c) => `${c.kind}:${c.mode}:${c.value}`)).toEqual([
      'category:include:magic',
      'category:exclude:cursed',
      'loader:include:fabric',
      'loader:include:paper',
      'environment:include:client',
      'openSource:include:true',
      'projectId:include:AABBCCDD',
    ])
    expect(siteSearchHref('/mods', chips[1].without)).toBe('/mods?q=ore&c=magic&l=fabric&p=paper&e=client&os=1&id=AABBCCDD')
    expect(siteSearchHref('/mods', chips[6].without)).toBe('/mods?q=ore&c=magic&x=cursed&l=fabric&p=paper&e=client&os=1')
    expect(activeFilters(emptySiteSearchState())).toEqual([])
  })
  it('clears filters but keeps text, sort, page size and the snapshots toggle', () => {
    expect(siteSearchHref('/mods', withoutFilters(state('q=ore&c=magic&xg=1.21&s=downloads&n=50&snapshots=1&page=3')))).toBe('/mods?q=ore&s=downloads&n=50&snapshots=1')
  })
  it('resets the page on sort and text, keeps it for the snapshots toggle', () => {
    expect(withSort(state('page=3'), 'newest')).toMatchObject({ sort: 'newest', page: 1 })
    expect(withText(state('page=3'), 'ore')).toMatchObject({ text: 'ore', page: 1 })
    expect(withSnapshots(state('page=3'), true)).toMatchObject({ showSnapshots: true, page: 3 })
    expect(withPage(state(''), 0).page).toBe(1)
  })
  it('keeps the first visible result on screen when the page size changes', () => {
    expect(withPerPage(state('page=3&n=20'), 50)).toMatchObject({ perPage: 50, page: 1 }) // result 41
    expect(withPerPage(state('page=3&n=20'), 10)).toMatchObject({ perPage: 10, page: 5 }) // result 41
    expect(withPerPage(state(''), 7).perPage).toBe(20)
  })
})

describe('pagination', () => {
  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(74, 20)).toBe(4)
    expect(pageCount(80, 20)).toBe(4)
  })
  it('shows first, last, neighbours and gaps', () => {
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(1, 4)).toEqual([1, 2, 3, 4])
    expect(paginationItems(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20])
    expect(paginationItems(1, 20)).toEqual([1, 2, 'gap', 20])
    expect(paginationItems(20, 20)).toEqual([1, 'gap', 19, 20])
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(paginationItems(99, 5)).toEqual([1, 'gap', 4, 5])
  })
})

describe('searchDisplayMode cookie', () => {
  it('defaults per type as spec §3 says', () => {
    expect(parseDisplayModes(undefined)).toEqual({ mod: 'list', plugin: 'list', resourcepack: 'gallery', modpack: 'list', shader: 'gallery', datapack: 'list', user: 'list', collection: 'list' })
    expect(displayModeOf(DEFAULT_DISPLAY_MODES, 'shader')).toBe('gallery')
    expect(displayModeOf(DEFAULT_DISPLAY_MODES, 'unknown')).toBe('list')
  })
  it('reads raw and URI-encoded JSON, ignoring junk', () => {
    expect(parseDisplayModes('{"mod":"grid"}').mod).toBe('grid')
    expect(parseDisplayModes(encodeURIComponent('{"shader":"list","mod":"poster"}'))).toMatchObject({ shader: 'list', mod: 'list' })
    expect(parseDisplayModes('not json')).toEqual(DEFAULT_DISPLAY_MODES)
    expect(parseDisplayModes('[1,2]')).toEqual(DEFAULT_DISPLAY_MODES)
  })
  it('changes one type and serializes a one-year, lax, site-wide cookie', () => {
    const modes = withDisplayMode(DEFAULT_DISPLAY_MODES, 'mod', 'grid')
    expect(modes).toMatchObject({ mod: 'grid', resourcepack: 'gallery' })
    expect(withDisplayMode(modes, 'nonsense', 'grid')).toBe(modes)
    const cookie = serializeDisplayModeCookie(modes, { secure: true })
    expect(cookie).toMatch(/^searchDisplayMode=[^;]+; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/)
    expect(parseDisplayModes(cookie.split(';')[0].split('=')[1])).toEqual(modes)
    expect(serializeDisplayModeCookie(modes)).not.toContain('Secure')
  })
})

describe('displayed project type (spec §2)', () => {
  it('turns mods into data packs, then plugins, by loader', () => {
    expect(displayProjectType('mod', ['fabric', 'datapack', 'paper'])).toBe('datapack')
    expect(displayProjectType('mod', ['fabric', 'paper'])).toBe('plugin')
    expect(displayProjectType('mod', ['velocity'])).toBe('plugin')
    expect(displayProjectType('mod', ['fabric', 'technology'])).toBe('mod')
    expect(displayProjectType('mod')).toBe('mod')
    expect(displayProjectType('modpack', ['datapack'])).toBe('modpack')
    expect(displayProjectType('shader', ['iris'])).toBe('shader')
  })
  it('links to /{displayed type}/{slug}', () => {
    expect(projectPath('mod', ['datapack'], 'vein-breaker')).toBe('/datapack/vein-breaker')
    expect(projectPath('resourcepack', [], 'a b')).toBe('/resourcepack/a%20b')
  })
})

describe('filter sidebar', () => {
  it('groups categories by header in spec §9 order', () => {
    const tags = [
      { name: 'high', header: 'performance impact' },
      { name: 'realistic', header: 'categories' },
      { name: 'potato', header: 'performance impact' },
      { name: 'bloom', header: 'features' },
      { name: 'cartoon', header: 'categories' },
      { name: 'screenshot', header: 'performance impact' },
    ]
    expect(categoryGroups(tags).map((g) => [g.header, g.items.map((i) => i.name)])).toEqual([
      ['categories', ['cartoon', 'realistic']],
      ['features', ['bloom']],
      ['performance impact', ['potato', 'high', 'screenshot']],
    ])
    const res = ['512x+', '16x', '8x-', '128x'].map((name) => ({ name, header: 'resolutions' }))
    expect(categoryGroups(res)[0].items.map((i) => i.name)).toEqual(['8x-', '16x', '128x', '512x+'])
  })
  const loaders = [
    ...['fabric', 'forge', 'quilt', 'babric'].map((id) => ({ id, supportedProjectTypes: ['mod'] })),
    { id: 'datapack', supportedProjectTypes: ['mod', 'datapack'] },
    { id: 'minecraft', supportedProjectTypes: ['resourcepack'] },
    ...['velocity', 'sponge', 'paper', 'bukkit', 'waterfall', 'folia', 'bungeecord', 'spigot', 'purpur'].map((id) => ({ id, supportedProjectTypes: ['plugin'] })),
    ...['iris', 'optifine'].map((id) => ({ id, supportedProjectTypes: ['shader'] })),
  ]
  it('splits plugin loaders into platforms and proxies', () => {
    expect(loaderGroups('plugin', loaders).map((g) => [g.key, g.items.map((l) => l.id)])).toEqual([
      ['platforms', ['bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge']],
      ['proxies', ['bungeecord', 'waterfall', 'velocity']],
    ])
  })
  it('lists mod loaders without datapack, and nothing when there is no choice', () => {
    expect(loaderGroups('mod', loaders)[0].items.map((l) => l.id)).toEqual(['babric', 'fabric', 'forge', 'quilt'])
    expect(loaderGroups('shader', loaders)[0].items.map((l) => l.id)).toEqual(['iris', 'optifine'])
    expect(loaderGroups('resourcepack', loaders)).toEqual([])
    expect(loaderGroups('datapack', loaders)).toEqual([])
  })
  it('shows releases that have results, snapshots on request, and chosen versions always', () => {
    const all = [
      { id: '25w01a', versionType: 'snapshot' },
      { id: '1.21.1', versionType: 'release' },
      { id: '1.21', versionType: 'release' },
      { id: '1.20.1', versionType: 'release' },
      { id: 'b1.7.3', versionType: 'beta' },
    ]
    const counts = { '25w01a': 1, '1.21.1': 3, '1.21': 0, 'b1.7.3': 1 }
    expect(visibleGameVersions(all, { showSnapshots: false, counts, selected: ['1.20.1'] }).map((v) => v.id)).toEqual(['1.21.1', '1.20.1'])
    expect(visibleGameVersions(all, { showSnapshots: true, counts, selected: [] }).map((v) => v.id)).toEqual(['25w01a', '1.21.1', 'b1.7.3'])
  })
  it('counts a side as required plus optional', () => {
    expect(sideCount({ required: 3, optional: 2, unsupported: 9 })).toBe(5)
    expect(sideCount(undefined)).toBe(0)
  })
  it('counts OR groups without themselves', () => {
    expect(facetStates(state('c=magic'))).toEqual({ loaders: null, gameVersions: null })
    const s = facetStates(state('c=magic&l=fabric&p=paper&g=1.21&page=3'))
    expect(s.loaders).toMatchObject({ categories: ['magic'], loaders: [], platforms: [], gameVersions: ['1.21'], page: 1 })
    expect(s.gameVersions).toMatchObject({ loaders: ['fabric'], gameVersions: [], page: 1 })
  })
})

describe('tag labels', () => {
  it('title-cases tag names', () => {
    expect(prettifyTag('kitchen-sink')).toBe('Kitchen Sink')
    expect(prettifyTag('technology')).toBe('Technology')
    expect(prettifyTag('1.20.1')).toBe('1.20.1')
  })
})

describe('tag icons', () => {
  it('makes safe, distinct class names', () => {
    expect(tagIconClass('category', 'kitchen-sink')).toBe('tag-icon--c-kitchen_2d_sink')
    expect(tagIconClass('category', '512x+')).toBe('tag-icon--c-512x_2b_')
    expect(tagIconClass('loader', 'fabric')).toBe('tag-icon--l-fabric')
    expect(tagIconClass('category', '8x-')).not.toBe(tagIconClass('category', '8x_'))
  })
  it('puts SVG icons into CSS as encoded data URLs and skips anything else', () => {
    const css = tagIconCss([
      { kind: 'category', name: 'magic', icon: '<svg viewBox="0 0 24 24"><path d="M1 1"/></svg>' },
      { kind: 'loader', name: 'evil', icon: '</style><script>alert(1)</script>' },
      { kind: 'loader', name: 'none', icon: null },
    ])
    expect(css).toBe(`.tag-icon--c-magic{--tag-icon:url("data:image/svg+xml,${encodeURIComponent('<svg viewBox="0 0 24 24"><path d="M1 1"/></svg>')}")}`)
    expect(css).not.toMatch(/[<>]/)
  })
})
