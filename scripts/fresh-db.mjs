// A fresh, empty database for one test run (shared by the e2e runner, the integration tests and the
// benches): a new database on the server in DATABASE_URL, dropped afterwards; or, when it is unset,
// a throwaway embedded PostgreSQL in the run's temp folder on a free port.
import { chmodSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

import { EmbeddedDatabaseError, freePort, startEmbeddedDatabase } from './embedded-db.mjs'

/** A throwaway embedded server; retries on another port if one was taken between probe and bind. */
export async function startThrowawayDatabase(tmpDir, { durable = false } = {}) {
  // As root the server runs as the `postgres` user, which must be able to enter the (0700) temp folder.
  chmodSync(tmpDir, 0o711)
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedDatabase({ dataDir: path.join(tmpDir, 'db'), port: await freePort(), durable, log: () => {} })
    } catch (e) {
      if (!(e instanceof EmbeddedDatabaseError && /already in use/.test(e.message)) || attempt === 3) throw e
    }
  }
}

export async function createFreshDatabaseFromEnv(label, tmpDir) {
  const base = process.env.DATABASE_URL
  if (!base) {
    const db = await startThrowawayDatabase(tmpDir)
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
