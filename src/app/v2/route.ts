import config from '@payload-config'

import { apiHandler } from '@/plugins/api-v2'

// `/v2` itself (the documentation page); `[...path]` serves everything below it.
const handle = apiHandler(config, 'v2')

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const HEAD = GET
export const OPTIONS = GET
