import { TypedFastBitSet } from 'typedfastbitset'

import { filterDateMs, loaderVersionKey, pureField, splitGroups, versionShortcut } from '../filterShape'
import type { FacetCounts, Filter, SearchHit, SearchQuery, SearchSort } from '../query'
import { queryTerms } from '../text'
import { compare as compareValue, compileFilters } from './filters'
import { Blobs, Column, Fingerprints, Postings, Ragged } from './store'
import { gramKey, type GramKey, SIMILARITY_THRESHOLD, similarity, trigramKeys, trigrams } from './trigrams'
import type { MemoryDoc, MemoryDocInput, MemoryVersion } from './types'

export type { MemoryDoc, MemoryDocInput, MemoryVersion } from './types'

/** One page of a search: the hits in order, the exact total, and facet counts when asked for. */
export type MemoryResult = { hits: SearchHit[]; total: number; facets?: FacetCounts }

type FacetField = keyof FacetCounts
/** The fields with a code per value: the facets, plus the licence and the 'loader|version' pairs. */
type CodedField = FacetField | 'license' | 'pairs'
type Compare = (a: number, b: number) => number

/** Filter fields with a posting list per value; an equality group on one of them is answered exactly. */
const POSTED = new Set<string>(['project_type', 'categories', 'client_side', 'server_side', 'license', 'open_source', 'project_id'])
/** Fields whose `!=` is the complement of a posting list (loaders and game versions: the project's own lists). */
const NEGATABLE = new Set<string>([...POSTED, 'loaders', 'game_versions'])
/** Below this many matches, sorting them beats walking a presorted order of every document. */
const SORT_BELOW = 2000
const SORTS: SearchSort[] = ['relevance', 'downloads', 'follows', 'newest', 'updated', 'trending']
/** Slots added to posting lists since they were last packed, before they are packed again. */
const PACK_AFTER = 20_000

export type MemoryIndexOptions = { sortBelow?: number }

/** The display fields of a hit as stored (what the index's columns do not already hold), in this order. */
type Stored = [
  slug: string,
  title: string,
  description: string,
  author: string,
  displayCategories: string[],
  iconUrl: string | null,
  latestVersion: string | null,
  gallery: string[],
  featuredGallery: string | null,
  color: number | null,
  authorId: string | null,
  organization: string | null,
  organizationId: string | null,
  disclosureTypes: string[],
]

/**
 * A search index held in memory: posting lists per lexeme and per filter value (sorted slot numbers
 * packed in typed arrays; bitsets for long ones once used), each sort kept as a presorted order of
 * document slots, and per-document values in typed-array columns. It answers the same query model as
 * the SQL engine with the same results, and keeps no JavaScript object per document: a hit is made
 * for the page being served from its stored display fields.
 *
 * A document lives in a slot; an update takes a new slot and leaves the old one dead (skipped by the
 * `live` set) until enough dead slots pile up to compact, so writes never reorder large arrays.
 */
export class MemoryIndex {
  private ids: string[] = []
  private slotOf = new Map<string, number>()
  private live = new TypedFastBitSet()
  private dead = 0
  /** Loading: posting lists are noted and packed at the end (`prepare`, or the first search or write). */
  private bulk = true

  /** Codes of [field, value] pairs: facet values, licences, loader|version pairs. */
  private codeOf = new Map<CodedField, Map<string, number>>()
  private codeField: CodedField[] = []
  private codeValue: string[] = []
  /** Posting lists by code (filters), by lexeme number (whole text and title), by trigram number. */
  private filters = new Postings()
  private lexemeOf = new Map<string, number>()
  private all = new Postings()
  private title = new Postings()
  private trigramOf = new Map<GramKey, number>()
  private gramLists = new Postings()
  /** Every lexeme, sorted, for prefix lookups (made on first use). */
  private lexicon: string[] | null = null
  /** Version shapes (loaders, game versions, type), each kept once: by a fingerprint of their key. */
  private shapeOf = new Map<number, number>()
  /** The next shape with the same fingerprint, or -1. */
  private shapeNext: number[] = []
  private shapes: MemoryVersion[] = []
  /** Each shape's key (its strings' numbers, see `shape`) and 'loader|version' pair codes. */
  private shapeKeys: number[][] = []
  private shapePairs: number[][] = []
  /** Numbers of the strings in version shapes (loaders, game versions, types), for the fingerprints. */
  private shapeValueOf = new Map<string, number>()
  /** The number of the last `add` that posted each lexeme, and each pair code (a document lists each once). */
  private lastAdd: number[] = []
  private pairAdd: number[] = []
  private adds = 0
  /** Scratch arrays of `add`, one per index (emptying an array frees its storage: they are overwritten instead). */
  private key: number[] = []
  private grams: GramKey[] = []

  // Columns, one value per slot.
  private downloads = new Column(Float64Array)
  private follows = new Column(Float64Array)
  private trending = new Column(Float64Array)
  private created = new Column(Float64Array)
  private modified = new Column(Float64Array)
  private projectType = new Column(Uint32Array)
  private clientSide = new Column(Uint32Array)
  private serverSide = new Column(Uint32Array)
  private openSource = new Column(Uint32Array)
  private license = new Column(Uint32Array)
  private gramCount = new Column(Uint16Array)
  /** Slots by a hash of their lower-cased title and of their slug (the exact-title tier), checked on use. */
  private exactOf = new Fingerprints()
  /** Per slot: [#categories, #loaders, #game versions, ...their codes, ...version shape numbers]. */
  private lists = new Ragged()
  private stored = new Blobs()

  private orders = new Map<SearchSort, Column<Uint32Array>>()
  private readonly compares: Record<SearchSort, Compare>
  /** Facet counts by filter set and text, until the next write: the sidebar asks for the same sets again and again. */
  private facetCache = new Map<string, FacetCounts>()

  private readonly sortBelow: number

  constructor(docs: Iterable<MemoryDocInput> = [], options: MemoryIndexOptions = {}) {
    this.sortBelow = options.sortBelow ?? SORT_BELOW
    const byId: Compare = (a, b) => (this.ids[a] < this.ids[b] ? -1 : this.ids[a] > this.ids[b] ? 1 : 0)
    const desc = (c: Column<Float64Array>): Compare => (a, b) => c.a[b] - c.a[a]
    const downloads = desc(this.downloads)
    const follows = desc(this.follows)
    // The sorts, as the SQL engine orders them (popularity within relevance tiers; ties by id).
    this.compares = {
      relevance: (a, b) => downloads(a, b) || follows(a, b) || byId(a, b),
      downloads: (a, b) => downloads(a, b) || byId(a, b),
      follows: (a, b) => follows(a, b) || byId(a, b),
      newest: (a, b) => desc(this.created)(a, b) || byId(a, b),
      updated: (a, b) => desc(this.modified)(a, b) || byId(a, b),
      trending: (a, b) => desc(this.trending)(a, b) || downloads(a, b) || byId(a, b),
    }
    this.addAll(docs)
  }

  /** Adds (or replaces) documents in bulk: a load in batches calls this for each, then `prepare`. */
  addAll(docs: Iterable<MemoryDocInput>): this {
    for (const d of docs) {
      this.drop(d.id)
      this.add(d)
    }
    return this
  }

  /** Builds every sort's presorted order now, so that no search pays for it later. */
  prepare(): this {
    this.pack()
    this.lexicon ??= [...this.lexemeOf.keys()].sort()
    this.buildOrders(SORTS)
    return this
  }

  get size(): number {
    return this.slotOf.size
  }

  has(id: string): boolean {
    return this.slotOf.has(id)
  }

  upsert(doc: MemoryDocInput) {
    this.packOnce()
    this.drop(doc.id)
    this.add(doc)
    this.maintain()
  }

  remove(id: string) {
    this.packOnce()
    this.drop(id)
    this.maintain()
  }

  search(q: SearchQuery): MemoryResult {
    this.packOnce()
    const terms = queryTerms(q.text)
    const cand = this.filtered(q.filters, (c) => {
      for (const t of terms) c.intersection(this.words(t, this.all))
    })
    return this.page(q, cand, terms)
  }

  /**
   * Titles similar to the text (pg_trgm's trigram similarity, at its threshold), most similar first
   * under relevance: what the SQL engine falls back to when no project has the words (typos).
   */
  similar(q: SearchQuery): MemoryResult {
    this.packOnce()
    const query = trigrams(q.text.trim().toLowerCase())
    // Shared-trigram counts in a typed array (common trigrams list tens of thousands of titles).
    const shared = new Uint16Array(this.ids.length)
    const touched: number[] = []
    for (const t of query) {
      const id = this.trigramOf.get(gramKey(t))
      if (id === undefined) continue
      this.gramLists.countInto(id, shared, touched)
    }
    const score = new Map<number, number>()
    for (const slot of touched) {
      const sim = similarity(shared[slot], query.length, this.gramCount.a[slot])
      if (sim >= SIMILARITY_THRESHOLD) score.set(slot, sim)
    }
    const cand = this.filtered(q.filters, (c) => c.intersection(new TypedFastBitSet(score.keys())))
    const ranked = q.sort === 'relevance'
    const compare = this.compares[q.sort]
    const slots = cand.array().sort((a, b) => (ranked ? score.get(b)! - score.get(a)! : 0) || compare(a, b))
    return { hits: slots.slice(q.offset, q.offset + q.limit).map((s) => this.hit(s)), total: slots.length, ...(q.facets ? { facets: this.facets(cand) } : {}) }
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
      const numeric = rest.filter((g) => g.every((f) => f.field in NUMERIC))
      const other = rest.filter((g) => !numeric.includes(g))
      const tests = numeric.map((g) => g.map((f) => this.numericTest(f)))
      const test = other.length ? compileFilters(other) : null
      for (const slot of cand.array()) {
        if (!tests.every((g) => g.some((t) => t(slot))) || (test && !test(this.doc(slot)))) cand.remove(slot)
      }
    }
    return cand
  }

  /** A comparison on a number column, read in place. */
  private numericTest(f: Filter): (slot: number) => boolean {
    const column = this[NUMERIC[f.field]!]
    const value = f.field === 'downloads' || f.field === 'follows' ? Number(f.value) : filterDateMs(f.value)
    return (slot) => compareValue(column.a[slot], f.op, value)
  }

  /** The requested page of the matches, ranked in tiers for a relevance text search. */
  private page(q: SearchQuery, cand: TypedFastBitSet, terms: { word: string; prefix: boolean }[]): MemoryResult {
    const total = cand.size()
    const need = Math.min(q.offset + q.limit, total)
    let slots: number[]
    if (terms.length && q.sort === 'relevance') {
      // Exact title or slug, then every word in the title, then the rest (as the SQL engine ranks).
      const first = this.exact(q.text.trim().toLowerCase(), cand)
      const inTitle = cand.clone()
      for (const t of terms) inTitle.intersection(this.words(t, this.title))
      const tier = (s: number) => (first.has(s) ? 0 : inTitle.has(s) ? 1 : 2)
      slots = this.top(cand, need, q.sort, tier, [first.size(), inTitle.difference_size(first)])
    } else {
      slots = this.top(cand, need, q.sort)
    }
    const result: MemoryResult = { hits: slots.slice(q.offset).map((s) => this.hit(s)), total }
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

  /** The slots of `cand` whose lower-cased title or slug is the text: by hash, then checked. */
  private exact(text: string, cand: TypedFastBitSet): TypedFastBitSet {
    const out = new TypedFastBitSet()
    this.exactOf.forEach(hash(text), (slot) => {
      if (!cand.has(slot) || out.has(slot)) return
      const [slug, title] = JSON.parse(this.stored.get(slot)) as Stored
      if (title.toLowerCase() === text || slug === text) out.add(slot)
    })
    return out
  }

  /** Facet counts over a set of slots, as the site's filter sidebar shows them. */
  private facets(cand: TypedFastBitSet): FacetCounts {
    const counts = new Int32Array(this.codeValue.length)
    const type = this.projectType.a
    const client = this.clientSide.a
    const server = this.serverSide.a
    const open = this.openSource.a
    const start = this.lists.start.a
    const values = this.lists.values.a
    const last = this.lists.start.length - 1
    const end = this.lists.values.length
    cand.forEach((slot) => {
      counts[type[slot]]++
      counts[client[slot]]++
      counts[server[slot]]++
      counts[open[slot]]++
      const at = start[slot]
      const n = values[at] + values[at + 1] + values[at + 2]
      const from = at + 3
      const to = Math.min(from + n, slot === last ? end : start[slot + 1])
      // A value listed twice counts once (as a SQL count of projects does).
      outer: for (let i = from; i < to; i++) {
        for (let j = from; j < i; j++) if (values[j] === values[i]) continue outer
        counts[values[i]]++
      }
    })
    const out: FacetCounts = { project_type: {}, categories: {}, loaders: {}, game_versions: {}, client_side: {}, server_side: {}, open_source: {} }
    for (let code = 0; code < counts.length; code++) {
      if (counts[code] === 0) continue
      out[this.codeField[code] as FacetField][this.codeValue[code]] = counts[code]
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
    const compare = this.compares[sort]
    if (cand.size() <= this.sortBelow) {
      const cmp = (a: number, b: number) => (tier ? tier(a) - tier(b) : 0) || compare(a, b)
      return cand.array().sort(cmp).slice(0, need)
    }
    const [b0, b1, b2]: number[][] = [[], [], []]
    const buckets = [b0, b1, b2]
    const column = this.order(sort)
    const order = column.a
    for (let i = 0; i < column.length; i++) {
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
  private order(sort: SearchSort): Column<Uint32Array> {
    if (!this.orders.has(sort)) this.buildOrders([sort])
    return this.orders.get(sort)!
  }

  /**
   * Builds the presorted orders of `sorts` not built yet, each as `compares` orders the live slots:
   * by one column, ties in the order of another sort (or of ids). Each is a radix sort, not a
   * comparator called n log n times.
   */
  private buildOrders(sorts: SearchSort[]) {
    const missing = sorts.filter((sort) => !this.orders.has(sort))
    if (!missing.length) return
    const ids = this.ids
    const byId = Uint32Array.from(this.live.array().sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0)))
    const columns = { downloads: this.downloads, follows: this.follows, newest: this.created, updated: this.modified }
    const made = new Map<SearchSort, Uint32Array<ArrayBuffer>>()
    const sorted = (sort: SearchSort): Uint32Array<ArrayBuffer> => {
      let slots = made.get(sort)
      if (!slots) {
        // Relevance ties downloads by follows, trending ties by downloads (then ids, as all do).
        if (sort === 'relevance') slots = byDescending(this.downloads.a, sorted('follows'))
        else if (sort === 'trending') slots = byDescending(this.trending.a, sorted('downloads'))
        else slots = byDescending(columns[sort].a, byId)
        made.set(sort, slots)
      }
      return slots
    }
    for (const sort of missing) {
      const order = new Column(Uint32Array, 0)
      order.a = sorted(sort)
      order.length = order.a.length
      this.orders.set(sort, order)
    }
  }

  /** The slots whose lexemes match a query term (whole, or as a prefix), in the whole text or the title. */
  private words(t: { word: string; prefix: boolean }, where: Postings): TypedFastBitSet {
    const out = new TypedFastBitSet()
    out.resize(this.ids.length)
    if (!t.prefix) {
      const id = this.lexemeOf.get(t.word)
      if (id !== undefined) where.unionInto(id, out, this.ids.length)
      return out
    }
    const lexicon = (this.lexicon ??= [...this.lexemeOf.keys()].sort())
    for (let i = lowerBound(lexicon, t.word); i < lexicon.length && lexicon[i].startsWith(t.word); i++) where.unionInto(this.lexemeOf.get(lexicon[i])!, out, this.ids.length)
    return out
  }

  /** The slots having any of the [field, value] pairs. */
  private union(pairs: [string, string][]): TypedFastBitSet {
    const out = new TypedFastBitSet()
    out.resize(this.ids.length)
    for (const [field, value] of pairs) {
      if (field === 'project_id') {
        const slot = this.slotOf.get(value)
        if (slot !== undefined) out.add(slot)
        continue
      }
      // As SQL reads it: open_source is true only for the value 'true'.
      const code = this.codeOf.get(field as CodedField)?.get(field === 'open_source' ? String(value === 'true') : value)
      if (code !== undefined) this.filters.unionInto(code, out, this.ids.length)
    }
    return out
  }

  private code(field: CodedField, value: string): number {
    let byValue = this.codeOf.get(field)
    if (!byValue) this.codeOf.set(field, (byValue = new Map()))
    let code = byValue.get(value)
    if (code === undefined) {
      code = this.codeValue.length
      byValue.set(value, code)
      this.codeField.push(field)
      this.codeValue.push(value)
    }
    return code
  }

  /** Posts the slot under a field's value; returns the value's code. */
  private post(field: CodedField, value: string, slot: number): number {
    const code = this.code(field, value)
    this.filters.add(code, slot)
    return code
  }

  /** Appends a list's codes to the slot's lists, in order (as the hit lists them); posted once each. */
  private postList(field: CodedField, xs: string[], slot: number) {
    const values = this.lists.values
    const start = values.length
    for (const x of xs) {
      const code = this.code(field, x)
      if (!within(values.a, start, values.length, code)) this.filters.add(code, slot)
      values.push(code)
    }
  }

  /** The shape number of a version, found by a fingerprint of its strings' numbers (no key string per version). */
  private shape(v: MemoryVersion): number {
    // [#loaders, ...loaders, ...game versions, type]: the loaders' count says where they end.
    const key = this.key
    let n = 0
    key[n++] = v.loaders.length
    for (const l of v.loaders) key[n++] = this.shapeValue(l)
    for (const g of v.gameVersions) key[n++] = this.shapeValue(g)
    key[n++] = this.shapeValue(v.versionType)
    let h = 0x811c9dc5
    for (let i = 0; i < n; i++) h = Math.imul(h ^ key[i], 0x01000193)
    const first = this.shapeOf.get(h) ?? -1
    for (let shape = first; shape >= 0; shape = this.shapeNext[shape]) if (sameList(this.shapeKeys[shape], key, n)) return shape
    const made: MemoryVersion = { loaders: [...v.loaders], gameVersions: [...v.gameVersions], versionType: v.versionType }
    const shape = this.shapes.push(made) - 1
    this.shapeKeys.push(key.slice(0, n))
    this.shapeNext.push(first)
    this.shapeOf.set(h, shape)
    this.shapePairs.push(made.loaders.flatMap((l) => made.gameVersions.map((g) => this.code('pairs', loaderVersionKey(l, g)))))
    return shape
  }

  private shapeValue(value: string): number {
    let n = this.shapeValueOf.get(value)
    if (n === undefined) this.shapeValueOf.set(value, (n = this.shapeValueOf.size))
    return n
  }

  private add(d: MemoryDocInput) {
    if (this.facetCache.size) this.facetCache.clear()
    const adds = ++this.adds
    const slot = this.ids.length
    this.ids.push(d.id)
    this.slotOf.set(d.id, slot)
    this.live.add(slot)
    this.downloads.push(d.downloads)
    this.follows.push(d.follows)
    this.trending.push(d.trending)
    this.created.push(d.created)
    this.modified.push(d.modified)
    this.projectType.push(this.post('project_type', d.projectType, slot))
    this.clientSide.push(this.post('client_side', d.clientSide, slot))
    this.serverSide.push(this.post('server_side', d.serverSide, slot))
    this.openSource.push(this.post('open_source', String(d.openSource), slot))
    this.license.push(this.post('license', d.license, slot))
    const values = this.lists.values
    this.lists.start.push(values.length)
    values.push(d.categories.length)
    values.push(d.loaders.length)
    values.push(d.gameVersions.length)
    this.postList('categories', d.categories, slot)
    this.postList('loaders', d.loaders, slot)
    this.postList('game_versions', d.gameVersions, slot)
    const shapesFrom = values.length
    for (const v of d.versions) {
      const shape = this.shape(v)
      if (!within(values.a, shapesFrom, values.length, shape)) values.push(shape)
      for (const code of this.shapePairs[shape]) {
        if (this.pairAdd[code] === adds) continue
        this.pairAdd[code] = adds
        this.filters.add(code, slot)
      }
    }

    for (const w of d.words) {
      let id = this.lexemeOf.get(w)
      if (id === undefined) {
        id = this.lexemeOf.size
        this.lexemeOf.set(w, id)
        if (this.lexicon) this.lexicon.splice(lowerBound(this.lexicon, w), 0, w)
      } else if (this.lastAdd[id] === adds) continue // listed twice
      this.lastAdd[id] = adds
      this.all.add(id, slot)
      if (d.titleWords.includes(w)) this.title.add(id, slot)
    }
    const titleLower = d.title.toLowerCase()
    const grams = this.grams
    const count = trigramKeys(titleLower, grams)
    this.gramCount.push(count)
    for (let i = 0; i < count; i++) {
      const g = grams[i]
      let id = this.trigramOf.get(g)
      if (id === undefined) this.trigramOf.set(g, (id = this.trigramOf.size))
      this.gramLists.add(id, slot)
    }
    this.exactOf.add(hash(titleLower), hash(d.slug))
    const stored: Stored = [d.slug, d.title, d.description, d.author, d.displayCategories, d.iconUrl, d.latestVersion, d.gallery, d.featuredGallery, d.color, d.authorId, d.organization, d.organizationId, d.disclosureTypes]
    this.stored.push(JSON.stringify(stored))

    for (const [sort, order] of this.orders) {
      const compare = this.compares[sort]
      let lo = 0
      let hi = order.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (compare(order.a[mid], slot) < 0) lo = mid + 1
        else hi = mid
      }
      order.insert(lo, slot)
    }
  }

  /** The codes of one of a slot's lists: 0 categories, 1 loaders, 2 game versions, 3 version shapes. */
  private listOf(slot: number, part: 0 | 1 | 2 | 3): number[] {
    const at = this.lists.begin(slot)
    const v = this.lists.values.a
    let from = at + 3
    for (let i = 0; i < part; i++) from += v[at + i]
    const to = part === 3 ? this.lists.end(slot) : from + v[at + part]
    const out: number[] = []
    for (let i = from; i < to; i++) out.push(v[i])
    return out
  }

  /** The values of one of a slot's lists (and of the next `also`, after them). */
  private values(slot: number, part: 0 | 1 | 2, also: 0 | 1 = 0): string[] {
    const at = this.lists.begin(slot)
    const v = this.lists.values.a
    let from = at + 3
    for (let i = 0; i < part; i++) from += v[at + i]
    let to = from + v[at + part]
    if (also) to += v[at + part + 1]
    const out: string[] = []
    for (let i = from; i < to; i++) out.push(this.codeValue[v[i]])
    return out
  }

  /** The search hit of a slot, as the SQL engine's `toHit` makes it from the same row (a new object each time). */
  private hit(slot: number): SearchHit {
    const s = JSON.parse(this.stored.get(slot)) as Stored
    const hit: SearchHit = {
      project_id: this.ids[slot],
      project_type: this.codeValue[this.projectType.a[slot]],
      slug: s[0],
      author: s[3],
      author_id: s[10],
      organization: s[11],
      organization_id: s[12],
      title: s[1],
      description: s[2],
      // v2 clients expect loaders among the categories.
      categories: this.values(slot, 0, 1),
      display_categories: s[4],
      versions: this.values(slot, 2),
      downloads: this.downloads.a[slot],
      follows: this.follows.a[slot],
      icon_url: s[5],
      date_created: isoOf(this.created.a[slot]),
      date_modified: isoOf(this.modified.a[slot]),
      latest_version: s[6],
      license: this.codeValue[this.license.a[slot]],
      client_side: this.codeValue[this.clientSide.a[slot]],
      server_side: this.codeValue[this.serverSide.a[slot]],
      gallery: s[7],
      featured_gallery: s[8],
      color: s[9],
      disclosure_types: s[13],
    }
    return hit
  }

  /** The document of a slot, for the filters that read whole documents (rare shapes). */
  private doc(slot: number): MemoryDoc {
    const s = JSON.parse(this.stored.get(slot)) as Stored
    return {
      id: this.ids[slot],
      slug: s[0],
      titleLower: s[1].toLowerCase(),
      authorLower: s[3].toLowerCase(),
      projectType: this.codeValue[this.projectType.a[slot]],
      categories: this.values(slot, 0),
      loaders: this.values(slot, 1),
      gameVersions: this.values(slot, 2),
      clientSide: this.codeValue[this.clientSide.a[slot]],
      serverSide: this.codeValue[this.serverSide.a[slot]],
      license: this.codeValue[this.license.a[slot]],
      openSource: this.codeValue[this.openSource.a[slot]] === 'true',
      downloads: this.downloads.a[slot],
      follows: this.follows.a[slot],
      trending: this.trending.a[slot],
      created: this.created.a[slot],
      modified: this.modified.a[slot],
      versions: this.listOf(slot, 3).map((i) => this.shapes[i]),
    }
  }

  private drop(id: string) {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.facetCache.clear()
    // Its values stay until compaction: presorted orders still hold (and compare) its slot.
    this.live.remove(slot)
    this.dead++
  }

  /** Ends the bulk load (lists noted, not yet packed) before the first read or single write. */
  private packOnce() {
    if (this.bulk) this.pack()
  }

  private pack() {
    this.bulk = false
    for (const p of [this.filters, this.all, this.title, this.gramLists]) p.pack()
    for (const c of this.columns()) c.trim()
    this.lists.trim()
    this.stored.trim()
    this.exactOf.trim()
  }

  private columns() {
    return [this.downloads, this.follows, this.trending, this.created, this.modified, this.projectType, this.clientSide, this.serverSide, this.openSource, this.license, this.gramCount]
  }

  /**
   * Packs posting lists once enough slots were added, and once dead slots pass a quarter of the live
   * ones (and are enough to matter) renumbers the live slots everywhere, keeping every list's order.
   */
  private maintain() {
    if (this.dead >= 1000 && this.dead * 4 >= this.slotOf.size) return this.compact()
    if (this.filters.unpacked + this.all.unpacked + this.gramLists.unpacked >= PACK_AFTER) for (const p of [this.filters, this.all, this.title, this.gramLists]) p.pack()
  }

  private compact() {
    const to = new Int32Array(this.ids.length).fill(-1)
    let n = 0
    for (let slot = 0; slot < this.ids.length; slot++) if (this.live.has(slot)) to[slot] = n++
    for (const p of [this.filters, this.all, this.title, this.gramLists]) p.pack(to)
    for (const c of this.columns()) c.keep(to)
    this.lists.keep(to)
    this.stored.keep(to)
    for (const order of this.orders.values()) {
      let w = 0
      for (let r = 0; r < order.length; r++) if (to[order.a[r]] >= 0) order.a[w++] = to[order.a[r]]
      order.length = w
      order.trim()
    }
    this.exactOf.keep(to)
    this.ids = this.ids.filter((_, slot) => to[slot] >= 0)
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, to[slot])
    this.live = new TypedFastBitSet()
    this.live.addRange(0, n)
    this.dead = 0
  }
}

/** Filter fields read from a number column. */
const NUMERIC: Partial<Record<string, 'downloads' | 'follows' | 'created' | 'modified'>> = { downloads: 'downloads', follows: 'follows', date_created: 'created', date_modified: 'modified' }

/** A date as the SQL engine serves it (an invalid one as Postgres would never hold it: empty). */
const isoOf = (ms: number) => (Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : '')

/** FNV-1a over UTF-16 code units: a 32-bit fingerprint, checked against the text on a match. */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Which half of a float's bits a Uint32Array view sees first. */
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0

/**
 * The slots of `then` by `values` descending, ties in `then`'s order (NaN last): a stable LSD radix
 * sort on the values' bits, 16 at a time, made to order as unsigned integers.
 */
function byDescending(values: Float64Array, then: Uint32Array): Uint32Array<ArrayBuffer> {
  const hi = new Uint32Array(values.length)
  const lo = new Uint32Array(values.length)
  const f = new Float64Array(1)
  const bits = new Uint32Array(f.buffer)
  for (const slot of then) {
    const v = values[slot]
    if (v !== v) {
      hi[slot] = lo[slot] = 0xffffffff
      continue
    }
    f[0] = v === 0 ? 0 : v // -0 ties with 0, as the comparators have it
    const h = bits[HIGH]
    const l = bits[1 - HIGH]
    // A negative value's bits grow as it falls; a positive one's as it rises, so those are inverted.
    hi[slot] = h >>> 31 ? h : ~h & 0x7fffffff
    lo[slot] = h >>> 31 ? l : ~l >>> 0
  }
  let from = Uint32Array.from(then)
  let to = new Uint32Array(then.length)
  const count = new Uint32Array(1 << 16)
  for (const [keys, shift] of [[lo, 0], [lo, 16], [hi, 0], [hi, 16]] as const) {
    if (!from.length) break
    count.fill(0)
    for (const slot of from) count[(keys[slot] >>> shift) & 0xffff]++
    if (count[(keys[from[0]] >>> shift) & 0xffff] === from.length) continue // one digit value: nothing moves
    let sum = 0
    for (let d = 0; d < count.length; d++) {
      const c = count[d]
      count[d] = sum
      sum += c
    }
    for (const slot of from) to[count[(keys[slot] >>> shift) & 0xffff]++] = slot
    ;[from, to] = [to, from]
  }
  return from
}

/** Whether `a` is the first `n` values of `b`. */
function sameList(a: number[], b: number[], n: number): boolean {
  if (a.length !== n) return false
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false
  return true
}

/** Whether `v` is among `a[from..to)`. */
function within(a: Uint32Array, from: number, to: number, v: number): boolean {
  for (let i = from; i < to; i++) if (a[i] === v) return true
  return false
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
