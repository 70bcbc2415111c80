/**
 * Payload's own REST and GraphQL route handlers, called in-process with real `Request`s: the same
 * code path as `/api/<collection>` and `/api/graphql` on the running site, without a server.
 */
import config from '@payload-config'
import { GRAPHQL_POST, REST_DELETE, REST_GET, REST_PATCH, REST_POST } from '@payloadcms/next/routes'

export type ApiResponse = { status: number; headers: Headers; body: unknown; text: string }

const rest = { GET: REST_GET(config), POST: REST_POST(config), PATCH: REST_PATCH(config), DELETE: REST_DELETE(config) }
const graphql = GRAPHQL_POST(config)

async function settle(res: Response): Promise<ApiResponse> {
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text }
}

let client = 0
function headersFor(auth: string | null | undefined, extra: Record<string, string> = {}): Headers {
  client += 1
  const h = new Headers({ 'x-forwarded-for': `10.200.${(client >> 8) & 255}.${client & 255}`, ...extra })
  if (auth) h.set('authorization', auth.startsWith('mrp_') ? auth : `JWT ${auth}`)
  return h
}

/** `api('PATCH', '/team-members/abc', { body, auth })` — the path is below `/api`. */
export async function api(
  method: keyof typeof rest,
  path: string,
  opts: { body?: unknown; form?: FormData; auth?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const url = new URL(`http://localhost:3000/api${path}`)
  const headers = headersFor(opts.auth, opts.headers)
  let body: BodyInit | undefined
  if (opts.form) body = opts.form
  else if (opts.body !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(opts.body)
  }
  const slug = url.pathname.replace(/^\/api\//, '').split('/').map(decodeURIComponent)
  const res = await rest[method](new Request(url, { method, headers, body }), { params: Promise.resolve({ slug }) })
  return settle(res)
}

/** A GraphQL request to `/api/graphql`. */
export async function gql(query: string, variables: Record<string, unknown> = {}, auth?: string | null): Promise<ApiResponse & { errors?: { message: string }[]; data?: Record<string, unknown> }> {
  const headers = headersFor(auth, { 'content-type': 'application/json' })
  const res = await graphql(new Request('http://localhost:3000/api/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) }))
  const out = await settle(res)
  const body = out.body as { errors?: { message: string }[]; data?: Record<string, unknown> }
  return { ...out, errors: body?.errors, data: body?.data }
}
