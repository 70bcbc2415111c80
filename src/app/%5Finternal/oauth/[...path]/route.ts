import config from '@payload-config'

import { apiHandler } from '@/plugins/api-v2'

// `%5F` is how Next spells a route segment that starts with `_` (plain `_internal` is a private folder).
const handle = apiHandler(config, 'oauth')

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const POST = GET
export const PATCH = GET
export const DELETE = GET
export const OPTIONS = GET
