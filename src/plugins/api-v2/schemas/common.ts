import { z } from 'zod'

import { hasControlCharacters } from '../../../lib/data/viewer'

/**
 * Building blocks for the v2 input schemas. Query parameters arrive as strings (list parameters as
 * JSON arrays in the query string, `?ids=["AABBCCDD","sodium"]`); every parser here turns a bad
 * value into a zod issue with a message a client developer can act on.
 */

/** JSON-encoded query parameters, remembered so the OpenAPI document can describe their content. */
export const jsonEncoded = new WeakMap<z.ZodType, z.ZodType>()

/** A query parameter holding a JSON array, e.g. `["fabric","quilt"]`. */
export function jsonArrayParam<T extends z.ZodType>(item: T, opts: { example: string; max?: number }) {
  const array = opts.max ? z.array(item).max(opts.max, { error: `at most ${opts.max} entries` }) : z.array(item)
  const schema = z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a JSON array, e.g. ${opts.example}` })
        return z.NEVER
      }
    })
    .pipe(array)
  jsonEncoded.set(schema, array)
  return schema
}

/** `true` or `false`, as Modrinth parses query booleans. */
export const boolParam = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true')

/** A whole number in a query parameter. */
export const intParam = (min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      max === undefined
        ? z.number().int().min(min, { error: `must be at least ${min}` })
        : z.number().int().min(min, { error: `must be from ${min} to ${max}` }).max(max, { error: `must be from ${min} to ${max}` }),
    )

/** Control characters (NUL above all) never belong in an id, a name or a filter, and Postgres refuses NUL. */
export { hasControlCharacters }

/** A short string from a client: bounded, and without control characters. */
export const text = (max: number) =>
  z.string().max(max, { error: `is longer than ${max} characters` }).refine((v) => !hasControlCharacters(v), { error: 'must not contain control characters' })

/** A project or version id (8 base62 characters) or, where accepted, a slug / username / number. */
export const key = text(256).refine((v) => v.length > 0, { error: 'must not be empty' })

export const VERSION_TYPES = ['release', 'beta', 'alpha'] as const
export const versionType = z.enum(VERSION_TYPES, { error: `must be one of ${VERSION_TYPES.join(', ')}` })

export const HASH_ALGORITHMS = ['sha1', 'sha512'] as const
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number]
/** Any short string: an unknown algorithm gets its own clear message from `resolveHashes`. */
export const algorithmParam = text(32)

/** Lists in query strings and bodies are bounded so a request cannot ask for unbounded work. */
export const MAX_IDS = 1000
export const MAX_HASHES = 10_000
