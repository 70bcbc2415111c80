import config from '@payload-config'

import { apiHandler } from '@/plugins/api-v2'

// /v3 organizations and collections (labrinth's v3 routes); /v3/oauth has its own route.
const handle = apiHandler(config, 'v3')

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const POST = GET
export const PATCH = GET
export const DELETE = GET
export const OPTIONS = GET
