import type { Config, Plugin } from 'payload'

import { boundRequest } from './boundRequest'
import { appendHooks, mapCollections } from '../../lib/config/appendHooks'

export { graphQLCostRule, GRAPHQL_COST_ERROR } from './graphqlCost'
export { COST_LIMIT_HEADER, withCostLimitStatus } from './refusalStatus'

/**
 * Cost limits (issue 27 item 6; the numbers are in src/access/costLimits.ts): every collection bounds
 * the depth, page size and join sizes a REST or GraphQL request asks for. GraphQL's own limit, on
 * what a whole query may load, is a validation rule (./graphqlCost.ts) named in payload.config.ts.
 */
export const costLimitsPlugin =
  (): Plugin =>
  (config: Config): Config => ({
    ...config,
    collections: mapCollections(config.collections, (c) => appendHooks(c, { last: { beforeOperation: [boundRequest] } })),
  })
