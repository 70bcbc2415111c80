import config from '@payload-config'

import { apiV3OrganizationsHandler } from '@/plugins/api-v2'

const handle = apiV3OrganizationsHandler(config)

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const POST = GET
export const PATCH = GET
export const DELETE = GET
export const OPTIONS = GET
