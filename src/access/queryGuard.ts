import { APIError, type Access, type CollectionBeforeOperationHook, type CollectionConfig, type Field, type PayloadRequest, type SanitizedCollectionConfig, type Where } from 'payload'

/**
 * No oracles: a filter or sort sent to `/api` or GraphQL only reaches fields and documents the
 * caller can read. Payload checks the field rules of the collection asked; a path through a
 * relationship (`project.moderatorMessage.message`) would otherwise look into documents the caller
 * cannot see. Such a path is narrowed to the related documents the caller may read, or refused
 * where that cannot be expressed (many-valued or polymorphic relations).
 */

/** Auth internals: never filtered or sorted on, whoever asks. */
const SECRET_FIELDS = new Set(['sessions', 'hash', 'salt', 'resetPasswordToken', 'resetPasswordExpiration', '_verificationToken', 'loginAttempts', 'lockUntil', 'apiKey', 'apiKeyIndex', 'tokenHash'])

const refuse = (path: string) => new APIError(`Filtering or sorting on "${path}" is not allowed.`, 400, null, true)

type Named = Field & { name: string }
/** The data fields of a level, with rows, collapsibles and unnamed tabs flattened. */
function fieldsOf(fields: Field[]): Named[] {
  const out: Named[] = []
  for (const f of fields) {
    if ('name' in f && f.name) out.push(f as Named)
    else if ('fields' in f) out.push(...fieldsOf(f.fields as Field[]))
    else if (f.type === 'tabs') for (const t of f.tabs) out.push(...(('name' in t && t.name) ? [{ ...t, type: 'group' } as unknown as Named] : fieldsOf(t.fields)))
  }
  return out
}

type Hop = { prefix: string; collection: string }

/** Checks one path; returns the relationship hops it crosses (to narrow), or throws. */
async function checkPath(req: PayloadRequest, collection: SanitizedCollectionConfig, path: string): Promise<Hop[]> {
  const segments = path.split('.')
  let fields: Named[] = fieldsOf(collection.fields)
  const hops: Hop[] = []
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]
    if (seg === 'id' && i === segments.length - 1) break
    if (SECRET_FIELDS.has(seg)) throw refuse(path)
    const field = fields.find((f) => f.name === seg)
    if (!field) return hops // Payload answers unknown paths itself
    const read = (field as { access?: { read?: (args: { req: PayloadRequest }) => boolean | Promise<boolean> } }).access?.read
    if (read && !(await read({ req }))) throw refuse(path)
    if (field.type === 'relationship' || field.type === 'upload') {
      if (i === segments.length - 1 || segments[i + 1] === 'id') break
      const relationTo = (field as { relationTo: string | string[] }).relationTo
      if (Array.isArray(relationTo) || (field as { hasMany?: boolean }).hasMany) {
        // Narrowing "any of many" to readable ones cannot be said in a Where: allowed only into public collections.
        const target = Array.isArray(relationTo) ? null : relationTo
        if (!target || (await accessOf(req, target)) !== true) throw refuse(path)
      }
      const target = Array.isArray(relationTo) ? relationTo[0] : relationTo
      const related = req.payload.collections[target as 'projects']?.config
      if (!related) throw refuse(path)
      hops.push({ prefix: `${segments.slice(0, i + 1).join('.')}.`, collection: target })
      fields = fieldsOf(related.fields)
      continue
    }
    if (field.type === 'join') throw refuse(path)
    if ('fields' in field) fields = fieldsOf((field as { fields: Field[] }).fields)
  }
  return hops
}

async function accessOf(req: PayloadRequest, slug: string): Promise<boolean | Where> {
  const access = req.payload.collections[slug as 'projects']?.config.access?.read as Access | undefined
  return access ? ((await access({ req })) as boolean | Where) : !!req.user
}

/** Rewrites every key of an access Where to sit under `prefix` (`status` → `project.status`). */
export function prefixWhere(where: Where, prefix: string): Where {
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) out[key] = (value as Where[]).map((w) => prefixWhere(w, prefix))
    else out[`${prefix}${key}`] = value as Where[string]
  }
  return out
}

function pathsOf(where: unknown, out: string[] = []): string[] {
  if (!where || typeof where !== 'object') return out
  for (const [key, value] of Object.entries(where as Record<string, unknown>)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) value.forEach((w) => pathsOf(w, out))
    else out.push(key)
  }
  return out
}

const sortPaths = (sort: unknown): string[] =>
  (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []).map((s) => String(s).trim().replace(/^-/, '')).filter(Boolean)

/** The narrowing Where for the hops a query crosses: each related document must be readable. */
async function narrowing(req: PayloadRequest, hops: Hop[]): Promise<Where[]> {
  const seen = new Set<string>()
  const out: Where[] = []
  for (const hop of hops) {
    if (seen.has(hop.prefix)) continue
    seen.add(hop.prefix)
    const access = await accessOf(req, hop.collection)
    if (access === false) throw refuse(hop.prefix.slice(0, -1))
    if (access !== true) out.push(prefixWhere(access, hop.prefix))
  }
  return out
}

export const guardQueries: CollectionBeforeOperationHook = async ({ args, operation, req, overrideAccess, collection }) => {
  if (overrideAccess || req.payloadAPI === 'local') return args
  if (!['read', 'count', 'readDistinct', 'update', 'delete'].includes(operation)) return args
  const a = args as { where?: Where; sort?: unknown; field?: string; joins?: Record<string, { where?: Where; sort?: unknown } | false> }
  const config = collection as unknown as SanitizedCollectionConfig
  const hops: Hop[] = []
  for (const path of [...pathsOf(a.where), ...sortPaths(a.sort), ...(a.field ? [a.field] : [])]) hops.push(...(await checkPath(req, config, path)))
  // Sorting through a relation cannot be narrowed: only into collections everyone may read in full.
  for (const path of sortPaths(a.sort)) for (const hop of await checkPath(req, config, path)) if ((await accessOf(req, hop.collection)) !== true) throw refuse(path)
  for (const [name, join] of Object.entries(a.joins ?? {})) {
    if (!join) continue
    const field = fieldsOf(config.fields).find((f) => f.name === name && f.type === 'join') as { collection?: string } | undefined
    const joined = field?.collection ? req.payload.collections[field.collection as 'projects']?.config : undefined
    if (!joined) continue
    for (const path of [...pathsOf(join.where), ...sortPaths(join.sort)]) {
      const joinHops = await checkPath(req, joined, path)
      if (joinHops.length) throw refuse(`${name}.${path}`)
    }
  }
  const extra = await narrowing(req, hops)
  return extra.length ? { ...args, where: { and: [a.where ?? {}, ...extra] } } : args
}

export const withQueryGuard = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  hooks: { ...collection.hooks, beforeOperation: [guardQueries, ...(collection.hooks?.beforeOperation ?? [])] },
})
