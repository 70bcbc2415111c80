import type { DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql'

import { GRAPHQL_MAX_COMPLEXITY } from '../../access/costLimits'

/*
 * A query's shape, judged on its text alone before any rule walks it. Payload's complexity rule
 * follows fragment spreads without remembering them: a fragment spreading itself overflowed the
 * stack (a 500), and twenty fragments each spreading the next twice (a 1 KB query) took 2.4 s, each
 * further one doubling it. Spread out, such a query has more fields than the complexity limit allows,
 * so it is refused here, counted once per fragment.
 */

export type ShapeRefusal = { message: string; limit: string; value: number }

/** The fragments a selection set spreads, directly or in its inline fragments. */
function spreadsOf(set: SelectionSetNode, out: string[] = []): string[] {
  for (const s of set.selections) {
    if (s.kind === 'FragmentSpread') out.push(s.name.value)
    else if (s.selectionSet) spreadsOf(s.selectionSet, out)
  }
  return out
}

/** A cycle among the fragments (`A → B → A`), or null. */
function fragmentCycle(fragments: Map<string, FragmentDefinitionNode>): string[] | null {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (name: string): string[] | null => {
    const at = path.indexOf(name)
    if (at >= 0) return [...path.slice(at), name]
    const fragment = fragments.get(name)
    if (done.has(name) || !fragment) return null
    path.push(name)
    for (const next of spreadsOf(fragment.selectionSet)) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    done.add(name)
    return null
  }
  for (const name of fragments.keys()) {
    const cycle = visit(name)
    if (cycle) return cycle
  }
  return null
}

/** How many fields the document selects with every fragment spread where it is used (no cycles). */
function spreadFieldCount(document: DocumentNode, fragments: Map<string, FragmentDefinitionNode>): number {
  const memo = new Map<string, number>()
  const count = (set: SelectionSetNode): number => {
    let n = 0
    for (const s of set.selections) {
      if (s.kind === 'Field') n += 1 + (s.selectionSet ? count(s.selectionSet) : 0)
      else if (s.kind === 'InlineFragment') n += count(s.selectionSet)
      else n += ofFragment(s.name.value)
    }
    return n
  }
  const ofFragment = (name: string): number => {
    let n = memo.get(name)
    if (n === undefined) {
      const fragment = fragments.get(name)
      n = fragment ? count(fragment.selectionSet) : 0
      memo.set(name, n)
    }
    return n
  }
  let total = 0
  for (const d of document.definitions) if (d.kind === 'OperationDefinition') total += count(d.selectionSet)
  return total
}

/** Why the document's shape is refused, or null. */
export function shapeRefusal(document: DocumentNode): ShapeRefusal | null {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d)
  const cycle = fragmentCycle(fragments)
  if (cycle) return { message: `Fragment "${cycle[0]}" spreads itself (${cycle.join(' → ')}); fragments may not form cycles.`, limit: 'GRAPHQL_FRAGMENT_CYCLE', value: cycle.length - 1 }
  const fields = spreadFieldCount(document, fragments)
  if (fields > GRAPHQL_MAX_COMPLEXITY) {
    const shown = Number.isFinite(fields) && fields < 1e15 ? fields.toLocaleString('en-US') : 'more than 10^15'
    return { message: `This query selects ${shown} fields once its fragments are spread; the limit is ${GRAPHQL_MAX_COMPLEXITY.toLocaleString('en-US')} (GRAPHQL_MAX_COMPLEXITY).`, limit: 'GRAPHQL_MAX_COMPLEXITY', value: fields }
  }
  return null
}
