// Applies pending migrations to the configured database.
import config from '@payload-config'
import { getPayload } from 'payload'

import { migrations } from '../src/migrations'

const payload = await getPayload({ config })
await payload.db.migrate({ migrations })
payload.logger.info('Migrations applied.')
process.exit(0) // payload.destroy() leaves the pg pool open
