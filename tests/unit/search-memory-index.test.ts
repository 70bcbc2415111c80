import { describe, expect, it } from 'vitest'

import { parseFacets } from '../../src/lib/search/facets'
import { MemoryIndex, type MemoryDocInput } from '../../src/lib/search/memory'
import { compileFilters } from '../../src/lib/search/memory/filters'
import type { SearchHit, SearchQuery, SearchSort } from '../../src/lib/search/query'
import { createRng } from '../../src/seed/data/random'

const LOADERS = new Set(['fabric', 'forge', 'quilt'])
const f = (json: string) => parseFacets(json, LOADERS)
const q = (over: Partial<SearchQuery>): SearchQuery => ({ text: '', filters: [], sort: 'relevance', offset: 0, limit: 20, facets: false, ...over })

/** A document; `titleLower` (as the older tests name it) sets the title. */
function doc(id: string, over: Partial<MemoryDocInput> & { titleLower?: string } = {}): MemoryDocInput {
  const title = over.titleLower ?? over.title ?? id
  const words = title.split(/\s+/)
  return {
    id,
    slug: id,
    title,
    author: 'someone',
    authorId: null,
    organization: null,
    organizationId: null,
    description: '',
    projectType: 'mod',
    categories: ['technology'],
    displayCategories: [],
    loaders: ['fabric'],
    gameVersions: ['1.21'],
    clientSide: 'required',
    serverSide: 'optional',
    license: 'MIT',
    openSource: true,
    downloads: 0,
    follows: 0,
    trending: 0,
    created: 0,
    modified: 0,
    iconUrl: null,
    latestVersion: null,
    gallery: [],
    featuredGallery: null,
    color: null,
    disclosureTypes: [],
    versions: [{ loaders: ['fabric'], gameVersions: ['1.21'], versionType: 'release' }],
    words,
    titleWords: words,
    ...over,
  }
}
const idsOf = (r: { hits: SearchHit[] }) => r.hits.map((h) => h.project_id)

describe('MemoryIndex ranking', () => {
  const index = new MemoryIndex([
    doc('a', { titleLower: 'sodium', words: ['sodium', 'render'], titleWords: ['sodium'], downloads: 5 }),
    doc('b', { titleLower: 'sodium extra', words: ['sodium', 'extra'], titleWords: ['sodium', 'extra'], downloads: 500 }),
    doc('c', { titleLower: 'lithium', words: ['lithium', 'sodium'], titleWords: ['lithium'], downloads: 9000 }),
    doc('d', { titleLower: 'sodiumish', words: ['sodiumish'], titleWords: ['sodiumish'], downloads: 10 }),
    doc('e', { titleLower: 'iris', words: ['iris'], titleWords: ['iris'], downloads: 1 }),
  ])

  it('puts the exact title first, then title matches by downloads, then body matches', () => {
    expect(idsOf(index.search(q({ text: 'sodium' })))).toEqual(['a', 'b', 'd', 'c'])
  })

  it('matches the last word as a prefix and earlier words whole', () => {
    expect(idsOf(index.search(q({ text: 'sodi' }))).sort()).toEqual(['a', 'b', 'c', 'd'])
    expect(idsOf(index.search(q({ text: 'sodi extra' })))).toEqual([])
    expect(idsOf(index.search(q({ text: 'sodium ext' })))).toEqual(['b'])
  })

  it('orders by the chosen sort instead of relevance', () => {
    expect(idsOf(index.search(q({ text: 'sodium', sort: 'downloads' })))).toEqual(['c', 'b', 'd', 'a'])
  })

  it('reports the exact total and pages with offset and limit', () => {
    const r = index.search(q({ text: 'sodium', offset: 1, limit: 2 }))
    expect(idsOf(r)).toEqual(['b', 'd'])
    expect(r.total).toBe(4)
  })
})

describe('MemoryIndex filters', () => {
  const index = new MemoryIndex([
    // Fabric for 1.20.1, Forge for 1.21: matches neither fabric + 1.21 nor forge + 1.20.1.
    doc('split', { loaders: ['fabric', 'forge'], gameVersions: ['1.20.1', '1.21'], versions: [{ loaders: ['fabric'], gameVersions: ['1.20.1'], versionType: 'release' }, { loaders: ['forge'], gameVersions: ['1.21'], versionType: 'beta' }], categories: ['magic'] }),
    doc('both', { downloads: 10, categories: ['utility', 'magic'] }),
    doc('pack', { projectType: 'modpack', loaders: ['quilt'], versions: [{ loaders: ['quilt'], gameVersions: ['1.21'], versionType: 'release' }], openSource: false, license: 'ARR', downloads: 5000, follows: 3 }),
  ])
  const ids = (json: string, over: Partial<SearchQuery> = {}) => idsOf(index.search(q({ filters: f(json), ...over }))).sort()

  it('requires a loader and a game version on the same version', () => {
    expect(ids('[["categories:fabric"],["versions:1.21"]]')).toEqual(['both'])
    expect(ids('[["categories:forge"],["versions:1.21"]]')).toEqual(['split'])
    expect(ids('[["categories:fabric"]]')).toEqual(['both', 'split'])
  })

  it('holds the same-version rule for shapes outside the pairs shortcut (version type)', () => {
    expect(ids('[["categories:forge"],["versions:1.21"],["version_type:beta"]]')).toEqual(['split'])
    expect(ids('[["categories:fabric"],["version_type:beta"]]')).toEqual([])
  })

  it('excludes categories, loaders and game versions', () => {
    expect(ids('[["categories!=magic"]]')).toEqual(['pack'])
    expect(ids('[["categories!=forge"]]')).toEqual(['both', 'pack'])
    expect(ids('[["versions!=1.20.1"]]')).toEqual(['both', 'pack'])
  })

  it('filters by type, licence, open source, ids, numbers and an OR inside a group', () => {
    expect(ids('[["project_type:modpack"]]')).toEqual(['pack'])
    expect(ids('[["open_source:false"]]')).toEqual(['pack'])
    expect(ids('[["license:MIT"],["downloads>5"]]')).toEqual(['both'])
    expect(ids('[["project_id:split","project_id:pack"]]')).toEqual(['pack', 'split'])
    expect(ids('[["categories:utility","project_type:modpack"]]')).toEqual(['both', 'pack'])
    expect(ids('[["follows>=3","categories:utility"]]')).toEqual(['both', 'pack'])
  })

  it('counts facets over the matches', () => {
    const { facets } = index.search(q({ filters: f('[["categories:magic"]]'), facets: true }))
    expect(facets?.categories).toEqual({ magic: 2, utility: 1 })
    expect(facets?.loaders).toEqual({ fabric: 2, forge: 1 })
    expect(facets?.project_type).toEqual({ mod: 2 })
    expect(facets?.open_source).toEqual({ true: 2 })
  })

  it('agrees with the filter predicate on every document', () => {
    const all = ['split', 'both', 'pack'].map((id) => idsOf(index.search(q({ filters: f(`[["project_id:${id}"]]`) })))[0])
    expect(all).toEqual(['split', 'both', 'pack'])
    const test = compileFilters(f('[["categories:forge"],["versions:1.21"]]'))
    expect(test({ ...doc('x', { loaders: ['forge'], gameVersions: ['1.21'], versions: [{ loaders: ['forge'], gameVersions: ['1.20'], versionType: 'release' }] }), titleLower: 'x', authorLower: 'someone' })).toBe(false)
  })
})

describe('MemoryIndex writes', () => {
  it('moves an updated document and forgets a removed one', () => {
    const index = new MemoryIndex([doc('a', { downloads: 1 }), doc('b', { downloads: 2 })])
    expect(idsOf(index.search(q({ sort: 'downloads' })))).toEqual(['b', 'a'])
    index.upsert(doc('a', { downloads: 3, titleLower: 'renamed', words: ['renamed'], titleWords: ['renamed'] }))
    expect(idsOf(index.search(q({ sort: 'downloads' })))).toEqual(['a', 'b'])
    expect(idsOf(index.search(q({ text: 'a' })))).toEqual([])
    expect(idsOf(index.search(q({ text: 'renamed' })))).toEqual(['a'])
    index.remove('b')
    expect(idsOf(index.search(q({})))).toEqual(['a'])
    expect(index.size).toBe(1)
  })

  it('stays correct through many rewrites (dead slots are compacted)', () => {
    const index = new MemoryIndex([])
    for (let round = 0; round < 5; round++) for (let i = 0; i < 600; i++) index.upsert(doc(`p${i}`, { downloads: (i * 7 + round) % 600 }))
    const r = index.search(q({ sort: 'downloads', limit: 3 }))
    expect(r.total).toBe(600)
    const top = [...Array(600).keys()].map((i) => ({ id: `p${i}`, d: (i * 7 + 4) % 600 })).sort((a, b) => b.d - a.d || (a.id < b.id ? -1 : 1))
    expect(idsOf(r)).toEqual(top.slice(0, 3).map((t) => t.id))
  })
})

describe('MemoryIndex walking presorted orders', () => {
  // The walk (many matches) must return exactly what sorting every match returns.
  const rng = createRng(42)
  const vocab = ['magic', 'mage', 'tech', 'farm', 'quest', 'sky', 'block', 'ore', 'storm', 'rune']
  const docs = Array.from({ length: 1500 }, (_, i) => {
    const title = [rng.pick(vocab), rng.pick(vocab)].join(' ')
    const body = [rng.pick(vocab), rng.pick(vocab)]
    return doc(`d${i.toString().padStart(4, '0')}`, {
      titleLower: i % 97 === 0 ? 'magic' : title,
      titleWords: title.split(' '),
      words: [...title.split(' '), ...body],
      downloads: rng.int(0, 50),
      follows: rng.int(0, 5),
      trending: rng.int(0, 3),
      created: rng.int(0, 100),
      modified: rng.int(0, 100),
      categories: [rng.pick(['magic', 'technology', 'utility'])],
    })
  })
  const walking = new MemoryIndex(docs, { sortBelow: 0 })
  const sorting = new MemoryIndex(docs, { sortBelow: Infinity })
  const sorts: SearchSort[] = ['relevance', 'downloads', 'follows', 'newest', 'updated', 'trending']

  it.each(sorts)('gives the same pages for sort %s', (sort) => {
    for (const text of ['', 'magic', 'ma', 'tech sky', 'rune', 'zzz']) {
      for (const [offset, limit] of [[0, 20], [0, 100], [37, 15], [900, 100]]) {
        const query = q({ text, sort, offset, limit, filters: text === 'rune' ? f('[["categories:magic","categories:utility"]]') : [] })
        expect(walking.search(query)).toEqual(sorting.search(query))
      }
    }
  })
})

describe('MemoryIndex after many writes', () => {
  // Packed lists, lists written since, compaction: a rewritten index answers as one built afresh.
  const rng = createRng(7)
  const vocab = ['magic', 'mage', 'tech', 'farm', 'quest', 'sky', 'block', 'ore', 'storm', 'rune']
  const make = (i: number) => {
    const title = [rng.pick(vocab), rng.pick(vocab)].join(' ')
    return doc(`d${i.toString().padStart(4, '0')}`, {
      titleLower: title,
      words: [...title.split(' '), rng.pick(vocab)],
      downloads: rng.int(0, 50),
      follows: rng.int(0, 5),
      categories: [rng.pick(['magic', 'technology', 'utility'])],
      loaders: [rng.pick(['fabric', 'forge'])],
      versions: [{ loaders: [rng.pick(['fabric', 'forge'])], gameVersions: [rng.pick(['1.20.1', '1.21'])], versionType: rng.pick(['release', 'beta']) }],
    })
  }
  const docs = new Map(Array.from({ length: 1500 }, (_, i) => [i, make(i)]))
  const index = new MemoryIndex(docs.values())
  for (let n = 0; n < 4000; n++) {
    const i = rng.int(0, 1799)
    if (rng.chance(0.1)) {
      docs.delete(i)
      index.remove(make(i).id)
    } else {
      docs.set(i, make(i))
      index.upsert(docs.get(i)!)
    }
  }
  const fresh = new MemoryIndex(docs.values())

  it('gives the same pages, totals, facets and typo matches', () => {
    expect(index.size).toBe(docs.size)
    for (const text of ['', 'magic', 'ma', 'storm rune', 'sky block', 'zzz']) {
      for (const sort of ['relevance', 'downloads', 'trending'] as SearchSort[]) {
        for (const filters of ['[]', '[["categories:magic"]]', '[["categories:forge"],["versions:1.21"]]', '[["version_type:beta"],["categories:fabric"]]', '[["downloads>25"]]']) {
          const query = q({ text, sort, filters: f(filters), facets: true, limit: 30 })
          expect(index.search(query)).toEqual(fresh.search(query))
        }
      }
    }
    for (const text of ['magc', 'storn rune', 'sky blok']) expect(index.similar(q({ text, facets: true }))).toEqual(fresh.similar(q({ text, facets: true })))
  })
})
