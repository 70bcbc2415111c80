// `npm run search:reindex`: rebuilds the search index from scratch (and recomputes trending).
import config from '@payload-config'
import { createLocalReq, getPayload } from 'payload'

import { applyMigrations } from '../src/lib/db/applyMigrations'
import { rebuildSearchIndex } from '../src/plugins/search/rebuild'

const payload = await getPayload({ config })
await applyMigrations(payload)
const count = await rebuildSearchIndex(await createLocalReq({}, payload))
payload.logger.info(`Search index rebuilt: ${count} searchable projects.`)
process.exit(0)
