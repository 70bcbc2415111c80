// The embedded Postgres: PGlite with its data under data/, served over the Postgres wire protocol
// on a local port so that @payloadcms/db-postgres talks to it like any server.
import { mkdirSync } from 'node:fs'
import path from 'node:path'

export const EMBEDDED_PORT = Number(process.env.EMBEDDED_DATABASE_PORT ?? 54329)

export async function startEmbeddedDatabase({ dataDir = path.resolve('data', 'pglite'), port = EMBEDDED_PORT } = {}) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
  mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } })
  // At least 2: the adapter pins one client for good and needs a second for queries.
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 4 })
  await server.start()
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    async stop() {
      await server.stop()
      await db.close()
    },
  }
}

/** DATABASE_URL when given; otherwise starts the embedded database and points the environment at it. */
export async function ensureDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
  const db = await startEmbeddedDatabase()
  process.env.DATABASE_URL = db.url
  process.env.EMBEDDED_DATABASE = 'true'
  console.log(`Embedded Postgres (PGlite) serving data/pglite on 127.0.0.1:${EMBEDDED_PORT}`)
  return { ...db, embedded: true }
}
