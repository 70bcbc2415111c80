// Payload's own copy of graphql, re-exported for plugins: the schema and the validator are made with
// it, and under vitest a plain `import 'graphql'` here can load a second copy (ESM beside CJS) whose
// classes the validator does not recognise.
import { GraphQL } from '@payloadcms/graphql/types'
import type { ASTNode, ASTVisitor, GraphQLField, GraphQLNamedType, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql'

import { API_MAX_LIMIT, GRAPHQL_HAS_MANY_GUESS, GRAPHQL_MAX_DOCUMENTS, GRAPHQL_MAX_RELATION_DEPTH } from '../../access/costLimits'
import { shapeRefusal } from './graphqlShape'
import { COST_LIMIT_HEADER } from './refusalStatus'

/*
 * What a GraphQL query may load, judged before it runs. Payload's own complexity adds 10 per
 * relationship or join, but a query's cost multiplies: 100 projects, each with a team whose members
 * each have projects… So each list multiplies the documents below it by how many it may hold, and
 * relationships may nest only so deep. A query whose fragments form a cycle or spread out beyond
 * the complexity limit is refused first, before any rule follows them (./graphqlShape.ts).
 */

/** `extensions.code` of the refusal, so a client (and the route) can tell it from other errors. */
export const GRAPHQL_COST_ERROR = 'QUERY_TOO_COSTLY'

type Variables = Readonly<Record<string, unknown>> | null | undefined
type Cost = { documents: number; depth: number }
/** The Payload field a GraphQL field was made from (Payload puts it in the field's `extensions`). */
type PayloadField = { type?: string; hasMany?: boolean; maxRows?: number }

function argumentsOf(def: GraphQLField<unknown, unknown>, node: Parameters<typeof GraphQL.getArgumentValues>[1], variables: Variables): Record<string, unknown> {
  try {
    return GraphQL.getArgumentValues(def, node, variables ?? {})
  } catch {
    return {} // invalid arguments: the standard rules and the resolver report them
  }
}

const limitOf = (args: Record<string, unknown>): number | undefined => (typeof args.limit === 'number' ? args.limit : undefined)

/**
 * How many documents a field yields per parent document, or null for a field that is not a list of
 * documents or a relationship (its children are counted as the parent's).
 */
function fanOut(def: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number | null {
  const field = def.extensions?.field as PayloadField | undefined
  const limit = limitOf(args)
  // A join without a limit gets everything from Payload's resolver, which the REST bounds cut at a page.
  if (field?.type === 'join') return limit && limit > 0 ? Math.min(limit, API_MAX_LIMIT) : API_MAX_LIMIT
  if (field?.type === 'relationship' || field?.type === 'upload') return field.hasMany ? (field.maxRows ?? GRAPHQL_HAS_MANY_GUESS) : 1
  if (!def.args.some((a) => a.name === 'limit')) return null
  // A collection list (`Projects`, `versionsProjects`): 10 by default, a page at most.
  if (limit === 0 || (limit === undefined && args.pagination === false)) return API_MAX_LIMIT
  return Math.min(limit ?? 10, API_MAX_LIMIT)
}

const isRelation = (def: GraphQLField<unknown, unknown>) => ['join', 'relationship', 'upload'].includes((def.extensions?.field as PayloadField | undefined)?.type ?? '')

/** The cost of one operation's selections, fragments included (each counted where it is spread). */
function costOfOperation(context: ValidationContext, root: GraphQLNamedType, selections: SelectionSetNode, variables: Variables): Cost {
  const memo = new Map<string, Cost>()
  const spreading = new Set<string>()

  const walk = (set: SelectionSetNode, type: GraphQLNamedType | null | undefined, depth: number): Cost => {
    let documents = 0
    let deepest = depth
    const add = (cost: Cost) => {
      documents += cost.documents
      deepest = Math.max(deepest, cost.depth)
    }
    for (const selection of set.selections) {
      if (selection.kind === GraphQL.Kind.FIELD) {
        if (!type || !(GraphQL.isObjectType(type) || GraphQL.isInterfaceType(type)) || selection.name.value.startsWith('__')) continue
        const def = type.getFields()[selection.name.value]
        if (!def) continue // an unknown field: the standard rules report it
        const below = isRelation(def) ? depth + 1 : depth
        const child = selection.selectionSet ? walk(selection.selectionSet, GraphQL.getNamedType(def.type), below) : { documents: 0, depth: below }
        const n = fanOut(def, argumentsOf(def, selection, variables))
        add({ documents: n === null ? child.documents : n * (1 + child.documents), depth: child.depth })
      } else if (selection.kind === GraphQL.Kind.INLINE_FRAGMENT) {
        // Alternatives of a union are all counted: an upper bound.
        const on = selection.typeCondition ? context.getSchema().getType(selection.typeCondition.name.value) : type
        add(walk(selection.selectionSet, on, depth))
      } else {
        const name = selection.name.value
        const fragment = context.getFragment(name)
        if (!fragment || spreading.has(name)) continue // unknown or cyclic: the standard rules report it
        const key = `${name}@${depth}`
        let cost = memo.get(key)
        if (!cost) {
          spreading.add(name)
          cost = walk(fragment.selectionSet, context.getSchema().getType(fragment.typeCondition.name.value), depth)
          spreading.delete(name)
          memo.set(key, cost)
        }
        add(cost)
      }
    }
    return { documents, depth: deepest }
  }

  return walk(selections, root, 0)
}

const count = (n: number) => (Number.isFinite(n) && n < 1e15 ? Math.round(n).toLocaleString('en-US') : 'more than 10^15')

/** What Payload's GraphQL route passes as the context: `headers` are added to its answer. */
type RouteContext = { headers?: Record<string, string> } | null | undefined

/**
 * Refuses an operation nested or fanned out beyond the limits, naming the limit. `args` are the
 * request's (Payload's `graphQL.validationRules` gets them): its variables, and the route's context,
 * where the refusal is marked for the route to answer 400 (./refusalStatus.ts).
 */
export function graphQLCostRule(args: { variableValues?: Variables; contextValue?: unknown }): ValidationRule {
  const variables = args.variableValues
  const routeHeaders = (args.contextValue as RouteContext)?.headers
  return (context: ValidationContext): ASTVisitor => {
    const refuse = (message: string, limit: string, value: number, nodes?: ASTNode) => {
      if (routeHeaders) routeHeaders[COST_LIMIT_HEADER] = limit
      context.reportError(new GraphQL.GraphQLError(message, { nodes, extensions: { code: GRAPHQL_COST_ERROR, limit, value: Math.min(value, Number.MAX_SAFE_INTEGER), statusCode: 400 } }))
    }
    const shape = shapeRefusal(context.getDocument())
    if (shape) {
      // The rules that run beside this one (Payload's complexity above all) must not follow the
      // fragments of a refused query: to them, its fragments are unknown.
      context.getFragment = () => undefined
      refuse(shape.message, shape.limit, shape.value)
    }
    return {
      OperationDefinition(node) {
        const schema = context.getSchema()
        const root = node.operation === 'mutation' ? schema.getMutationType() : node.operation === 'query' ? schema.getQueryType() : schema.getSubscriptionType()
        if (shape || !root) return false
        const cost = costOfOperation(context, root, node.selectionSet, variables)
        if (cost.depth > GRAPHQL_MAX_RELATION_DEPTH) {
          refuse(
            `This query nests relationships and joins ${cost.depth} deep; the limit is ${GRAPHQL_MAX_RELATION_DEPTH} (GRAPHQL_MAX_RELATION_DEPTH). Ask for the deeper documents in another query.`,
            'GRAPHQL_MAX_RELATION_DEPTH',
            cost.depth,
            node,
          )
        } else if (cost.documents > GRAPHQL_MAX_DOCUMENTS) {
          refuse(
            `This query could load ${count(cost.documents)} documents; the limit is ${count(GRAPHQL_MAX_DOCUMENTS)} (GRAPHQL_MAX_DOCUMENTS). Give its lists and joins a smaller \`limit\` (a join without one counts as ${API_MAX_LIMIT}).`,
            'GRAPHQL_MAX_DOCUMENTS',
            cost.documents,
            node,
          )
        }
        return false
      },
    }
  }
}
