import { TypedFastBitSet } from 'typedfastbitset'

/**
 * The compact storage of the in-memory index: growable typed-array columns (one number per slot,
 * no object per document), posting lists packed into one `Uint32Array`, and the display fields of
 * each hit as UTF-8 in one buffer. A JavaScript object or array per document costs more in headers
 * than the data it holds; these cost the data.
 */

type Typed = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array
type TypedCtor<A extends Typed> = { new (n: number): A }

/** A growable typed array (`length` values in use). */
export class Column<A extends Typed> {
  a: A
  length = 0
  constructor(
    private readonly Ctor: TypedCtor<A>,
    capacity = 16,
  ) {
    this.a = new Ctor(capacity)
  }

  push(v: number) {
    if (this.length === this.a.length) this.reserve(Math.max(16, Math.ceil(this.length * 1.5)))
    this.a[this.length++] = v
  }

  /** Makes room for at least `n` values in all. */
  reserve(n: number) {
    if (n <= this.a.length) return
    const next = new this.Ctor(n)
    next.set(this.a.subarray(0, this.length) as never)
    this.a = next
  }

  /** Drops the spare capacity (after a bulk load). */
  trim() {
    if (this.a.length > this.length) this.a = this.a.slice(0, this.length) as A
  }

  /** Keeps the values whose `to[i]` is not -1, in order (slots renumbered by a compaction). */
  keep(to: Int32Array) {
    let w = 0
    for (let r = 0; r < this.length; r++) if (to[r] >= 0) this.a[w++] = this.a[r]
    this.length = w
    this.trim()
  }

  /** Inserts `v` at `at`, moving the rest up by one. */
  insert(at: number, v: number) {
    if (this.length === this.a.length) this.reserve(Math.max(16, Math.ceil(this.length * 1.25)))
    this.a.copyWithin(at + 1, at, this.length)
    this.a[at] = v
    this.length++
  }
}

/** Long posting lists are also kept as bitsets once used: turning them into one per query costs more than the query. */
const BITSET_FROM = 1024

/**
 * Posting lists by list number, as sorted slot numbers. Packed lists live in one `Uint32Array`
 * (`offsets` into `pool`); slots added since the last packing sit in small per-list arrays, appended
 * in slot order (a new document always takes the highest slot), so every list stays sorted.
 */
export class Postings {
  private offsets = new Uint32Array(1)
  private pool = new Uint32Array(0)
  private extra: (number[] | undefined)[] = []
  private extraCount = 0
  private bits: (TypedFastBitSet | undefined)[] = []

  /**
   * Until the first packing (a bulk load), additions are only noted: their list numbers, in slot order
   * (a bulk load adds slots in order), and where each slot's lists begin (`pendingFrom[slot]`).
   */
  private pending: Chunks | null = new Chunks()
  private pendingFrom = new Column(Uint32Array)

  /** Adds a slot (higher than every slot already in the list) to list `id`. */
  add(id: number, slot: number) {
    if (this.pending) {
      while (this.pendingFrom.length <= slot) this.pendingFrom.push(this.pending.length)
      this.pending.push(id)
      if (id >= this.extra.length) this.extra.length = this.bits.length = id + 1
      return
    }
    while (this.extra.length <= id) {
      this.extra.push(undefined)
      this.bits.push(undefined)
    }
    const list = this.extra[id]
    if (list) list.push(slot)
    else this.extra[id] = [slot]
    this.extraCount++
    this.bits[id]?.add(slot)
  }

  size(id: number): number {
    const packed = id + 1 < this.offsets.length ? this.offsets[id + 1] - this.offsets[id] : 0
    return packed + (this.extra[id]?.length ?? 0)
  }

  /** Calls `fn` with every slot of a list, in order. */
  forEach(id: number, fn: (slot: number) => void) {
    if (id + 1 < this.offsets.length) for (let i = this.offsets[id], end = this.offsets[id + 1]; i < end; i++) fn(this.pool[i])
    const list = this.extra[id]
    if (list) for (let i = 0; i < list.length; i++) fn(list[i])
  }

  /** Counts each slot of a list in `counts`, noting in `touched` the slots counted for the first time. */
  countInto(id: number, counts: Uint16Array, touched: number[]) {
    const pool = this.pool
    if (id + 1 < this.offsets.length) {
      for (let i = this.offsets[id], end = this.offsets[id + 1]; i < end; i++) if (counts[pool[i]]++ === 0) touched.push(pool[i])
    }
    const list = this.extra[id]
    if (list) for (let i = 0; i < list.length; i++) if (counts[list[i]]++ === 0) touched.push(list[i])
  }

  /** Adds a list's slots to a bitset: through its cached bitset when the list is long. */
  unionInto(id: number, out: TypedFastBitSet, capacity: number) {
    if (this.size(id) >= BITSET_FROM) {
      let b = this.bits[id]
      if (!b) {
        const bits = new TypedFastBitSet()
        bits.resize(capacity)
        this.forEach(id, (slot) => bits.add(slot))
        this.bits[id] = b = bits
      }
      out.union(b)
      return
    }
    if (id + 1 < this.offsets.length) for (let i = this.offsets[id], end = this.offsets[id + 1]; i < end; i++) out.add(this.pool[i])
    const list = this.extra[id]
    if (list) for (let i = 0; i < list.length; i++) out.add(list[i])
  }

  /** How many slots were added since the last packing. */
  get unpacked(): number {
    return this.extraCount
  }

  /**
   * Packs every list into the pool; with `to`, renumbers the slots (dropping those mapped to -1),
   * which keeps each list sorted since live slots keep their relative order.
   */
  pack(to?: Int32Array) {
    if (this.pending) return this.packPending()
    const n = this.extra.length
    const offsets = new Uint32Array(n + 1)
    let total = 0
    for (let id = 0; id < n; id++) total += this.size(id)
    let pool = new Uint32Array(total)
    let w = 0
    for (let id = 0; id < n; id++) {
      offsets[id] = w
      this.forEach(id, (slot) => {
        if (!to) pool[w++] = slot
        else if (to[slot] >= 0) pool[w++] = to[slot]
      })
    }
    offsets[n] = w
    if (w < total) pool = pool.slice(0, w)
    this.offsets = offsets
    this.pool = pool
    this.extra = new Array<number[] | undefined>(n).fill(undefined)
    this.extraCount = 0
    if (to) this.bits = new Array<TypedFastBitSet | undefined>(n).fill(undefined)
  }

  /** The first packing: the noted lists, grouped by list (a counting sort, which keeps each list's slot order). */
  private packPending() {
    const lists = this.pending!.filled()
    const from = this.pendingFrom
    const total = this.pending!.length
    this.pending = null
    this.pendingFrom = new Column(Uint32Array, 0)
    const n = this.extra.length
    const offsets = new Uint32Array(n + 1)
    for (const chunk of lists) for (let i = 0; i < chunk.length; i++) offsets[chunk[i] + 1]++
    for (let id = 0; id < n; id++) offsets[id + 1] += offsets[id]
    const fill = offsets.slice(0, n)
    const pool = new Uint32Array(total)
    // Walks the noted lists in order, with the slot they were noted for.
    let slot = 0
    let i = 0
    for (const chunk of lists) {
      for (let j = 0; j < chunk.length; j++, i++) {
        while (slot + 1 < from.length && from.a[slot + 1] <= i) slot++
        pool[fill[chunk[j]]++] = slot
      }
    }
    this.offsets = offsets
    this.pool = pool
    this.extra = new Array<number[] | undefined>(n).fill(undefined)
    this.bits = new Array<TypedFastBitSet | undefined>(n).fill(undefined)
    this.extraCount = 0
  }
}

const CHUNK = 1 << 16

/** Numbers appended in fixed-size chunks: growing never copies (a bulk load notes millions of postings). */
class Chunks {
  private chunks: Uint32Array[] = []
  private last = new Uint32Array(0)
  private at = 0
  length = 0

  push(v: number) {
    if (this.at === this.last.length) {
      this.chunks.push((this.last = new Uint32Array(CHUNK)))
      this.at = 0
    }
    this.last[this.at++] = v
    this.length++
  }

  /** The chunks, each cut to the values in use. */
  filled(): Uint32Array[] {
    return this.chunks.map((c, i) => (i === this.chunks.length - 1 ? c.subarray(0, this.at) : c))
  }
}

/**
 * Values per slot, each a short list of small numbers, packed one after the other in one array:
 * `start[slot]` is where the slot's values begin, `start[slot + 1]` (or the end) where they end.
 */
export class Ragged {
  start = new Column(Uint32Array)
  values = new Column(Uint32Array)

  push(vals: ArrayLike<number>) {
    this.start.push(this.values.length)
    for (let i = 0; i < vals.length; i++) this.values.push(vals[i])
  }

  begin(slot: number): number {
    return this.start.a[slot]
  }

  end(slot: number): number {
    return slot + 1 < this.start.length ? this.start.a[slot + 1] : this.values.length
  }

  keep(to: Int32Array) {
    const start = new Column(Uint32Array, this.start.length)
    const values = new Column(Uint32Array, this.values.length)
    for (let slot = 0; slot < this.start.length; slot++) {
      if (to[slot] < 0) continue
      start.push(values.length)
      for (let i = this.begin(slot), end = this.end(slot); i < end; i++) values.push(this.values.a[i])
    }
    start.trim()
    values.trim()
    this.start = start
    this.values = values
  }

  trim() {
    this.start.trim()
    this.values.trim()
  }
}

/** Bytes per chunk of `Blobs`: a chunk is never copied to grow, and at most one is being filled. */
const BLOB_CHUNK = 1 << 20

/** Strings per slot, as UTF-8 in chunks of 1 MiB (one string never spans two). */
export class Blobs {
  private buf = Buffer.alloc(0)
  private chunks: Buffer[] = [this.buf]
  private used = 0
  /** Per slot: chunk number × 2^32 + offset in it (exact in a double). */
  private start = new Column(Float64Array)
  private length = new Column(Uint32Array)

  push(s: string) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: measure only when that might not fit.
    if (this.used + s.length * 3 > this.buf.length) {
      const bytes = Buffer.byteLength(s)
      if (this.used + bytes > this.buf.length) this.chunk(bytes)
    }
    const bytes = this.buf.write(s, this.used)
    this.start.push((this.chunks.length - 1) * 2 ** 32 + this.used)
    this.length.push(bytes)
    this.used += bytes
  }

  get(slot: number): string {
    const at = this.start.a[slot]
    const offset = at % 2 ** 32
    return this.chunks[(at - offset) / 2 ** 32].toString('utf8', offset, offset + this.length.a[slot])
  }

  /** Starts a new chunk with room for at least `bytes` (the last one keeps its unused tail: less than one string). */
  private chunk(bytes: number) {
    this.buf = Buffer.allocUnsafeSlow(Math.max(BLOB_CHUNK, bytes))
    this.chunks.push(this.buf)
    this.used = 0
  }

  private trimLast() {
    if (this.used === this.buf.length) return
    const last = Buffer.allocUnsafeSlow(this.used)
    this.buf.copy(last, 0, 0, this.used)
    this.chunks[this.chunks.length - 1] = this.buf = last
  }

  trim() {
    this.trimLast()
    this.start.trim()
    this.length.trim()
  }

  keep(to: Int32Array) {
    const chunks = this.chunks
    const starts = this.start
    const lengths = this.length
    this.buf = Buffer.alloc(0)
    this.chunks = [this.buf]
    this.used = 0
    this.start = new Column(Float64Array, starts.length)
    this.length = new Column(Uint32Array, starts.length)
    for (let slot = 0; slot < starts.length; slot++) {
      if (to[slot] < 0) continue
      const at = starts.a[slot]
      const offset = at % 2 ** 32
      const n = lengths.a[slot]
      if (this.used + n > this.buf.length) this.chunk(n)
      chunks[(at - offset) / 2 ** 32].copy(this.buf, this.used, offset, offset + n)
      this.start.push((this.chunks.length - 1) * 2 ** 32 + this.used)
      this.length.push(n)
      this.used += n
    }
    this.trim()
  }
}

/**
 * Slots by 32-bit fingerprints, two per slot (entry `2 * slot + k` is the slot's k-th), chained
 * through typed arrays: no Map entry, boxed number or array per slot. Callers check what they find.
 */
export class Fingerprints {
  private hash = new Column(Uint32Array)
  private next = new Column(Int32Array)
  private head = new Int32Array(1024).fill(-1)

  /** Notes the next slot's two fingerprints. */
  add(a: number, b: number) {
    this.hash.push(a)
    this.hash.push(b)
    this.next.push(-1)
    this.next.push(-1)
    if (this.hash.length > this.head.length) this.relink(this.head.length * 2)
    else {
      this.link(this.hash.length - 2)
      this.link(this.hash.length - 1)
    }
  }

  /** Calls `fn` with each slot having the fingerprint (a slot twice when both of its match). */
  forEach(h: number, fn: (slot: number) => void) {
    for (let e = this.head[h & (this.head.length - 1)]; e >= 0; e = this.next.a[e]) if (this.hash.a[e] === h) fn(e >>> 1)
  }

  private link(e: number) {
    const bucket = this.hash.a[e] & (this.head.length - 1)
    this.next.a[e] = this.head[bucket]
    this.head[bucket] = e
  }

  /** Rebuilds the chains over `size` buckets (a power of two). */
  private relink(size: number) {
    this.head = new Int32Array(size).fill(-1)
    for (let e = 0; e < this.hash.length; e++) this.link(e)
  }

  trim() {
    this.hash.trim()
    this.next.trim()
  }

  keep(to: Int32Array) {
    const h = this.hash.a
    let w = 0
    for (let slot = 0; slot < this.hash.length >>> 1; slot++) {
      if (to[slot] < 0) continue
      h[w++] = h[2 * slot]
      h[w++] = h[2 * slot + 1]
    }
    this.hash.length = this.next.length = w
    this.hash.trim()
    this.next.trim()
    this.relink(Math.max(1024, 2 ** Math.ceil(Math.log2(w || 1))))
  }
}
