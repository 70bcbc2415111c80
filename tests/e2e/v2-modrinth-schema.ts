/**
 * Response validation against the `modrinthjs` package's own schemas. modrinthjs is generated (with
 * openapi-typescript-codegen) from Modrinth's OpenAPI spec (v2.7.0); its models are TypeScript types,
 * which vanish at run time, so this reads their machine-readable form shipped in the package
 * (`docs/description.json`, the TypeDoc export of those same generated models) and checks a JSON
 * value against a named model: required properties, `| null`, enums, arrays, maps, intersections.
 * Extra properties are allowed, as in OpenAPI (newer labrinth adds fields such as `environment`).
 *
 * Where the wire format we must match (reference/modrinth-v2.md, i.e. labrinth today) is newer than
 * that 2.7.0 spec, the difference is listed in DEVIATIONS — and nowhere else.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

type Node = { type: string; [k: string]: unknown }
type Declaration = { id: number; name: string; kind: number; flags?: { isOptional?: boolean }; type?: Node; children?: Declaration[] }

const KIND_ENUM = 8
const KIND_ENUM_MEMBER = 16
const KIND_PROPERTY = 1024
const KIND_TYPE_ALIAS = 2097152

/**
 * Property-level differences between labrinth's current v2 wire format (which we follow) and the
 * modrinthjs 2.7.0 spec, keyed `<Model>.<property>`.
 */
export const DEVIATIONS: Record<string, { nullable?: true; values?: string[]; reason: string }> = {
  'BaseProject.client_side': { values: ['unknown'], reason: 'labrinth LegacySideType has "unknown"' },
  'BaseProject.server_side': { values: ['unknown'], reason: 'labrinth LegacySideType has "unknown"' },
  'Project.moderator_message': { nullable: true, reason: 'labrinth Option<ModeratorMessage>: null when there is none' },
  'VersionFile.file_type': { values: ['sources-jar', 'dev-jar', 'javadoc-jar', 'signature', 'unknown'], reason: 'labrinth FileType has these too (reference §1.4)' },
  'TeamMember.permissions': { nullable: true, reason: 'null when the caller may not see them (reference §1.4)' },
  'TeamMember.payouts_split': { nullable: true, reason: 'labrinth Option<Decimal>: null when hidden' },
  'User.avatar_url': { nullable: true, reason: 'labrinth LegacyUser avatar_url is Option<String>' },
  'EditableUser.bio': { nullable: true, reason: 'labrinth LegacyUser bio is Option<String>' },
  'EditableUser.payout_data': { nullable: true, reason: 'private: null unless the caller may see it' },
}

const require = createRequire(import.meta.url)
const file = path.join(path.dirname(require.resolve('modrinthjs/package.json')), 'docs', 'description.json')
const root = JSON.parse(readFileSync(file, 'utf8')) as { children: Declaration[] }

const byId = new Map<number, Declaration>()
const owner = new Map<number, string>() // declaration id → the model it belongs to
function index(decl: Declaration, model?: string) {
  byId.set(decl.id, decl)
  if (model) owner.set(decl.id, model)
  const walk = (n: unknown, m: string) => {
    if (!n || typeof n !== 'object') return
    if (Array.isArray(n)) return n.forEach((x) => walk(x, m))
    const o = n as Record<string, unknown>
    if (typeof o.id === 'number' && typeof o.name === 'string') {
      byId.set(o.id, o as unknown as Declaration)
      owner.set(o.id, m)
    }
    for (const v of Object.values(o)) walk(v, m)
  }
  walk(decl.type, decl.name)
  for (const c of decl.children ?? []) index(c, decl.name)
}
for (const d of root.children) index(d)

const models = new Map(root.children.filter((d) => d.kind === KIND_TYPE_ALIAS).map((d) => [d.name, d]))
export const modelNames = () => [...models.keys()]

type Errors = string[]

function check(node: Node, value: unknown, at: string, errors: Errors): void {
  switch (node.type) {
    case 'intrinsic': {
      const name = node.name as string
      if (name === 'any' || name === 'unknown') return
      if (name === 'null' ? value !== null : name === 'undefined' ? value !== undefined : typeof value !== name) errors.push(`${at}: expected ${name}, got ${JSON.stringify(value)}`)
      return
    }
    case 'literal':
      if (value !== node.value) errors.push(`${at}: expected ${JSON.stringify(node.value)}, got ${JSON.stringify(value)}`)
      return
    case 'union': {
      const options = node.types as Node[]
      if (!options.some((t) => attempt(t, value, at))) errors.push(`${at}: ${JSON.stringify(value)} matches none of ${options.map(describe).join(' | ')}`)
      return
    }
    case 'intersection':
      for (const t of node.types as Node[]) check(t, value, at, errors)
      return
    case 'array':
      if (!Array.isArray(value)) return void errors.push(`${at}: expected an array, got ${JSON.stringify(value)}`)
      value.forEach((v, i) => check(node.elementType as Node, v, `${at}[${i}]`, errors))
      return
    case 'reflection':
      return checkObject(node.declaration as Declaration, value, at, errors)
    case 'reference': {
      if (typeof node.target === 'number') {
        const decl = byId.get(node.target)
        if (!decl) return void errors.push(`${at}: unknown type ${String(node.name)}`)
        if (decl.kind === KIND_ENUM) {
          const allowed = (decl.children ?? []).filter((c) => c.kind === KIND_ENUM_MEMBER).map((c) => (c.type as Node).value)
          if (!allowed.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} is not one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`)
          return
        }
        return check(decl.type as Node, value, at, errors)
      }
      if (node.name === 'Record') {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return void errors.push(`${at}: expected an object map`)
        const [, valueType] = node.typeArguments as Node[]
        for (const [k, v] of Object.entries(value)) check(valueType, v, `${at}[${JSON.stringify(k)}]`, errors)
        return
      }
      return void errors.push(`${at}: cannot check external type ${String(node.name)}`)
    }
    default:
      errors.push(`${at}: unsupported schema node ${node.type}`)
  }
}

function checkObject(decl: Declaration, value: unknown, at: string, errors: Errors) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return void errors.push(`${at}: expected an object, got ${JSON.stringify(value)}`)
  const model = owner.get(decl.id) ?? '?'
  for (const prop of (decl.children ?? []).filter((c) => c.kind === KIND_PROPERTY)) {
    const v = (value as Record<string, unknown>)[prop.name]
    const where = `${at}.${prop.name}`
    if (v === undefined) {
      if (!prop.flags?.isOptional) errors.push(`${where}: required by ${model} but missing`)
      continue
    }
    const deviation = DEVIATIONS[`${model}.${prop.name}`]
    if (deviation?.nullable && v === null) continue
    if (deviation?.values?.includes(v as string)) continue
    check(prop.type as Node, v, where, errors)
  }
}

const attempt = (node: Node, value: unknown, at: string) => {
  const errors: Errors = []
  check(node, value, at, errors)
  return errors.length === 0
}

const describe = (n: Node): string => (n.type === 'intrinsic' || n.type === 'reference' ? String(n.name) : n.type === 'literal' ? JSON.stringify(n.value) : n.type)

/** The problems of `value` as a modrinthjs `model` (e.g. "Project", "Version", "User"). Empty when valid. */
export function problems(model: string, value: unknown): string[] {
  const decl = models.get(model)
  if (!decl?.type) throw new Error(`modrinthjs has no model ${model}`)
  const errors: Errors = []
  check(decl.type, value, model, errors)
  return errors
}

/** The problems of each element of a list. */
export const listProblems = (model: string, values: unknown[]) => values.flatMap((v, i) => problems(model, v).map((p) => `[${i}] ${p}`))
