/**
 * Checks answers against an OpenAPI 3.0 description (Modrinth's, in tests/int/fixtures): its
 * schemas become JSON Schema for ajv. OpenAPI 3.0 is JSON Schema but for `nullable`, `$ref`
 * siblings (ignored there) and a few annotation keywords, which this converts or drops.
 */
import { readFileSync } from 'node:fs'

import Ajv, { type ValidateFunction } from 'ajv'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { parse } from 'yaml'

type Schema = Record<string, unknown>
type Response = { description?: string; content?: Record<string, { schema?: Schema }> }
export type Operation = { operationId?: string; responses?: Record<string, Response> }
export type OpenApiDoc = { paths: Record<string, Record<string, Operation | unknown>>; components: { schemas: Record<string, Schema> } }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const ROOT = 'modrinth'
/** Annotations ajv does not know (strict mode refuses unknown keywords, so nothing slips by unread). */
const DROPPED = new Set(['example', 'examples', 'deprecated', 'xml', 'externalDocs', 'discriminator', 'readOnly', 'writeOnly'])

export const readOpenApi = (file: string) => parse(readFileSync(file, 'utf8')) as OpenApiDoc

/** A nullable schema: `null` joins its type and its enum, or it becomes `anyOf [null, itself]`. */
function nullable(s: Schema): Schema {
  if (typeof s.type === 'string' && !s.allOf && !s.$ref) {
    return { ...s, type: [s.type, 'null'], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) }
  }
  return { anyOf: [{ type: 'null' }, s] }
}

/** OpenAPI 3.0 schema → JSON Schema (draft 7, as ajv reads it). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema)
  if (!schema || typeof schema !== 'object') return schema
  const s = schema as Schema
  // A `$ref` stands alone in OpenAPI 3.0: its siblings are ignored.
  if (typeof s.$ref === 'string') return { $ref: s.$ref.replace('#/components/schemas/', `${ROOT}#/$defs/`) }
  const out: Schema = {}
  let isNullable = s.nullable === true
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || DROPPED.has(k) || k.startsWith('x-')) continue
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, toJsonSchema(ps)]))
    else if (k === 'allOf') {
      // `allOf: [$ref, {nullable: true}]` is how the description marks a nullable reference (VersionFile.file_type).
      const parts = (v as Schema[]).filter((p) => {
        const only = Object.keys(p).filter((key) => key !== 'description')
        if (p.nullable === true && only.length === 1) isNullable = true
        return !(p.nullable === true && only.length === 1)
      })
      out[k] = parts.map(toJsonSchema)
    } else out[k] = toJsonSchema(v)
  }
  return isNullable ? nullable(out) : out
}

export type Exception = { where: string; why: string; patch: (defs: Record<string, Schema>) => void }

/** Validators for the description's responses; `exceptions` edit the converted schemas first. */
export function openApiValidator(doc: OpenApiDoc, exceptions: Exception[] = []) {
  const defs = Object.fromEntries(Object.entries(doc.components.schemas).map(([id, s]) => [id, toJsonSchema(s) as Schema]))
  for (const e of exceptions) e.patch(defs)
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, strictTuples: false })
  ajv.addFormat('ISO-8601', fullFormats['date-time'] as RegExp | ((s: string) => boolean))
  ajv.addFormat('email', fullFormats.email as RegExp)
  ajv.addFormat('bitfield', true)
  ajv.addFormat('binary', true)
  ajv.addSchema({ $id: ROOT, $defs: defs })
  const compiled = new Map<string, ValidateFunction>()

  const operation = (template: string, method: string): Operation | undefined => doc.paths[template]?.[method.toLowerCase()] as Operation | undefined

  /** Problems with one answer of `method template`; [] when it conforms. */
  function check(template: string, method: string, status: number, body: string): string[] {
    const op = operation(template, method)
    if (!op) return [`${method} ${template} is not in the description`]
    const response = op.responses?.[String(status)] ?? op.responses?.default
    if (!response) return [`${method} ${template}: status ${status} is not documented (${Object.keys(op.responses ?? {}).join(', ')})`]
    const schema = response.content?.['application/json']?.schema
    if (!schema) return body === '' ? [] : [`${method} ${template} ${status}: a body where the description documents none`]
    const key = `${method} ${template} ${status}`
    let validate = compiled.get(key)
    if (!validate) compiled.set(key, (validate = ajv.compile(toJsonSchema(schema) as Schema)))
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return [`${key}: not JSON: ${body.slice(0, 80)}`]
    }
    if (validate(json)) return []
    return (validate.errors ?? []).map((e) => `${key}: ${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''} (${e.schemaPath})`)
  }

  /** Problems with a body that should be the component `name` (an answer the description leaves out). */
  function checkComponent(name: string, body: string): string[] {
    let validate = compiled.get(name)
    if (!validate) compiled.set(name, (validate = ajv.compile({ $ref: `${ROOT}#/$defs/${name}` })))
    try {
      return validate(JSON.parse(body)) ? [] : (validate.errors ?? []).map((e) => `${name}: ${e.instancePath || '/'} ${e.message}`)
    } catch {
      return [`${name}: not JSON: ${body.slice(0, 80)}`]
    }
  }

  /** Every documented `METHOD template`. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([template, ops]) => METHODS.filter((m) => ops[m]).map((m) => ({ method: m.toUpperCase(), template })))

  return { check, checkComponent, operations, defs }
}

/** `/project/{id|slug}/version/{id|number}` and `/project/{id}/version/{version}` are the same route. */
export const routeKey = (method: string, template: string) => `${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}')}`
