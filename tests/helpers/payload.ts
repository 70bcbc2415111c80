import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { applyMigrations } from '../../src/lib/db/applyMigrations'

let instance: Promise<Payload> | null = null

/** Payload on the run's fresh database, migrated. One instance per test file (module graph). */
export function bootPayload(): Promise<Payload> {
  instance ??= (async () => {
    const payload = await getPayload({ config })
    await applyMigrations(payload)
    return payload
  })()
  return instance
}
