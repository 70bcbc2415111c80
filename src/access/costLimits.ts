/*
 * What one request to /api (REST) or /api/graphql may ask of the server (issue 27 item 6). Without
 * them one anonymous GraphQL query nesting joins twelve deep held the site for 35–52 s and 1.9 GB.
 * The site's own Local API calls (pages, server actions, jobs, the admin panel's server functions)
 * are not bounded by these: they choose their own sizes.
 */

/** Relationship population depth (`?depth=`): Payload's default, so a request that names none is unchanged. */
export const API_MAX_DEPTH = 2

/** Documents per page (`?limit=`); `limit=0` and `pagination=false` get a page of this size too. */
export const API_MAX_LIMIT = 100

/** Documents per join (`?joins[<field>][limit]=`); Payload's default is 10. */
export const API_MAX_JOIN_LIMIT = 25

/**
 * GraphQL: the most documents one query may load, counted in the worst case before it runs — each
 * list multiplies what it holds by its `limit` (a join without one by {@link API_MAX_LIMIT}, the
 * most it gets), a has-many relationship by {@link GRAPHQL_HAS_MANY_GUESS}.
 */
export const GRAPHQL_MAX_DOCUMENTS = 5000

/** GraphQL: relationships, uploads and joins nested in one another (project → team → members → user is 3). */
export const GRAPHQL_MAX_RELATION_DEPTH = 3

/** GraphQL: how many documents a has-many relationship without `maxRows` is counted as. */
export const GRAPHQL_HAS_MANY_GUESS = 10

/**
 * GraphQL: Payload's own additive complexity (each field 1, each relationship or join 10), which
 * bounds a query's breadth; also the most fields a query may select once its fragments are spread.
 */
export const GRAPHQL_MAX_COMPLEXITY = 1000
