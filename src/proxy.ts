import { NextResponse, type NextRequest } from 'next/server'

import { LOCALE_HINT_HEADER, LOCALE_QUERY_PARAM } from './i18n/config'
import { SEARCH_HEADER } from './lib/auth/signInPath'
import { PATHNAME_HEADER } from './lib/errors'

/**
 * Runs before every public page (Next 16's name for middleware). It passes the path, query and `?hl=` on
 * as request headers: server components cannot read the URL otherwise.
 */
export function proxy(request: NextRequest) {
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set(PATHNAME_HEADER, request.nextUrl.pathname)
  // The query too, so a signed-out visitor sent to sign in comes back to exactly this page.
  requestHeaders.set(SEARCH_HEADER, request.nextUrl.search)
  const hl = request.nextUrl.searchParams.get(LOCALE_QUERY_PARAM)
  if (hl) requestHeaders.set(LOCALE_HINT_HEADER, hl)
  else requestHeaders.delete(LOCALE_HINT_HEADER)

  return NextResponse.next({ request: { headers: requestHeaders } })
}

export const config = {
  matcher: [
    // Everything except the Payload admin and API, the /v2 API, the OAuth provider's API, Forge update checks, the build polls, Next internals and static files.
    '/((?!api(?:/|$)|admin(?:/|$)|v2(?:/|$)|v3/|_internal/|builds/|_next/|.*\\.(?:ico|png|jpe?g|gif|svg|webp|avif|css|js|mjs|map|txt|xml|webmanifest|woff2?|ttf)$).*)',
  ],
}
