import type { Payload } from 'payload'

import { migrations } from '../../migrations'

type MigrateArgs = Parameters<NonNullable<Payload['db']['migrate']>>[0]

/** Applies the committed migrations that have not run yet (a no-op when the schema is current). */
export async function applyMigrations(payload: Payload): Promise<void> {
  // The generated migrations are typed with the adapter's own argument types; the base adapter's
  // signature takes `unknown`, so the list is widened here, once.
  await payload.db.migrate({ migrations } as unknown as MigrateArgs)
}
