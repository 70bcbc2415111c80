/** The search page's cards and sidebar as data for their client components (what the RSC payload carries). */
import { describe, expect, it } from 'vitest'

import { accentOf, cardData, type CardContext } from '../../src/components/search/cardData'
import type { SearchPageData } from '../../src/components/search/load'
import { fillLabel } from '../../src/components/search/filterRows'
import { sidebarData, type SidebarTranslate } from '../../src/components/search/sidebarData'
import type { SearchHit } from '../../src/lib/search/query'
import { parseSiteSearchState } from '../../src/lib/search/siteQuery'

const hit = (over: Partial<SearchHit> = {}): SearchHit => ({
  project_id: 'abc123',
  project_type: 'mod',
  slug: 'lightweave',
  author: 'tinkerfox',
  author_id: null,
  organization: null,
  organization_id: null,
  title: 'Lightweave',
  description: 'Faster light.',
  categories: ['optimization', 'fabric', 'minecraft'],
  display_categories: ['optimization', 'fabric', 'minecraft'],
  versions: ['1.21', '1.20.1'],
  downloads: 4_730_000,
  follows: 1,
  icon_url: '/api/images/file/icon.png',
  date_created: '2026-01-01T00:00:00.000Z',
  date_modified: '2026-02-01T00:00:00.000Z',
  latest_version: 'IIJJKKLL',
  license: 'MIT',
  client_side: 'required',
  server_side: 'optional',
  gallery: ['/api/images/file/g1.png'],
  featured_gallery: null,
  color: 0x8739c6,
  disclosure_types: [],
  ...over,
})

const context = (over: Partial<CardContext> = {}): CardContext => ({
  loaderNames: new Set(['fabric', 'minecraft']),
  shownLoaders: new Set(['fabric']),
  locale: 'en-US',
  showPublished: false,
  text: {
    by: (a) => `by ${a}`,
    downloads: (f, n) => `${f} ${n === 1 ? 'download' : 'downloads'}`,
    follows: (f, n) => `${f} ${n === 1 ? 'follower' : 'followers'}`,
    date: (iso) => `Updated ${iso.slice(0, 10)}`,
    fullDate: (iso) => `full ${iso}`,
    tagLabel: (name) => name.toUpperCase(),
  },
  ...over,
})

describe('result card data', () => {
  it('carries only what the card shows, formatted', () => {
    expect(cardData(hit(), context())).toEqual({
      id: 'abc123',
      href: '/mod/lightweave',
      type: 'mod',
      title: 'Lightweave',
      accent: '#8739c6',
      image: '/api/images/file/g1.png',
      icon: '/api/images/file/icon.png',
      author: 'by tinkerfox',
      summary: 'Faster light.',
      // Loaders the page does not name (minecraft) are left out; loaders are marked.
      tags: [
        ['optimization', 'OPTIMIZATION'],
        ['fabric', 'FABRIC', 1],
      ],
      downloads: '4.73M downloads',
      follows: '1 follower',
      date: '2026-02-01T00:00:00.000Z',
      dateText: 'Updated 2026-02-01',
      dateTitle: 'full 2026-02-01T00:00:00.000Z',
    })
  })

  it('leaves out what a project lacks, shows the published date when sorted by newest, links the displayed type', () => {
    const card = cardData(hit({ icon_url: null, gallery: [], author: '', categories: ['paper'], display_categories: ['paper'] }), context({ showPublished: true, loaderNames: new Set(['paper']), shownLoaders: new Set(['paper']) }))
    expect(card).not.toHaveProperty('icon')
    expect(card).not.toHaveProperty('image')
    expect(card).not.toHaveProperty('author')
    expect(card.date).toBe('2026-01-01T00:00:00.000Z')
    expect(card.href).toBe('/plugin/lightweave')
    expect(card.type).toBe('plugin')
    // The payload holds nothing of the hit the card does not show.
    expect(JSON.stringify(card)).not.toContain('MIT')
    expect(JSON.stringify(card)).not.toContain('1.20.1')
  })

  it('prefers the featured gallery image and makes a colour from the id without one', () => {
    expect(cardData(hit({ featured_gallery: '/f.png' }), context()).image).toBe('/f.png')
    expect(accentOf({ color: null, project_id: 'abc123' })).toMatch(/^hsl\(\d+ 55% 45%\)$/)
    expect(accentOf({ color: 0x10, project_id: 'x' })).toBe('#000010')
  })
})

const pageData = (): SearchPageData => ({
  result: {
    hits: [],
    offset: 0,
    limit: 20,
    total_hits: 0,
    facets: { project_type: {}, categories: { magic: 3, cursed: 0 }, loaders: {}, game_versions: {}, client_side: { required: 2, optional: 1 }, server_side: {}, open_source: { true: 4 } },
  },
  loaderCounts: { fabric: 5, forge: 1 },
  gameVersionCounts: { '1.21': 5, '1.21-pre1': 1, '1.20.1': 0 },
  categories: [
    { name: 'magic', header: 'categories' },
    { name: 'cursed', header: 'categories' },
  ],
  loaders: [
    { id: 'fabric', supportedProjectTypes: ['mod'] },
    { id: 'forge', supportedProjectTypes: ['mod'] },
  ],
  gameVersions: [
    { id: '1.21', versionType: 'release' },
    { id: '1.21-pre1', versionType: 'snapshot' },
    { id: '1.20.1', versionType: 'release' },
  ],
})

/** Messages as keys with their values, so the tests see which were asked for. */
const t: SidebarTranslate = (key, values) => (values ? `${key}(${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(',')})` : key)

describe('filter sidebar data', () => {
  it('lists each section with rows, links and only the counts texts it uses', () => {
    const state = parseSiteSearchState(new URLSearchParams('c=magic&xl=forge'))
    const data = sidebarData({ projectType: 'mod', path: '/mods', state, data: pageData(), tagLabel: (n) => n[0]!.toUpperCase() + n.slice(1) }, t)
    expect(data.clear).toEqual({ href: '/mods', label: 'clearFilters' })
    expect(data.sections.map((s) => s.id)).toEqual(['filter-categories', 'filter-loaders', 'filter-game-versions', 'filter-environment', 'filter-license'])
    const [categories, loaders, versions, environment, license] = data.sections
    expect(categories.rows).toEqual([
      { label: 'Cursed', count: 0, include: '/mods?c=magic&c=cursed&xl=forge', exclude: '/mods?c=magic&x=cursed&xl=forge', icon: 'tag-icon--c-cursed' },
      { label: 'Magic', mode: 'include', count: 3, include: '/mods?xl=forge', exclude: '/mods?x=magic&xl=forge', icon: 'tag-icon--c-magic' },
    ])
    expect(loaders.rows.map((r) => [r.label, r.mode, r.count])).toEqual([
      ['Fabric', undefined, 5],
      ['Forge', 'exclude', 1],
    ])
    // Releases with results only, in a scrolling list, with the snapshots link.
    expect(versions.rows.map((r) => r.label)).toEqual(['1.21'])
    expect(versions.scroll).toBe(true)
    expect(versions.action?.label).toBe('showSnapshots')
    expect(environment.rows).toEqual([
      { label: 'client', count: 3, include: expect.stringContaining('e=client'), glyph: 'monitor' },
      { label: 'server', count: 0, include: expect.stringContaining('e=server'), glyph: 'server' },
    ])
    expect(license.rows[0]).not.toHaveProperty('exclude')
    expect(data.text.counts).toEqual({ 0: 'resultsCount(count=0)', 1: 'resultsCount(count=1)', 3: 'resultsCount(count=3)', 4: 'resultsCount(count=4)', 5: 'resultsCount(count=5)' })
    expect(fillLabel(data.text.exclude, 'Magic $&')).toBe('exclude(label=Magic $&)')
  })

  it('has no clear link without filters, and says when no game version has results', () => {
    const d = pageData()
    d.gameVersionCounts = {}
    const data = sidebarData({ projectType: 'resourcepack', path: '/resourcepacks', state: parseSiteSearchState(new URLSearchParams()), data: d, tagLabel: (n) => n }, t)
    expect(data).not.toHaveProperty('clear')
    expect(data.sections.find((s) => s.id === 'filter-game-versions')).toMatchObject({ rows: [], empty: 'noGameVersions' })
    expect(data.sections.some((s) => s.id === 'filter-environment')).toBe(false)
  })
})
