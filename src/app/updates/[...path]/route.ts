import config from '@payload-config'

import { apiHandler } from '@/plugins/api-v2'

// /updates/{id|slug}/forge_updates.json (labrinth's update checks for Forge mods).
const handle = apiHandler(config, 'updates')

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const HEAD = GET
export const OPTIONS = GET
