import path from 'node:path'
import pg from 'pg'

import { startEmbeddedDatabase } from '../../scripts/embedded-db.mjs'

export type FreshDatabase = { url: string; embedded: boolean; stop: () => Promise<void> }

/**
 * A new, empty database for one test run. With DATABASE_URL (the machine's Postgres), a database named
 * after the run is created on that server and dropped afterwards; without it, an embedded PGlite.
 */
export async function createFreshDatabase(label: string, tmpDir: string): Promise<FreshDatabase> {
  const base = process.env.DATABASE_URL
  if (!base) {
    const port = 55000 + Math.floor(Math.random() * 5000)
    const db = await startEmbeddedDatabase({ dataDir: path.join(tmpDir, 'pglite'), port })
    return { url: db.url, embedded: true, stop: db.stop }
  }
  const name = `bf_${label}_${Date.now()}_${process.pid}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    embedded: false,
    async stop() {
      if (process.env.KEEP_TEST_DATABASE) return
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}
