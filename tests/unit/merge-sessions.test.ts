import { describe, expect, it } from 'vitest'

import { mergeSessions } from '../../src/lib/auth/mergeSessions'

const now = new Date('2026-11-26T12:00:00Z')
const s = (id: string, expiresAt = '2026-11-27T00:00:00Z') => ({ id, expiresAt })
const ids = (list: { id: string }[]) => list.map((x) => x.id)

describe('mergeSessions', () => {
  it('keeps a session begun elsewhere after the writer read', () => {
    expect(ids(mergeSessions([s('a'), s('mine')], new Set(['a']), [s('a'), s('theirs')], now))).toEqual(['a', 'mine', 'theirs'])
  })

  it('keeps what the writer dropped dropped', () => {
    expect(ids(mergeSessions([s('b')], new Set(['a', 'b']), [s('a'), s('b')], now))).toEqual(['b'])
  })

  it('does not bring back a session ended elsewhere after the writer read', () => {
    expect(ids(mergeSessions([s('a'), s('b'), s('mine')], new Set(['a', 'b']), [s('b')], now))).toEqual(['b', 'mine'])
  })

  it("takes the writer's version of a session it changed (a refresh)", () => {
    const merged = mergeSessions([s('a', '2026-12-01T00:00:00Z')], new Set(['a']), [s('a')], now)
    expect(merged).toEqual([s('a', '2026-12-01T00:00:00Z')])
  })

  it('leaves out a session begun elsewhere that has since expired', () => {
    expect(ids(mergeSessions([s('a')], new Set(['a']), [s('a'), s('old', '2026-11-26T11:00:00Z')], now))).toEqual(['a'])
  })

  it('stores the write as it is when the base is unknown', () => {
    expect(ids(mergeSessions([s('x')], undefined, [s('a'), s('b')], now))).toEqual(['x'])
  })
})
