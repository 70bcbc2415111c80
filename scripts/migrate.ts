// Applies pending migrations to the configured database.
import config from '@payload-config'
import { getPayload } from 'payload'

import { applyMigrations } from '../src/lib/db/applyMigrations'

const payload = await getPayload({ config })
await applyMigrations(payload)
payload.logger.info('Migrations applied.')
process.exit(0) // payload.destroy() leaves the pg pool open
