/**
 * The embedded PostgreSQL's start path (scripts/embedded-db.mjs, what `npm start` runs without
 * DATABASE_URL): it refuses clearly when it cannot start, and it comes back after a crash with every
 * committed row. Each test runs its own cluster in a temp folder on a free port; waits are on
 * conditions, never on durations.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { ensureDatabase, freePort } from '../../scripts/embedded-db.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f()
})

/** A temp folder the `postgres` system user can enter (the server runs as it when we are root). */
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bf-embedded-'))
  chmodSync(dir, 0o711)
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** ensureDatabase as `npm start` calls it, with DATABASE_URL unset for the call. */
async function startEmbedded(dataDir: string, port: number) {
  const saved = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  try {
    const db = await ensureDatabase({ dataDir, port, log: () => {} })
    cleanups.push(() => db.stop())
    if (!('clusterDir' in db)) throw new Error('expected the embedded database')
    return db as typeof db & { pid: number }
  } finally {
    process.env.DATABASE_URL = saved
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Runs `npm start` (scripts/start.mjs) without DATABASE_URL; resolves with its exit code and output. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PAYLOAD_SECRET: 'embedded-db-test', ...env }
  delete childEnv.DATABASE_URL
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })))
}

describe('embedded database start path', () => {
  it('npm start with the port taken says why and what to do, and exits non-zero', async () => {
    const port = await freePort()
    const blocker = net.createServer()
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r))
    cleanups.push(() => new Promise<void>((r) => blocker.close(() => r())))
    const { code, output } = await npmStart({ EMBEDDED_DATABASE_PORT: String(port), EMBEDDED_DATABASE_DIR: tempDir() })
    expect(code).toBe(1)
    expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    expect(output).toMatch(/EMBEDDED_DATABASE_PORT=<port>.*DATABASE_URL/s)
  })

  it('npm start with a data folder the server cannot use says why and what to do, and exits non-zero', async () => {
    const base = tempDir()
    const locked = path.join(base, 'locked')
    mkdirSync(locked)
    const asRoot = process.getuid?.() === 0
    // Root can write anywhere, but the server runs as `postgres`, which cannot enter a 0700 root folder.
    chmodSync(locked, asRoot ? 0o700 : 0o500)
    cleanups.push(() => chmodSync(locked, 0o755)) // runs before the folder is removed (cleanups run last-first)
    const { code, output } = await npmStart({ EMBEDDED_DATABASE_PORT: String(await freePort()), EMBEDDED_DATABASE_DIR: path.join(locked, 'data') })
    expect(code).toBe(1)
    expect(output).toMatch(asRoot ? /system user "postgres".*cannot enter/ : /cannot write/)
    expect(output).toContain('DATABASE_URL')
  })

  it('after a SIGKILL of the postmaster mid-load, the next start recovers the stale postmaster.pid and every committed row is there', async () => {
    const dir = tempDir()
    const port = await freePort()
    const first = await startEmbedded(dir, port)
    const pool = new pg.Pool({ connectionString: first.url, max: 6 })
    pool.on('error', () => {}) // the kill below ends every session
    cleanups.push(() => pool.end())
    await pool.query('CREATE TABLE rows_written (id int PRIMARY KEY, note text NOT NULL)')

    const committed = new Set<number>()
    let next = 0
    const writer = async () => {
      for (;;) {
        const client = await pool.connect().catch(() => null)
        if (!client) return
        client.on('error', () => {}) // the kill ends the session; the failed query below reports it
        try {
          const a = next++
          const b = next++
          await client.query('BEGIN')
          await client.query('INSERT INTO rows_written VALUES ($1, $2), ($3, $4)', [a, `row ${a}`, b, `row ${b}`])
          await client.query('COMMIT')
          committed.add(a).add(b) // acknowledged by COMMIT: must survive
        } catch {
          client.release(true)
          return
        }
        client.release()
      }
    }
    const writers = Array.from({ length: 6 }, writer)
    await until('some rows committed', () => committed.size >= 300)
    process.kill(first.pid, 'SIGKILL')
    await Promise.all(writers)
    expect(existsSync(path.join(first.clusterDir, 'postmaster.pid'))).toBe(true) // left behind, stale

    const second = await startEmbedded(dir, port)
    const c = new pg.Client({ connectionString: second.url })
    await c.connect()
    const { rows } = await c.query<{ id: number }>('SELECT id FROM rows_written')
    await c.end()
    const present = new Set(rows.map((r) => r.id))
    expect([...committed].filter((id) => !present.has(id))).toEqual([])
    expect(committed.size).toBeGreaterThanOrEqual(300)
  })

  it('a postmaster orphaned by a killed launcher is shut down cleanly by the next start, keeping its data', async () => {
    const dir = tempDir()
    const port = await freePort()
    const script = `const m = await import(${JSON.stringify(path.join(root, 'scripts/embedded-db.mjs'))});
      const db = await m.startEmbeddedDatabase({ dataDir: ${JSON.stringify(dir)}, port: ${port}, log: () => {} });
      console.log('ready ' + db.url); setInterval(() => {}, 60_000)`
    const launcher = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    launcher.stdout.on('data', (d) => (out += d))
    await until('the launcher started its database', () => out.includes('ready ') || launcher.exitCode !== null)
    const url = out.match(/ready (\S+)/)![1]
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query("CREATE TABLE kept AS SELECT 'before the crash' AS note")
    await c.end()
    launcher.kill('SIGKILL') // its postgres keeps running, owned by nobody

    const again = await startEmbedded(dir, port)
    const c2 = new pg.Client({ connectionString: again.url })
    await c2.connect()
    expect((await c2.query('SELECT note FROM kept')).rows).toEqual([{ note: 'before the crash' }])
    await c2.end()
  })
})
