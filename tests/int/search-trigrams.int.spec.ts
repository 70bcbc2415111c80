/** The in-memory index's trigram similarity (typo tolerance) agrees with pg_trgm's, value for value. */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { SIMILARITY_THRESHOLD, similarity, trigrams } from '../../src/lib/search/memory/trigrams'
import { drizzleOf as poolOf } from '../../src/lib/db/sql'
import { bootPayload } from '../helpers/payload'

const PAIRS: [string, string][] = [
  ['sodium', 'sodum'],
  ['sodium extra', 'sodim'],
  ['Create: Steam & Rails', 'create steam'],
  ['Just Enough Items (JEI)', 'jei'],
  ['Xaero\'s Minimap', 'xaeros minimap'],
  ['Iris Shaders', 'irsi'],
  ['a', 'a'],
  ['Épées et Magie', 'epees'],
  ['Château 2', 'chateau'],
  ['1.20 Backport', '120'],
  ['', 'anything'],
]

describe('trigram similarity', () => {
  it('matches pg_trgm for titles with punctuation, accents, digits and short words', async () => {
    const db = poolOf(await bootPayload())
    for (const [title, query] of PAIRS) {
      const { rows } = await db.execute(sql`SELECT show_trgm(lower(${title})) AS t, show_trgm(${query}) AS q, similarity(lower(${title}), ${query}) AS s, lower(${title}) % ${query} AS m`)
      const t = trigrams(title.toLowerCase())
      const q = trigrams(query)
      // show_trgm prints trigrams with non-ASCII characters as hashes; the similarities below still compare.
      if (/^[\x20-\x7e]*$/.test(title)) expect(new Set(t), title).toEqual(new Set(rows[0].t as string[]))
      const shared = t.filter((x) => q.includes(x)).length
      expect(similarity(shared, q.length, t.length), `${title} ~ ${query}`).toBeCloseTo(Number(rows[0].s), 6)
      expect(similarity(shared, q.length, t.length) >= SIMILARITY_THRESHOLD).toBe(rows[0].m)
    }
  })
})
