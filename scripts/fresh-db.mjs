// A fresh, empty database for one test run (shared by the e2e runner and the integration tests):
// a new database on the server in DATABASE_URL, dropped afterwards; or an embedded PGlite.
import path from 'node:path'
import pg from 'pg'

import { startEmbeddedDatabase } from './embedded-db.mjs'

export async function createFreshDatabaseFromEnv(label, tmpDir) {
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
