export type FreshDatabase = { url: string; embedded: boolean; stop: () => Promise<void> }
export { createFreshDatabaseFromEnv as createFreshDatabase } from '../../scripts/fresh-db.mjs'
