import { env } from '../../../lib/env'
import { defineRoute, type RouteDef } from '../http/route'
import { buildOpenApi } from '../openapi'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

let cached: { routes: readonly RouteDef[]; doc: unknown } | undefined

export const openApiDocument = defineRoute({
  method: 'GET', path: '/openapi.json', operationId: 'openApi', tag: 'meta', summary: 'The OpenAPI description of this API', anonymous: true,
  handler: async ({ routes }) => {
    if (cached?.routes !== routes) cached = { routes, doc: buildOpenApi([...routes], env.siteUrl()) }
    return Response.json(cached.doc, { headers: { 'Cache-Control': 'public, max-age=300' } })
  },
})

/** A small human page: what the API is, how to call it, every endpoint, and the OpenAPI link. */
export function docsPage(routes: readonly RouteDef[]): string {
  const groups = new Map<string, RouteDef[]>()
  for (const r of routes) if (r.tag !== 'meta') groups.set(r.tag, [...(groups.get(r.tag) ?? []), r])
  const sections = [...groups.entries()]
    .map(([tag, list]) => `<h2>${escape(tag)}</h2><ul>${list
      .map((r) => `<li><code>${r.method} /v2${escape(r.path)}</code> — ${escape(r.summary)}</li>`)
      .join('')}</ul>`)
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Blockforge API v2</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}code{background:#f1f3f5;padding:.1em .3em;border-radius:4px}li{margin:.2rem 0}</style>
</head><body>
<h1>Blockforge API v2</h1>
<p>A drop-in for Modrinth v2 clients: point them at <code>${escape(env.siteUrl())}/v2</code>.
The machine-readable description is <a href="/v2/openapi.json">/v2/openapi.json</a> (OpenAPI 3.1).</p>
<ul>
<li>List parameters are JSON arrays in the query string: <code>/v2/projects?ids=["AABBCCDD","sodium"]</code>.</li>
<li>Authenticate with <code>Authorization: mrp_…</code> (a personal access token) or a session token; <code>Bearer</code> is optional.</li>
<li>Hidden or unknown items answer 404 with an empty body; errors are <code>{"error": "…", "description": "…"}</code>.</li>
<li>Each client may make 300 requests a minute; see the <code>X-Ratelimit-Limit</code>, <code>-Remaining</code> and <code>-Reset</code> headers.</li>
</ul>
${sections}
</body></html>`
}

const html = (routes: readonly RouteDef[]) => new Response(docsPage(routes), { headers: { 'Content-Type': 'text/html; charset=utf-8' } })

export const docs = defineRoute({
  method: 'GET', path: '/docs', operationId: 'docs', tag: 'meta', summary: 'This documentation page', anonymous: true,
  handler: async ({ routes }) => html(routes),
})

export const root = defineRoute({
  method: 'GET', path: '/', operationId: 'root', tag: 'meta', summary: 'The documentation page', anonymous: true,
  handler: async ({ routes }) => html(routes),
})

export const docsRoutes = [openApiDocument, docs, root]
