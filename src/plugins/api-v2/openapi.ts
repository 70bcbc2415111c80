import { z } from 'zod'

import type { RouteDef } from './http/route'
import { jsonEncoded } from './schemas/common'
import { components } from './schemas/registry'
import { ErrorBody } from './schemas/tags'

type JsonSchema = Record<string, unknown>

const REF_PREFIX = '#/components/schemas/'

/** Local `$defs` references point at the shared components instead. */
function relink(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relink)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$schema' || k === '$defs' || k === '$id') continue
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, REF_PREFIX) : relink(v)
  }
  return out
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const id = components.get(schema)?.id
  if (id && io === 'output') return { $ref: `${REF_PREFIX}${id}` }
  return relink(z.toJSONSchema(schema, { target: 'draft-2020-12', metadata: components, io, unrepresentable: 'any' })) as JsonSchema
}

const unwrapOptional = (schema: z.ZodType): { inner: z.ZodType; optional: boolean } =>
  schema instanceof z.ZodOptional ? { inner: schema.unwrap() as z.ZodType, optional: true } : { inner: schema, optional: false }

const RATE_HEADERS = {
  'X-Ratelimit-Limit': { description: 'Requests allowed per minute', schema: { type: 'integer' } },
  'X-Ratelimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-Ratelimit-Reset': { description: 'Seconds until the allowance is full again', schema: { type: 'integer' } },
}

function operation(route: RouteDef): JsonSchema {
  const parameters: JsonSchema[] = []
  for (const [name, description] of Object.entries(route.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, description, schema: { type: 'string' } })
  }
  if (route.query instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(route.query.shape as Record<string, z.ZodType>)) {
      const { inner, optional } = unwrapOptional(field)
      const decoded = jsonEncoded.get(inner)
      const description = route.queryDocs?.[name]
      parameters.push(
        decoded
          ? { name, in: 'query', required: !optional, description, content: { 'application/json': { schema: toSchema(decoded, 'input') } } }
          : { name, in: 'query', required: !optional, description, schema: toSchema(inner, 'input') },
      )
    }
  }
  const error = (description: string) => ({ description, headers: RATE_HEADERS, content: { 'application/json': { schema: toSchema(ErrorBody, 'output') } } })
  const responses: Record<string, unknown> = {}
  if (route.response) responses['200'] = { description: 'Expected response to a valid request', headers: RATE_HEADERS, content: { 'application/json': { schema: toSchema(route.response, 'output') } } }
  for (const [status, doc] of Object.entries(route.responses ?? {})) {
    responses[status] = doc.empty
      ? { description: doc.description, headers: RATE_HEADERS }
      : doc.headers
        ? { description: doc.description, headers: { ...RATE_HEADERS, ...Object.fromEntries(Object.entries(doc.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) } }
        : error(doc.description)
  }
  if ((route.query || route.body || route.params) && !responses['400']) responses['400'] = error('Invalid input: the description says what is wrong')
  if (route.requiresAuth && !responses['401']) responses['401'] = error('Authentication required')
  responses['429'] = error('Rate limit exceeded (300 requests a minute per client)')
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } } : {}),
    ...(route.upload ? { requestBody: uploadBody(route.upload) } : {}),
    ...(route.scopes?.length && !route.anonymous ? { security: [{}, { token: route.scopes }] } : {}),
    responses,
  }
}

/** A multipart upload (a `data` JSON part and file parts) or a raw file body, as OpenAPI describes them. */
function uploadBody(upload: NonNullable<RouteDef['upload']>): JsonSchema {
  if ('raw' in upload) {
    return { required: true, description: upload.raw.description, content: Object.fromEntries(upload.raw.types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])) }
  }
  const { data, dataRequired, files } = upload.multipart
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...(data ? { data: { ...toSchema(data, 'input'), description: 'JSON' } } : {}),
            files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: files },
          },
          ...(data && dataRequired !== false ? { required: ['data'] } : {}),
        },
        encoding: { ...(data ? { data: { contentType: 'application/json' } } : {}) },
      },
    },
  }
}

/** The OpenAPI 3.1 description of what `/v2` serves, generated from the routes' zod schemas. */
export function buildOpenApi(routes: RouteDef[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    if (route.tag === 'meta') continue
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route)
  }
  const schemas = Object.fromEntries(
    Object.entries(z.toJSONSchema(components, { target: 'draft-2020-12', uri: (id) => `${REF_PREFIX}${id}`, unrepresentable: 'any' }).schemas).map(([id, s]) => [id, relink(s)]),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blockforge API (Modrinth v2 compatible)',
      version: '2.7.0',
      description:
        'The read side of the Modrinth v2 API. List parameters are JSON arrays in the query string (`?ids=["AABBCCDD","sodium"]`). ' +
        'Authenticate with `Authorization: <token>` (a personal access token `mrp_…` or a session token; `Bearer ` is optional). ' +
        'Hidden or unknown items answer 404 with an empty body; errors are `{"error","description"}`. ' +
        'Every client may make 300 requests a minute (see the `X-Ratelimit-*` headers).',
    },
    servers: [{ url: `${serverUrl}/v2` }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A personal access token (`mrp_…`) or a session token, with or without `Bearer `' },
      },
    },
  }
}
