import config from '@payload-config'

import { updatesHandler } from '@/plugins/api-v2'

// /updates/{id|slug}/forge_updates.json (labrinth's update checks for Forge mods).
const handle = updatesHandler(config)

export const dynamic = 'force-dynamic'

export const GET = (request: Request) => handle(request)
export const HEAD = GET
export const OPTIONS = GET
