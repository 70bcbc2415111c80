/**
 * Cost limits (issue 27 item 6): the REST bounds on an operation's arguments, and the GraphQL shape
 * check that runs before any rule follows a query's fragments. The whole path: tests/int/cost-and-jobs-doors.
 */
import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'

import { API_MAX_DEPTH, API_MAX_JOIN_LIMIT, API_MAX_LIMIT, GRAPHQL_MAX_COMPLEXITY } from '../../src/access/costLimits'
import { boundSizes } from '../../src/plugins/cost-limits/boundRequest'
import { shapeRefusal } from '../../src/plugins/cost-limits/graphqlShape'

describe('REST bounds', () => {
  it('cuts depth, page size and join sizes, and leaves what is within bounds untouched', () => {
    expect(boundSizes({ depth: 50, limit: 100000 }, 'read', false)).toEqual({ depth: API_MAX_DEPTH, limit: API_MAX_LIMIT, pagination: true })
    expect(boundSizes({ limit: 0 }, 'read', false)).toEqual({ limit: API_MAX_LIMIT, pagination: true })
    expect(boundSizes({ pagination: false }, 'read', false)).toEqual({ limit: API_MAX_LIMIT, pagination: true })
    expect(boundSizes({ pagination: false, limit: 20 }, 'read', false)).toEqual({ pagination: false, limit: 20 })
    // GraphQL's join resolver asks for one more than it shows.
    expect(boundSizes({ pagination: false, limit: API_MAX_LIMIT + 1 }, 'read', true)).toEqual({ pagination: false, limit: API_MAX_LIMIT + 1 })
    expect(boundSizes({ joins: { members: { limit: 0 }, versions: { limit: 5 }, gallery: false } }, 'read', false)).toEqual({ joins: { members: { limit: API_MAX_JOIN_LIMIT }, versions: { limit: 5 }, gallery: false } })
    const within = { depth: 1, limit: 10, pagination: true }
    expect(boundSizes(within, 'read', false)).toBe(within)
    // A write's answer is bounded in depth; its `limit` (bulk writes) is not a page.
    expect(boundSizes({ depth: 9, limit: 500 }, 'update', false)).toEqual({ depth: API_MAX_DEPTH, limit: 500 })
  })
})

describe('GraphQL shape', () => {
  it('refuses fragment cycles, direct or through others', () => {
    expect(shapeRefusal(parse('fragment A on P { id ...A } { x { ...A } }'))?.limit).toBe('GRAPHQL_FRAGMENT_CYCLE')
    expect(shapeRefusal(parse('fragment A on P { b { ...B } } fragment B on Q { ... on Q { a { ...A } } } { x { ...A } }'))?.message).toBe('Fragment "A" spreads itself (A → B → A); fragments may not form cycles.')
  })

  it('counts each fragment where it is spread, once per fragment, and refuses beyond the complexity limit', () => {
    const bomb = (n: number) => Array.from({ length: n }, (_, i) => `fragment F${i} on P { id ${i + 1 < n ? `...F${i + 1} ...F${i + 1}` : ''} }`).join(' ') + ' { x { ...F0 } }'
    expect(shapeRefusal(parse(bomb(8)))).toBeNull() // 2^8 - 1 ids and x: within
    const refused = shapeRefusal(parse(bomb(64)))
    expect(refused?.limit).toBe('GRAPHQL_MAX_COMPLEXITY')
    expect(refused?.message).toContain(`the limit is ${GRAPHQL_MAX_COMPLEXITY.toLocaleString('en-US')}`)
    expect(shapeRefusal(parse('{ a { b c } d }'))).toBeNull()
  })
})
