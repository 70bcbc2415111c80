import type { Where } from 'payload'
import { describe, expect, it } from 'vitest'

import { MAX_WHERE_DEPTH, WhereShapeError, mapConditions, normalizePath, normalizeWhere, pathsOf, pinnedIds, prefixWhere, sortPathsOf } from '../../src/lib/whereTree'

describe('normalizeWhere: the tree as Payload runs it', () => {
  it('reads `__` as `.` and `_id` as `id`, like Payload’s validateSearchParam and the adapter', () => {
    expect(normalizePath('projects__moderatorMessage__message')).toBe('projects.moderatorMessage.message')
    expect(normalizePath('project.moderatorMessage__message')).toBe('project.moderatorMessage.message')
    expect(normalizePath('_id')).toBe('id')
    expect(normalizeWhere({ user__sessions__id: { exists: true } })).toEqual({ 'user.sessions.id': { exists: true } })
  })

  it('lower-cases `and`/`or` in any case, at every depth', () => {
    const tree = normalizeWhere({ AND: [{ Or: [{ oR: [{ a__b: { equals: 1 } }] }] }], OR: [{ c: { like: 'x' } }] })
    expect(tree).toEqual({ and: [{ or: [{ or: [{ 'a.b': { equals: 1 } }] }] }], or: [{ c: { like: 'x' } }] })
    expect(pathsOf(tree)).toEqual(['a.b', 'c'])
  })

  it('keeps both conditions when two spellings name the same path or group', () => {
    const tree = normalizeWhere({ 'a.b': { equals: 1 }, a__b: { equals: 2 }, and: [{ x: { equals: 1 } }], AND: [{ y: { equals: 2 } }] })
    expect(tree['a.b']).toEqual({ equals: 1 })
    expect(tree.and).toEqual([{ x: { equals: 1 } }, { 'a.b': { equals: 2 } }, { and: [{ y: { equals: 2 } }] }])
    expect(pathsOf(tree).sort()).toEqual(['a.b', 'a.b', 'x', 'y'])
  })

  it('accepts nothing, values, lists and dates', () => {
    expect(normalizeWhere(undefined)).toEqual({})
    expect(normalizeWhere({ id: { in: ['a', 'b'] }, createdAt: { greater_than: new Date(0) }, title: { exists: 'true' }, n: { equals: null } })).toBeTruthy()
  })

  it.each([
    ['a string', 'x'],
    ['a list', [{ a: { equals: 1 } }]],
    ['`or` that is not a list', { or: { 0: { a: { equals: 1 } } } }],
    ['`AND` with a non-object item', { AND: ['x'] }],
    ['a condition without operators', { title: 'x' }],
    ['an unknown operator', { title: { bogus: 1 } }],
    ['an operator in another case', { id: { EQUALS: 'x' } }],
    ['an object value', { id: { in: { a: { b: 1 } } } }],
    ['a list for a single-value operator', { id: { like: ['a'] } }],
    ['an empty path segment', { 'a..b': { equals: 1 } }],
  ])('refuses %s', (_label, where) => {
    expect(() => normalizeWhere(where)).toThrow(WhereShapeError)
  })

  it('refuses trees nested deeper than any real filter', () => {
    let where: Where = { a: { equals: 1 } }
    for (let i = 0; i <= MAX_WHERE_DEPTH + 1; i++) where = { or: [where] }
    expect(() => normalizeWhere(where)).toThrow(WhereShapeError)
  })
})

describe('sortPathsOf', () => {
  it('splits, strips the direction and normalises', () => {
    expect(sortPathsOf('-project__title,id')).toEqual(['project.title', 'id'])
    expect(sortPathsOf(['ordering', '-createdAt'])).toEqual(['ordering', 'createdAt'])
    expect(sortPathsOf(undefined)).toEqual([])
    expect(() => sortPathsOf([1])).toThrow(WhereShapeError)
  })
})

describe('mapConditions', () => {
  it('replaces a condition in place, so an `or` branch stays an `or` branch', async () => {
    const tree = normalizeWhere({ or: [{ 'project.title': { like: 'x' } }, { title: { like: 'y' } }] })
    const out = await mapConditions(tree, async (path, ops) => (path.startsWith('project.') ? { and: [{ [path]: ops }, { 'project.status': { equals: 'approved' } }] } : null))
    expect(out).toEqual({ or: [{ and: [{ and: [{ 'project.title': { like: 'x' } }, { 'project.status': { equals: 'approved' } }] }] }, { title: { like: 'y' } }] })
  })
})

describe('prefixWhere', () => {
  it('moves an access Where under a relation, groups in any case', () => {
    expect(prefixWhere({ OR: [{ status: { in: ['approved'] } }, { team__id: { in: ['t'] } }] }, 'project.')).toEqual({ or: [{ 'project.status': { in: ['approved'] } }, { 'project.team.id': { in: ['t'] } }] })
  })
})

describe('pinnedIds: whether a query names the documents it reads', () => {
  it('finds `id` equals/in at the top or under `and`', () => {
    expect(pinnedIds(normalizeWhere({ id: { equals: 'a' } }))).toEqual(['a'])
    expect(pinnedIds(normalizeWhere({ AND: [{ owner: { equals: 'u' } }, { id: { in: ['a', 'b'] } }] }))).toEqual(['a', 'b'])
    expect(pinnedIds(normalizeWhere({ _id: { in: 'a,b' } }))).toEqual(['a', 'b'])
  })

  it('does not count ids under `or`, other operators or empty lists', () => {
    expect(pinnedIds(normalizeWhere({ or: [{ id: { equals: 'a' } }, { name: { like: '' } }] }))).toBeNull()
    expect(pinnedIds(normalizeWhere({ id: { not_equals: 'a' } }))).toBeNull()
    expect(pinnedIds(normalizeWhere({ id: { in: [] } }))).toBeNull()
    expect(pinnedIds({})).toBeNull()
  })
})
