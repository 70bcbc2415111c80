// `npm run seed`: migrates, then fills the database with demo data (idempotent).
import config from '@payload-config'
import { getPayload } from 'payload'

import { applyMigrations } from '../src/lib/db/applyMigrations'
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/run'

const onlyIfEmpty = process.argv.includes('--if-empty')
const payload = await getPayload({ config })
await applyMigrations(payload)
const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
if (onlyIfEmpty && totalDocs > 0) {
  payload.logger.info('Database already has data; not seeding.')
} else {
  await seedDemoData(payload)
  console.log(`\n  Demo admin sign-in: username "admin" (or admin@example.com), password "${DEMO_PASSWORD()}"\n`)
}
process.exit(0)
