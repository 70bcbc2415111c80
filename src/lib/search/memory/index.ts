import { TypedFastBitSet } from 'typedfastbitset'

import { loaderVersionKey, pureField, splitGroups, versionShortcut } from '../filterShape'
import type { FacetCounts, Filter, SearchHit, SearchQuery, SearchSort } from '../query'
import { queryTerms } from '../text'
import { compileFilters } from './filters'
import { SIMILARITY_THRESHOLD, similarity, trigrams } from './trigrams'
import type { MemoryDoc, MemoryDocInput, MemoryVersion } from './types'

export type { MemoryDoc, MemoryDocInput, MemoryVersion } from './types'

/** One page of a search: the hits in order, the exact total, and facet counts when asked for. */
export type MemoryResult = { hits: SearchHit[]; total: number; facets?: FacetCounts }

type Compare = (a: MemoryDoc, b: MemoryDoc) => number
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
/** The sorts, as the SQL engine orders them (popularity within relevance tiers; ties by id). */
const ORDERS: Record<SearchSort, Compare> = {
  relevance: (a, b) => b.downloads - a.downloads || b.follows - a.follows || byId(a, b),
  downloads: (a, b) => b.downloads - a.downloads || byId(a, b),
  follows: (a, b) => b.follows - a.follows || byId(a, b),
  newest: (a, b) => b.created - a.created || byId(a, b),
  updated: (a, b) => b.modified - a.modified || byId(a, b),
  trending: (a, b) => b.trending - a.trending || b.downloads - a.downloads || byId(a, b),
}

/** Filter fields with a posting list per value; an equality group on one of them is answered exactly. */
const POSTED = new Set<string>(['project_type', 'categories', 'client_side', 'server_side', 'license', 'open_source', 'project_id'])
/** Fields whose `!=` is the complement of a posting list (loaders and game versions: the project's own lists). */
const NEGATABLE = new Set<string>([...POSTED, 'loaders', 'game_versions'])
const key = (field: string, value: string) => `${field}\u0000${value}`
/** Below this many matches, sorting them beats walking a presorted order of every document. */
const SORT_BELOW = 2000
/** Posting lists at least this long are kept as bitsets too, once used: turning them into one per query costs more than the query. */
const BITSET_FROM = 1024
type FacetField = keyof FacetCounts

export type MemoryIndexOptions = { sortBelow?: number }

/**
 * A search index held in memory: posting lists per lexeme and per filter value, bitsets to combine
 * them, and each sort kept as a presorted order of document slots. It answers the same query model
 * as the SQL engine with the same results, in a fraction of a millisecond for the common shapes,
 * since nothing is read from disk and the only per-match work is a bit test.
 *
 * A document lives in a slot; an update takes a new slot and leaves the old one dead (skipped by the
 * `live` set) until enough dead slots pile up to rebuild, so writes never reorder large arrays.
 */
export class MemoryIndex {
  private docs: (MemoryDoc | undefined)[] = []
  private slotOf = new Map<string, number>()
  private live = new TypedFastBitSet()
  private dead = 0
  private postings = new Map<string, number[]>()
  /** Bitsets of long posting lists (filter values and lexemes), made on first use, kept up to date by `add`. */
  private bitsets = new Map<string | number[], TypedFastBitSet>()
  private lexemes = new Map<string, { all: number[]; title: number[] }>()
  /** One copy of each string and version shape: a catalogue repeats them endlessly. */
  private strings = new Map<string, string>()
  private shapes = new Map<string, MemoryVersion>()
  /** Facet values by code, and each document's codes, so counting is integer increments. */
  private facetValues: [FacetField, string][] = []
  private facetCode = new Map<string, number>()
  private facetCodes: (Int32Array | undefined)[] = []
  /** Facet counts by filter set and text, until the next write: the sidebar asks for the same sets again and again. */
  private facetCache = new Map<string, FacetCounts>()
  /** Every lexeme, sorted, for prefix lookups. */
  private lexicon: string[] = []
  private exact = new Map<string, number[]>()
  /** Title trigrams (pg_trgm's) and each slot's count of them, for typo-tolerant title search. */
  private trigramPostings = new Map<string, number[]>()
  private trigramCounts: number[] = []
  private orders = new Map<SearchSort, number[]>()

  private readonly sortBelow: number

  constructor(docs: Iterable<MemoryDocInput> = [], options: MemoryIndexOptions = {}) {
    this.sortBelow = options.sortBelow ?? SORT_BELOW
    for (const d of docs) this.add(d)
  }

  /** Builds every sort's presorted order now, so that no search pays for it later. */
  prepare(): this {
    for (const sort of Object.keys(ORDERS) as SearchSort[]) this.order(sort)
    return this
  }

  get size(): number {
    return this.slotOf.size
  }

  has(id: string): boolean {
    return this.slotOf.has(id)
  }

  upsert(doc: MemoryDocInput) {
    this.drop(doc.id)
    this.add(doc)
    this.compactIfNeeded()
  }

  remove(id: string) {
    this.drop(id)
    this.compactIfNeeded()
  }

  search(q: SearchQuery): MemoryResult {
    const terms = queryTerms(q.text)
    const cand = this.filtered(q.filters, (c) => {
      for (const t of terms) c.intersection(this.words(t, 'all'))
    })
    return this.page(q, cand, terms)
  }

  /**
   * Titles similar to the text (pg_trgm's trigram similarity, at its threshold), most similar first
   * under relevance: what the SQL engine falls back to when no project has the words (typos).
   */
  similar(q: SearchQuery): MemoryResult {
    const query = trigrams(q.text.trim().toLowerCase())
    // Shared-trigram counts in a typed array (common trigrams list tens of thousands of titles).
    const shared = new Uint16Array(this.docs.length)
    const touched: number[] = []
    for (const t of query) {
      const list = this.trigramPostings.get(t)
      if (!list) continue
      for (let i = 0; i < list.length; i++) if (shared[list[i]]++ === 0) touched.push(list[i])
    }
    const score = new Map<number, number>()
    for (const slot of touched) {
      const sim = similarity(shared[slot], query.length, this.trigramCounts[slot])
      if (sim >= SIMILARITY_THRESHOLD) score.set(slot, sim)
    }
    const cand = this.filtered(q.filters, (c) => c.intersection(new TypedFastBitSet(score.keys())))
    const ranked = q.sort === 'relevance'
    const compare = ORDERS[q.sort]
    const slots = cand.array().sort((a, b) => (ranked ? score.get(b)! - score.get(a)! : 0) || compare(this.docs[a]!, this.docs[b]!))
    return { hits: slots.slice(q.offset, q.offset + q.limit).map((s) => ({ ...this.docs[s]!.hit })), total: slots.length, ...(q.facets ? { facets: this.facets(cand) } : {}) }
  }

  /** The live slots that pass the filters and `narrow` (text), as a new bitset. */
  private filtered(groups: SearchQuery['filters'], narrow: (cand: TypedFastBitSet) => void): TypedFastBitSet {
    const cand = this.live.clone()
    const rest: Filter[][] = []
    const { projectGroups, versionGroups } = splitGroups(groups)
    for (const g of projectGroups) {
      const field = pureField(g)
      if (field && POSTED.has(field)) cand.intersection(this.union(g.map((f) => [field, f.value])))
      else if (g.length === 1 && g[0].op === '!=' && NEGATABLE.has(g[0].field)) cand.difference(this.union([[g[0].field, g[0].value]]))
      else rest.push(g)
    }
    const shape = versionGroups.length ? versionShortcut(versionGroups) : null
    if (shape) {
      const { loaders: l, gameVersions: gv } = shape
      const keys = l && gv ? l.flatMap((x) => gv.map((y): [string, string] => ['pairs', loaderVersionKey(x, y)])) : l ? l.map((x): [string, string] => ['loaders', x]) : gv!.map((x): [string, string] => ['game_versions', x])
      cand.intersection(this.union(keys))
    } else rest.push(...versionGroups)
    narrow(cand)
    if (rest.length) {
      const test = compileFilters(rest)
      for (const slot of cand.array()) if (!test(this.docs[slot]!)) cand.remove(slot)
    }
    return cand
  }

  /** The requested page of the matches, ranked in tiers for a relevance text search. */
  private page(q: SearchQuery, cand: TypedFastBitSet, terms: { word: string; prefix: boolean }[]): MemoryResult {
    const total = cand.size()
    const need = Math.min(q.offset + q.limit, total)
    let slots: number[]
    if (terms.length && q.sort === 'relevance') {
      // Exact title or slug, then every word in the title, then the rest (as the SQL engine ranks).
      const text = q.text.trim().toLowerCase()
      const first = new TypedFastBitSet((this.exact.get(text) ?? []).filter((s) => cand.has(s)))
      const inTitle = cand.clone()
      for (const t of terms) inTitle.intersection(this.words(t, 'title'))
      const tier = (s: number) => (first.has(s) ? 0 : inTitle.has(s) ? 1 : 2)
      slots = this.top(cand, need, q.sort, tier, [first.size(), inTitle.difference_size(first)])
    } else {
      slots = this.top(cand, need, q.sort)
    }
    // Copies, so a caller that changes a hit cannot change the index.
    const result: MemoryResult = { hits: slots.slice(q.offset).map((s) => ({ ...this.docs[s]!.hit })), total }
    if (q.facets) {
      const k = JSON.stringify([terms, q.filters])
      let facets = this.facetCache.get(k)
      if (!facets) {
        facets = this.facets(cand)
        if (this.facetCache.size >= 500) this.facetCache.clear()
        this.facetCache.set(k, facets)
      }
      result.facets = facets
    }
    return result
  }

  /** Facet counts over a set of slots, as the site's filter sidebar shows them. */
  private facets(cand: TypedFastBitSet): FacetCounts {
    const counts = new Int32Array(this.facetValues.length)
    cand.forEach((slot) => {
      const codes = this.facetCodes[slot]!
      for (let i = 0; i < codes.length; i++) counts[codes[i]]++
    })
    const out: FacetCounts = { project_type: {}, categories: {}, loaders: {}, game_versions: {}, client_side: {}, server_side: {}, open_source: {} }
    for (let code = 0; code < counts.length; code++) {
      if (counts[code] === 0) continue
      const [field, value] = this.facetValues[code]
      out[field][value] = counts[code]
    }
    return out
  }

  /**
   * The first `need` slots of `cand`, by tier (when ranked), then by the sort. Few matches are
   * sorted; many are found by walking the sort's presorted order, which stops as soon as what is
   * collected can no longer change: `sizes` are the sizes of tiers 0 and 1.
   */
  private top(cand: TypedFastBitSet, need: number, sort: SearchSort, tier?: (slot: number) => number, sizes = [0, 0]): number[] {
    if (need <= 0) return []
    const compare = ORDERS[sort]
    if (cand.size() <= this.sortBelow) {
      const cmp = (a: number, b: number) => (tier ? tier(a) - tier(b) : 0) || compare(this.docs[a]!, this.docs[b]!)
      return cand.array().sort(cmp).slice(0, need)
    }
    const [b0, b1, b2]: number[][] = [[], [], []]
    const buckets = [b0, b1, b2]
    const order = this.order(sort)
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]
      if (!cand.has(slot)) continue
      const bucket = buckets[tier ? tier(slot) : 0]
      if (bucket.length < need) bucket.push(slot)
      if (b0.length >= need) break
      if (!tier || b0.length < sizes[0]) continue
      // Tier 0 is complete: stop once tier 1 fills the page, or it is complete and tier 2 fills the rest.
      if (b0.length + b1.length >= need || (b1.length === sizes[1] && b0.length + b1.length + b2.length >= need)) break
    }
    return [...b0, ...b1, ...b2].slice(0, need)
  }

  /** Slots in the sort's order, built on first use and kept up to date by `add`. */
  private order(sort: SearchSort): number[] {
    let order = this.orders.get(sort)
    if (!order) {
      const compare = ORDERS[sort]
      order = this.live.array().sort((a, b) => compare(this.docs[a]!, this.docs[b]!))
      this.orders.set(sort, order)
    }
    return order
  }

  /** The slots whose lexemes match a query term (whole, or as a prefix), in the whole text or the title. */
  private words(t: { word: string; prefix: boolean }, where: 'all' | 'title'): TypedFastBitSet {
    const lists: number[][] = []
    if (!t.prefix) {
      const entry = this.lexemes.get(t.word)
      if (entry) lists.push(entry[where])
    } else {
      for (let i = lowerBound(this.lexicon, t.word); i < this.lexicon.length && this.lexicon[i].startsWith(t.word); i++) lists.push(this.lexemes.get(this.lexicon[i])![where])
    }
    return this.unionOf(lists)
  }

  /** The union of posting lists as a new bitset, through the cached bitsets of long lists. */
  private unionOf(lists: number[][]): TypedFastBitSet {
    const out = new TypedFastBitSet()
    out.resize(this.docs.length)
    for (const list of lists) {
      if (list.length >= BITSET_FROM) out.union(this.bitsetOf(list, list))
      else for (let i = 0; i < list.length; i++) out.add(list[i])
    }
    return out
  }

  private bitsetOf(cacheKey: string | number[], list: number[]): TypedFastBitSet {
    let bits = this.bitsets.get(cacheKey)
    if (!bits) {
      bits = new TypedFastBitSet()
      bits.resize(this.docs.length)
      for (let i = 0; i < list.length; i++) bits.add(list[i])
      this.bitsets.set(cacheKey, bits)
    }
    return bits
  }

  /** The slots having any of the [field, value] pairs. */
  private union(pairs: [string, string][]): TypedFastBitSet {
    const lists: number[][] = []
    for (const [field, value] of pairs) {
      if (field === 'project_id') {
        const slot = this.slotOf.get(value)
        if (slot !== undefined) lists.push([slot])
        continue
      }
      // As SQL reads it: open_source is true only for the value 'true'.
      const list = this.postings.get(key(field, field === 'open_source' ? String(value === 'true') : value))
      if (list) lists.push(list)
    }
    return this.unionOf(lists)
  }

  private add(input: MemoryDocInput) {
    this.facetCache.clear()
    const d = this.compact(input)
    const slot = this.docs.length
    this.docs.push(d)
    this.slotOf.set(d.id, slot)
    this.live.add(slot)
    const post = (list: number[] | undefined, k: string | number[]) => {
      list!.push(slot)
      this.bitsets.get(k)?.add(slot)
    }
    const postKey = (k: string) => {
      if (!this.postings.has(k)) this.postings.set(k, [])
      post(this.postings.get(k), k)
    }
    const codes: number[] = []
    const facet = (field: FacetField, value: string) => {
      postKey(key(field, value))
      const k = key(field, value)
      let code = this.facetCode.get(k)
      if (code === undefined) {
        code = this.facetValues.push([field, value]) - 1
        this.facetCode.set(k, code)
      }
      codes.push(code)
    }
    facet('project_type', d.projectType)
    facet('client_side', d.clientSide)
    facet('server_side', d.serverSide)
    facet('open_source', String(d.openSource))
    for (const c of new Set(d.categories)) facet('categories', c)
    for (const l of new Set(d.loaders)) facet('loaders', l)
    for (const g of new Set(d.gameVersions)) facet('game_versions', g)
    this.facetCodes[slot] = Int32Array.from(codes)
    postKey(key('license', d.license))
    for (const p of new Set(d.versions.flatMap((v) => v.loaders.flatMap((l) => v.gameVersions.map((g) => loaderVersionKey(l, g)))))) postKey(key('pairs', p))
    const title = new Set(input.titleWords)
    for (const w of new Set(input.words)) {
      let entry = this.lexemes.get(w)
      if (!entry) {
        entry = { all: [], title: [] }
        this.lexemes.set(this.intern(w), entry)
        this.lexicon.splice(lowerBound(this.lexicon, w), 0, this.intern(w))
      }
      post(entry.all, entry.all)
      if (title.has(w)) post(entry.title, entry.title)
    }
    const grams = trigrams(d.titleLower)
    this.trigramCounts[slot] = grams.length
    for (const g of grams) {
      const list = this.trigramPostings.get(g)
      if (list) list.push(slot)
      else this.trigramPostings.set(this.intern(g), [slot])
    }
    for (const e of new Set([d.titleLower, d.slug])) {
      const list = this.exact.get(e)
      if (list) list.push(slot)
      else this.exact.set(e, [slot])
    }
    for (const [sort, order] of this.orders) {
      const compare = ORDERS[sort]
      let lo = 0
      let hi = order.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (compare(this.docs[order[mid]]!, d) < 0) lo = mid + 1
        else hi = mid
      }
      order.splice(lo, 0, slot)
    }
  }

  private intern(s: string): string {
    const known = this.strings.get(s)
    if (known !== undefined) return known
    this.strings.set(s, s)
    return s
  }

  /** The document as kept: shared strings and version shapes, without the lexemes (they live in postings). */
  private compact(d: MemoryDocInput): MemoryDoc {
    const list = (xs: string[]) => xs.map((x) => this.intern(x))
    const versions = new Map<string, MemoryVersion>()
    for (const v of d.versions) {
      const k = `${v.loaders.join(',')}|${v.gameVersions.join(',')}|${v.versionType}`
      let shape = this.shapes.get(k)
      if (!shape) {
        shape = { loaders: list(v.loaders), gameVersions: list(v.gameVersions), versionType: this.intern(v.versionType) }
        this.shapes.set(k, shape)
      }
      versions.set(k, shape)
    }
    return {
      id: d.id,
      slug: d.slug,
      titleLower: d.titleLower,
      authorLower: this.intern(d.authorLower),
      projectType: this.intern(d.projectType),
      categories: list(d.categories),
      loaders: list(d.loaders),
      gameVersions: list(d.gameVersions),
      clientSide: this.intern(d.clientSide),
      serverSide: this.intern(d.serverSide),
      license: this.intern(d.license),
      openSource: d.openSource,
      downloads: d.downloads,
      follows: d.follows,
      trending: d.trending,
      created: d.created,
      modified: d.modified,
      versions: [...versions.values()],
      hit: {
        ...d.hit,
        project_type: this.intern(d.hit.project_type),
        author: this.intern(d.hit.author),
        license: this.intern(d.hit.license),
        client_side: this.intern(d.hit.client_side),
        server_side: this.intern(d.hit.server_side),
        categories: list(d.hit.categories),
        display_categories: list(d.hit.display_categories),
        versions: list(d.hit.versions),
      },
    }
  }

  private drop(id: string) {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.facetCache.clear()
    this.live.remove(slot)
    // The document stays until compaction: presorted orders still hold (and compare) its slot.
    this.facetCodes[slot] = undefined
    this.dead++
  }

  /**
   * Once dead slots outnumber live ones (and there are enough to matter), renumbers the live slots
   * in every list, keeping each list's order.
   */
  private compactIfNeeded() {
    if (this.dead < 1000 || this.dead < this.slotOf.size) return
    const to = new Int32Array(this.docs.length).fill(-1)
    let n = 0
    for (let slot = 0; slot < this.docs.length; slot++) if (this.live.has(slot)) to[slot] = n++
    const remap = (list: number[]) => {
      let w = 0
      for (let r = 0; r < list.length; r++) if (to[list[r]] >= 0) list[w++] = to[list[r]]
      list.length = w
    }
    for (const list of this.postings.values()) remap(list)
    for (const e of this.lexemes.values()) {
      remap(e.all)
      remap(e.title)
    }
    for (const list of this.exact.values()) remap(list)
    for (const list of this.trigramPostings.values()) remap(list)
    this.trigramCounts = this.trigramCounts.filter((_, slot) => to[slot] >= 0)
    for (const order of this.orders.values()) remap(order)
    this.docs = this.docs.filter((_, slot) => to[slot] >= 0)
    this.facetCodes = this.facetCodes.filter((_, slot) => to[slot] >= 0)
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, to[slot])
    this.live = new TypedFastBitSet()
    this.live.addRange(0, n)
    this.bitsets.clear()
    this.dead = 0
  }
}

/** The first index in a sorted array whose value is not below `x`. */
function lowerBound(xs: string[], x: string): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (xs[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
