import { describe, expect, it } from 'vitest'

import { COLLECTION_LIMITS, matchesName, parseCollectionPatch, parseNewCollection, v3Status, visibilityOfV3, withProject } from '@/lib/collections/rules'

describe('parseNewCollection', () => {
  it('trims, defaults visibility to public and allows an empty summary and description', () => {
    expect(parseNewCollection({ name: '  Cozy picks  ' })).toEqual({ ok: true, data: { name: 'Cozy picks', summary: '', description: '', visibility: 'public' } })
  })
  it('refuses a name under 3 or over 64 characters (after trimming)', () => {
    expect(parseNewCollection({ name: ' ab ' })).toEqual({ ok: false, fields: { name: 'nameLength' } })
    expect(parseNewCollection({ name: 'x'.repeat(COLLECTION_LIMITS.nameMax + 1) })).toEqual({ ok: false, fields: { name: 'nameLength' } })
    expect(parseNewCollection({ name: 'x'.repeat(COLLECTION_LIMITS.nameMax) }).ok).toBe(true)
  })
  it('refuses a too long summary or description and an unknown visibility, each on its field', () => {
    const r = parseNewCollection({ name: 'Fine name', summary: 's'.repeat(256), description: 'd'.repeat(2049), visibility: 'secret' })
    expect(r).toEqual({ ok: false, fields: { summary: 'summaryLength', description: 'descriptionLength', visibility: 'visibility' } })
  })
})

describe('parseCollectionPatch', () => {
  it('keeps only the fields given', () => {
    expect(parseCollectionPatch({ visibility: 'private', name: undefined })).toEqual({ ok: true, data: { visibility: 'private' } })
    expect(parseCollectionPatch({ name: 'no' })).toEqual({ ok: false, fields: { name: 'nameLength' } })
  })
})

describe('withProject', () => {
  it('adds at the end once, removes, and drops duplicates', () => {
    expect(withProject(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c'])
    expect(withProject(['a', 'c', 'b'], 'c', true)).toEqual(['a', 'b', 'c'])
    expect(withProject(['a', 'b', 'a'], 'a', false)).toEqual(['b'])
    expect(withProject([], 'a', false)).toEqual([])
  })
})

describe('matchesName', () => {
  it('matches every word, case-insensitively; an empty query matches all', () => {
    expect(matchesName('Cozy Building Picks', 'cozy picks')).toBe(true)
    expect(matchesName('Cozy Building Picks', 'tech')).toBe(false)
    expect(matchesName('Anything', '  ')).toBe(true)
  })
})

describe('v3 status', () => {
  it('maps visibility both ways', () => {
    expect(v3Status('public')).toBe('listed')
    expect(v3Status('unlisted')).toBe('unlisted')
    expect(v3Status('private')).toBe('private')
    expect(visibilityOfV3('listed')).toBe('public')
    expect(visibilityOfV3('rejected')).toBeUndefined()
  })
})
