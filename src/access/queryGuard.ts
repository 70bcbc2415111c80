import {
  APIError,
  buildVersionCollectionFields,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type CollectionSlug,
  type FlattenedBlock,
  type FlattenedBlocksField,
  type FlattenedField,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type Where,
  type WhereField,
} from 'payload'

import { GEO_OPERATORS, WhereShapeError, mapConditions, normalizePath, normalizeWhere, prefixWhere, sortPathsOf } from '../lib/whereTree'
import { appendHooks } from '../lib/config/appendHooks'

/**
 * No oracles: a filter, sort or join query only reaches fields and documents the caller can read —
 * on every request that runs with the caller's access (`overrideAccess: false`): REST, GraphQL, and
 * the Local API calls of the admin panel's server functions and of our own pages. Payload checks the
 * field rules of the collection asked; a path through a relationship (`project.moderatorMessage`)
 * would otherwise look into documents the caller cannot see. Such a condition is narrowed to the
 * related documents the caller may read, or refused where that cannot be said in a Where (several
 * related rows: a hasMany, an array, a join). The tree is judged as Payload runs it (whereTree.ts).
 */

/** Auth internals: never filtered or sorted on, whoever asks. */
const SECRET_FIELDS = new Set(['sessions', 'hash', 'salt', 'resetPasswordToken', 'resetPasswordExpiration', '_verificationToken', 'loginAttempts', 'lockUntil', 'apiKey', 'apiKeyIndex', 'tokenHash'])

const refuse = (path: string) => new APIError(`Filtering or sorting on "${path}" is not allowed.`, 400, null, true)
const badQuery = (message: string) => new APIError(message, 400, null, true)

/** The operations that take a where, sort, distinct field or join queries from the caller. */
const QUERYING = new Set(['read', 'count', 'readDistinct', 'update', 'delete', 'findVersions', 'countVersions'])

type Hop = { prefix: string; collection: CollectionSlug; many: boolean }
type Resolved = { hops: Hop[]; field: FlattenedField | null }
/** One query's judging: the read access of each collection its paths reach is asked once. */
type Judge = { req: PayloadRequest; access: Map<string, Promise<boolean | Where>> }

function accessOf(q: Judge, slug: CollectionSlug): Promise<boolean | Where> {
  let hit = q.access.get(slug)
  if (!hit) {
    const read = q.req.payload.collections[slug]?.config.access?.read
    hit = read ? Promise.resolve(read({ req: q.req })).then((r) => r as boolean | Where) : Promise.resolve(!!q.req.user)
    q.access.set(slug, hit)
  }
  return hit
}

const blockFields = (q: Judge, field: FlattenedBlocksField): FlattenedField[] =>
  (field.blockReferences ?? field.blocks).flatMap((b) => (typeof b === 'string' ? (q.req.payload.blocks as Record<string, FlattenedBlock | undefined>)[b] : b)?.flattenedFields ?? [])

const isLocale = (q: Judge, segment: string) => {
  const localization = q.req.payload.config.localization
  return !!localization && localization.localeCodes.includes(segment)
}

/** Walks one path through the fields; returns the relationship hops it crosses, or throws. */
async function resolve(q: Judge, fields: FlattenedField[], path: string): Promise<Resolved> {
  const segments = path.split('.')
  let level = fields
  let many = false // crossed an array or blocks row since the last hop
  const hops: Hop[] = []
  for (let i = 0; i < segments.length; i++) {
    const last = i === segments.length - 1
    if (SECRET_FIELDS.has(segments[i])) throw refuse(path)
    const field = level.find((f) => f.name === segments[i])
    if (!field) return { hops, field: null } // `id`, `blockType` or unknown: Payload answers those itself
    // Virtual fields are rewritten by Payload after this hook into paths not judged here.
    if (field.hidden || ('virtual' in field && field.virtual)) throw refuse(path)
    const read = field.access?.read
    if (read && !(await read({ req: q.req }))) throw refuse(path)
    switch (field.type) {
      case 'relationship':
      case 'upload': {
        const next = segments[i + 1]
        if (last || (next === 'id' && i + 2 === segments.length)) return { hops, field }
        if (typeof field.relationTo !== 'string') {
          if ((next === 'value' || next === 'relationTo') && i + 2 === segments.length) return { hops, field }
          throw refuse(path)
        }
        const related = q.req.payload.collections[field.relationTo]?.config
        if (!related) throw refuse(path)
        hops.push({ prefix: `${segments.slice(0, i + 1).join('.')}.`, collection: field.relationTo, many: many || !!field.hasMany })
        level = related.flattenedFields
        many = false
        continue
      }
      case 'join':
        throw refuse(path) // "some joined row matches" cannot be narrowed to readable rows
      case 'array':
        many = true
        level = field.flattenedFields
        continue
      case 'blocks':
        many = true
        level = blockFields(q, field)
        continue
      case 'group':
      case 'tab':
        level = field.flattenedFields
        continue
      case 'json':
      case 'richText':
        return { hops, field } // the rest are keys inside the value
      default:
        if (last || (i + 2 === segments.length && isLocale(q, segments[i + 1]))) return { hops, field }
        throw badQuery(`"${path}" is not a field path.`)
    }
  }
  return { hops, field: null }
}

/** The Where that keeps a condition's related documents to those the caller may read. */
async function narrowing(q: Judge, path: string, hops: Hop[]): Promise<Where[]> {
  const out: Where[] = []
  for (const hop of hops) {
    const access = await accessOf(q, hop.collection)
    if (access === true) continue
    // "Some related row matches" cannot be narrowed to readable rows: only into collections read in full.
    if (access === false || hop.many) throw refuse(path)
    out.push(prefixWhere(access, hop.prefix))
  }
  return out
}

async function guardWhere(q: Judge, fields: FlattenedField[], where: unknown): Promise<Where> {
  return mapConditions(normalizeWhere(where), async (path: string, operators: WhereField) => {
    const { hops, field } = await resolve(q, fields, path)
    const geo = Object.keys(operators).find((op) => GEO_OPERATORS.has(op))
    if (geo && field?.type !== 'point') throw badQuery(`"${geo}" applies to point fields only ("${path}").`)
    const narrowed = await narrowing(q, path, hops)
    return narrowed.length ? { and: [{ [path]: operators }, ...narrowed] } : null
  })
}

/** Sorting (and distinct values) through a relation cannot be narrowed: only into collections read in full. */
async function guardOrdering(q: Judge, fields: FlattenedField[], paths: string[]): Promise<void> {
  for (const path of paths) {
    for (const hop of (await resolve(q, fields, path)).hops) if ((await accessOf(q, hop.collection)) !== true) throw refuse(path)
  }
}

type JoinQuery = { where?: unknown; sort?: unknown } & Record<string, unknown>

function joinedCollection(config: SanitizedCollectionConfig, name: string): CollectionSlug | null {
  for (const [slug, joins] of Object.entries(config.joins ?? {})) if (joins.some((j) => j.joinPath === name)) return slug as CollectionSlug
  return null
}

async function guardJoins(q: Judge, config: SanitizedCollectionConfig, joins: unknown): Promise<unknown> {
  if (joins === undefined || joins === false) return joins
  if (typeof joins !== 'object' || joins === null || Array.isArray(joins)) throw badQuery('joins must be an object of join queries.')
  const out: Record<string, JoinQuery | false | undefined> = {}
  for (const [name, join] of Object.entries(joins as Record<string, unknown>)) {
    if (join === false || join === undefined) {
      out[name] = join
      continue
    }
    if (typeof join !== 'object' || join === null || Array.isArray(join)) throw badQuery(`joins.${name} must be an object or false.`)
    const slug = joinedCollection(config, name)
    const query = join as JoinQuery
    if (!slug) {
      if (query.where !== undefined || query.sort !== undefined) throw badQuery(`"${name}" is not a join of this collection.`)
      out[name] = query
      continue
    }
    const fields = q.req.payload.collections[slug].config.flattenedFields
    await guardOrdering(q, fields, sortPathsOf(query.sort))
    out[name] = query.where === undefined ? query : { ...query, where: await guardWhere(q, fields, query.where) }
  }
  return out
}

type QueryArgs = { where?: unknown; sort?: unknown; field?: unknown; joins?: unknown }

export const guardQueries: CollectionBeforeOperationHook = async ({ args, operation, req, overrideAccess, collection }) => {
  if (overrideAccess || !QUERYING.has(operation)) return args
  const config: SanitizedCollectionConfig = collection
  const versions = operation === 'findVersions' || operation === 'countVersions'
  const fields = versions ? buildVersionCollectionFields(req.payload.config, config, true) : config.flattenedFields
  const q: Judge = { req, access: new Map() }
  const a = args as QueryArgs
  try {
    const where = a.where === undefined ? undefined : await guardWhere(q, fields, a.where)
    await guardOrdering(q, fields, [...sortPathsOf(a.sort), ...(typeof a.field === 'string' ? [normalizePath(a.field)] : [])])
    const joins = await guardJoins(q, config, a.joins)
    return { ...args, ...(where ? { where } : {}), ...(a.joins !== undefined ? { joins } : {}) }
  } catch (error) {
    if (error instanceof WhereShapeError) throw badQuery(error.message)
    throw error
  }
}

export const withQueryGuard = (collection: CollectionConfig): CollectionConfig => appendHooks(collection, { first: { beforeOperation: [guardQueries] } })
