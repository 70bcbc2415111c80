import config from '@payload-config'

import { apiHandler } from '@/plugins/api-v2'

const handle = apiHandler(config, 'oauth')

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const POST = GET
export const PATCH = GET
export const DELETE = GET
export const OPTIONS = GET
