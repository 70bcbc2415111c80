import config from '@payload-config'
import { getPayload } from 'payload'

import { loadTagIconCss } from '@/lib/data/tagIcons'
import { etagOf, matchesIfNoneMatch } from '@/lib/http/etag'
import { isProjectType } from '@/lib/projectTypes'

// Read from the database per request (the build has none); browsers keep it and revalidate.
export const dynamic = 'force-dynamic'

/** GET /tag-icons.css?type=mod: the tag icons of that project type's search page, as CSS. */
export async function GET(request: Request) {
  const type = new URL(request.url).searchParams.get('type') ?? ''
  if (!isProjectType(type)) return new Response('Unknown project type', { status: 404 })
  const css = await loadTagIconCss(await getPayload({ config }), type)
  const etag = etagOf(css)
  // An icon an admin changes shows within five minutes; until a day old a stale copy is used while a fresh one loads.
  const headers = { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=300, stale-while-revalidate=86400', ETag: etag }
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(css, { headers })
}
