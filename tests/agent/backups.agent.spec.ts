import { randomBytes } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { Parser, type ReadEntry } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BackupMessage, BackupView, ConsoleServerMessage } from '../../src/lib/hosting/protocol'
import { type ArchiveSink, openFileSink } from '../../src/agent/servers/backupArchive'
import { type FileTestAgent, sha256, startFileAgent } from './fileApi'
import { ConsoleClient, consoleToken, removeDir, startTestAgent, waitFor } from './harness'

type Backup = BackupView

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What a folder holds: each path's kind and, for a file, its digest (links as their target). */
function snapshot(root: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of readdirSync(path.join(root, rel)).sort()) {
    const p = rel ? `${rel}/${name}` : name
    const st = lstatSync(path.join(root, p))
    if (st.isSymbolicLink()) out[p] = `link:${readlinkSync(path.join(root, p))}`
    else if (st.isDirectory()) Object.assign(out, { [p]: 'dir' }, snapshot(root, p))
    else out[p] = `file:${sha256(readFileSync(path.join(root, p)))}`
  }
  return out
}

/** A `.tar.gz`'s entries with their bytes. */
async function tarContents(gz: Buffer): Promise<Record<string, { type: string; linkpath?: string; data: Buffer }>> {
  const out: Record<string, { type: string; linkpath?: string; data: Buffer }> = {}
  const parser = new Parser()
  parser.on('entry', (e: ReadEntry) => {
    const chunks: Buffer[] = []
    e.on('data', (c: Buffer) => chunks.push(c))
    e.on('end', () => (out[e.path] = { type: e.type, ...(e.linkpath ? { linkpath: e.linkpath } : {}), data: Buffer.concat(chunks) }))
  })
  await new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve())
    parser.on('error', reject)
    parser.end(gz)
  })
  return out
}

/** A disk that writes each chunk `delayMs` late. */
const slowDisk =
  (delayMs: number) =>
  async (file: string): Promise<ArchiveSink> => {
    const sink = await openFileSink(file)
    return {
      write: async (chunk) => {
        await sleep(delayMs)
        await sink.write(chunk)
      },
      close: (keep) => sink.close(keep),
    }
  }

/** A disk that fills after `bytes`. */
const fullDisk =
  (bytes: number) =>
  async (file: string): Promise<ArchiveSink> => {
    const sink = await openFileSink(file)
    let written = 0
    return {
      write: async (chunk) => {
        written += chunk.length
        if (written > bytes) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
        await sink.write(chunk)
      },
      close: (keep) => sink.close(keep),
    }
  }

const isBackup = (m: ConsoleServerMessage): m is BackupMessage => m.event === 'backup'

describe("the agent's backups", () => {
  let agent: FileTestAgent
  let dir: string
  let backupsDir: string
  const S = '/servers/bk'
  const list = async (server = 'bk') => (await agent.call<{ backups: Backup[] }>('GET', `/servers/${server}/backups`)).body.backups
  const until = (what: string, uuid: string, done: (b: Backup) => boolean, server = 'bk') =>
    waitFor(what, async () => (await list(server)).find((b) => b.uuid === uuid && done(b)), 20_000, 50)

  beforeAll(async () => {
    agent = await startFileAgent({ bk: { storage_mb: 100 }, slow: { storage_mb: 100 } })
    dir = agent.folder('bk')
    backupsDir = path.join(agent.dataDir, 'backups', 'bk')
    mkdirSync(path.join(dir, 'world/region'), { recursive: true })
    mkdirSync(path.join(dir, 'world/empty'))
    mkdirSync(path.join(dir, 'logs'))
    writeFileSync(path.join(dir, 'world/level.dat'), randomBytes(50_000))
    writeFileSync(path.join(dir, 'world/region/r.0.0.mca'), randomBytes(1024 * 1024))
    writeFileSync(path.join(dir, 'notes.txt'), 'hello')
    writeFileSync(path.join(dir, 'logs/latest.log'), 'a log line\n')
    writeFileSync(path.join(agent.outside, 'secret.txt'), 'outside secret')
    // What a game could plant: a link out of its folder.
    symlinkSync(agent.outside, path.join(dir, 'world/out-link'))
  })
  afterAll(() => agent.stop())

  it('makes a backup in the background (progress on the console), lists it and downloads the same bytes', async () => {
    const console_ = await ConsoleClient.open(agent.url, 'bk')
    console_.send({ event: 'auth', token: consoleToken('bk') })
    await console_.waitFor('auth-ok', (m) => m.event === 'auth-ok')
    // Slow enough for progress to show between start and end.
    agent.manager.backups.openSink = slowDisk(15)
    try {
      const made = await agent.call<{ backup: Backup }>('POST', `${S}/backups`, { uuid: 'b1', name: 'First one', ignore: ['logs/', '*.tmp'] })
      expect(made.status).toBe(202)
      expect(made.body.backup).toMatchObject({ uuid: 'b1', name: 'First one', state: 'creating', progress: 0, size: null, sha256: null, reason: null })
      expect(await agent.call('POST', `${S}/backups`, { uuid: 'b1' })).toMatchObject({ status: 409, body: { error: 'conflict' } })
      const ready = await until('b1 ready', 'b1', (b) => b.state !== 'creating')
      expect(ready).toMatchObject({ state: 'ready', progress: 100, reason: null, finished_at: expect.stringMatching(/^\d{4}-/) })

      await console_.waitFor('the ready message', (m) => isBackup(m) && m.state === 'ready')
      const messages = console_.messages.filter(isBackup)
      expect(messages[0]).toEqual({ event: 'backup', uuid: 'b1', state: 'creating', progress: 0 })
      expect(messages.at(-1)).toEqual({ event: 'backup', uuid: 'b1', state: 'ready', progress: 100 })
      const between = messages.slice(1, -1).map((m) => m.progress)
      expect(between.length).toBeGreaterThan(0)
      expect(between.every((p, i) => p > 0 && p < 100 && (i === 0 || p >= between[i - 1]))).toBe(true)
    } finally {
      console_.close()
      agent.manager.backups.openSink = openFileSink
    }

    const [listed] = await list()
    const down = await agent.bytes('GET', `${S}/backups/b1/download`)
    expect(down.status).toBe(200)
    expect(down.headers.get('content-type')).toBe('application/gzip')
    expect(down.headers.get('content-length')).toBe(String(listed.size))
    expect(down.headers.get('content-disposition')).toBe('attachment; filename="bk-First one.tar.gz"')
    expect(down.headers.get('x-checksum-sha256')).toBe(listed.sha256)
    expect(down.data.length).toBe(listed.size)
    expect(sha256(down.data)).toBe(listed.sha256)
    // Kept outside the server's folder.
    expect(sha256(readFileSync(path.join(backupsDir, 'b1.tar.gz')))).toBe(listed.sha256)
    expect(readdirSync(dir)).not.toContain('b1.tar.gz')

    const entries = await tarContents(down.data)
    expect(Object.keys(entries).sort()).toEqual(['notes.txt', 'server.properties', 'world/', 'world/empty/', 'world/level.dat', 'world/out-link', 'world/region/', 'world/region/r.0.0.mca'])
    expect(entries['world/out-link']).toMatchObject({ type: 'SymbolicLink', linkpath: agent.outside })
    expect(sha256(entries['world/region/r.0.0.mca'].data)).toBe(sha256(readFileSync(path.join(dir, 'world/region/r.0.0.mca'))))
    expect(entries['notes.txt'].data.toString()).toBe('hello')
    expect(JSON.stringify(Object.keys(entries))).not.toContain('secret')
  })

  it('restores: the folder is exactly as it was (but for the planted link, which is not brought back)', async () => {
    expect((await agent.call('POST', `${S}/backups`, { uuid: 'b2' })).status).toBe(202)
    await until('b2 ready', 'b2', (b) => b.state === 'ready')
    const before = snapshot(dir)

    writeFileSync(path.join(dir, 'notes.txt'), 'changed')
    rmSync(path.join(dir, 'world/region'), { recursive: true })
    rmSync(path.join(dir, 'world/empty'), { recursive: true })
    writeFileSync(path.join(dir, 'world/new.dat'), 'new')
    mkdirSync(path.join(dir, 'plugins'))

    const started = await agent.call<{ backup: Backup }>('POST', `${S}/backups/b2/restore`)
    expect(started).toMatchObject({ status: 202, body: { backup: { uuid: 'b2', state: 'restoring' } } })
    expect(await agent.call('POST', `${S}/backups/b1/restore`)).toMatchObject({ status: 409 })
    const done = await until('b2 restored', 'b2', (b) => b.state === 'ready')
    expect(done.restore_error).toBeNull()

    const { 'world/out-link': link, ...rest } = before
    expect(link).toBe(`link:${agent.outside}`)
    expect(snapshot(dir)).toEqual(rest)
    expect(readFileSync(path.join(agent.outside, 'secret.txt'), 'utf8')).toBe('outside secret')
    // Nothing left beside the folder.
    expect(readdirSync(path.join(agent.dataDir, 'servers')).sort()).toEqual(['bk', 'slow'])

    expect(await agent.call('POST', `${S}/backups/nope/restore`)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await agent.call('POST', '/servers/ghost/backups/b2/restore')).toMatchObject({ status: 404 })
  })

  it('lists newest first, refuses bad input, deletes from the list and the disk', async () => {
    expect((await list()).map((b) => b.uuid)).toEqual(['b2', 'b1'])
    expect(await agent.call('POST', `${S}/backups`, { uuid: 'has space' })).toMatchObject({ status: 400, body: { error: 'bad_request' } })
    expect(await agent.call('POST', `${S}/backups`, { uuid: 'x'.repeat(65) })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/backups`, { uuid: 'ok', ignore: 'logs' })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', '/servers/ghost/backups', { uuid: 'b9' })).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await agent.call('GET', '/servers/ghost/backups')).toMatchObject({ status: 404 })
    expect(await agent.call('GET', `${S}/backups/b%2e%2e/download`)).toMatchObject({ status: 400, body: { error: 'invalid_id' } })

    expect(await agent.call('DELETE', `${S}/backups/b1`)).toEqual({ status: 200, body: { deleted: true } })
    expect((await list()).map((b) => b.uuid)).toEqual(['b2'])
    expect(existsSync(path.join(backupsDir, 'b1.tar.gz'))).toBe(false)
    expect(await agent.call('DELETE', `${S}/backups/b1`)).toMatchObject({ status: 404 })
    expect(await agent.call('GET', `${S}/backups/b1/download`)).toMatchObject({ status: 404 })
  })

  it('cancels a slow backup (failed "Cancelled", no partial file); meanwhile another is 409', async () => {
    const slow = agent.folder('slow')
    const slowBackups = path.join(agent.dataDir, 'backups', 'slow')
    writeFileSync(path.join(slow, 'big.bin'), randomBytes(2 * 1024 * 1024))
    agent.manager.backups.openSink = slowDisk(40)
    try {
      expect((await agent.call('POST', '/servers/slow/backups', { uuid: 's1' })).status).toBe(202)
      await waitFor('the partial archive', () => existsSync(path.join(slowBackups, 's1.tar.gz.part')))
      expect(await agent.call('POST', '/servers/slow/backups', { uuid: 's2' })).toMatchObject({ status: 409, body: { error: 'conflict' } })
      expect(await agent.call('DELETE', '/servers/slow/backups/s1')).toMatchObject({ status: 409 })
      expect(await agent.call('GET', '/servers/slow/backups/s1/download')).toMatchObject({ status: 409 })
      expect(await agent.call('POST', '/servers/slow/backups/s1/restore')).toMatchObject({ status: 409 })

      expect(await agent.call('POST', '/servers/slow/backups/s1/cancel')).toEqual({ status: 200, body: { cancelled: true } })
      expect(await list('slow')).toMatchObject([{ uuid: 's1', state: 'failed', reason: 'Cancelled', size: null, sha256: null }])
      expect(readdirSync(slowBackups)).toEqual(['backups.json'])
      expect(await agent.call('POST', '/servers/slow/backups/s1/cancel')).toMatchObject({ status: 409 })
      expect(await agent.call('POST', '/servers/slow/backups/s1/restore')).toMatchObject({ status: 409 })
    } finally {
      agent.manager.backups.openSink = openFileSink
    }
  })

  it('a full disk fails the backup ("No space left for the backup") and leaves no partial file; too little room is 507', async () => {
    const slowBackups = path.join(agent.dataDir, 'backups', 'slow')
    agent.manager.backups.openSink = fullDisk(200_000)
    try {
      expect((await agent.call('POST', '/servers/slow/backups', { uuid: 'full' })).status).toBe(202)
      expect(await until('full failed', 'full', (b) => b.state === 'failed', 'slow')).toMatchObject({ reason: 'No space left for the backup', size: null })
      expect(readdirSync(slowBackups).sort()).toEqual(['backups.json'])
    } finally {
      agent.manager.backups.openSink = openFileSink
    }
    const measured = agent.manager.backups.freeBytes
    agent.manager.backups.freeBytes = async () => 1024
    try {
      expect(await agent.call('POST', '/servers/slow/backups', { uuid: 'room' })).toMatchObject({
        status: 507,
        body: { error: 'no_space', description: 'No space left for the backup.' },
      })
      expect((await list('slow')).map((b) => b.uuid)).toEqual(['full', 's1'])
    } finally {
      agent.manager.backups.freeBytes = measured
    }
    // Room again: the next backup goes through.
    expect((await agent.call('POST', '/servers/slow/backups', { uuid: 'room' })).status).toBe(202)
    await until('room ready', 'room', (b) => b.state === 'ready', 'slow')
  })

  it("the file API's compress shares the walk; a decompress cut short ends (the entry being written stops)", async () => {
    const made = await agent.call<{ path: string }>('POST', `${S}/files/compress`, { paths: ['world', 'notes.txt'] })
    expect(made.status).toBe(201)
    const archive = readFileSync(path.join(dir, made.body.path))
    const entries = await tarContents(archive)
    expect(Object.keys(entries).sort()).toEqual(['notes.txt', 'world/', 'world/empty/', 'world/level.dat', 'world/region/', 'world/region/r.0.0.mca'])
    expect(sha256(entries['world/level.dat'].data)).toBe(sha256(readFileSync(path.join(dir, 'world/level.dat'))))

    mkdirSync(path.join(dir, 'cut'))
    writeFileSync(path.join(dir, 'cut/cut.tar.gz'), archive.subarray(0, Math.floor(archive.length * 0.6)))
    expect(await agent.call('POST', `${S}/files/decompress`, { path: 'cut/cut.tar.gz' })).toMatchObject({ status: 400, body: { error: 'bad_archive' } })
    // No temporary file of the entry that was being written is left behind.
    expect(readdirSync(path.join(dir, 'cut/world/region'))).toEqual([])
    rmSync(path.join(dir, 'cut'), { recursive: true })
    rmSync(path.join(dir, made.body.path))
  })

  it('imports a backup made on another node: in chunks, resumed at its offset, checked, then restorable', async () => {
    expect((await agent.call('POST', `${S}/backups`, { uuid: 'exp1', name: 'To move' })).status).toBe(202)
    const made = await until('exp1 ready', 'exp1', (b) => b.state === 'ready')
    const archive = (await agent.bytes('GET', `${S}/backups/exp1/download`)).data
    const into = '/servers/slow/backups/moved1/import'
    const query = (offset: number, digest = made.sha256!) => `?size=${archive.length}&offset=${offset}&sha256=${digest}&name=To%20move&created_at=${encodeURIComponent(made.created_at)}`
    const half = Math.floor(archive.length / 2)

    // A wrong checksum: refused once whole, nothing kept.
    expect((await agent.bytes('PUT', `${into}${query(0, 'a'.repeat(64))}`, archive)).status).toBe(400)
    expect(readdirSync(path.join(agent.dataDir, 'backups', 'slow')).filter((f) => f.startsWith('moved1'))).toEqual([])

    expect(JSON.parse((await agent.bytes('PUT', `${into}${query(0)}`, archive.subarray(0, half))).data.toString())).toEqual({ offset: half, complete: false })
    // A chunk sent again (a lost answer): told where to go on from.
    const again = await agent.bytes('PUT', `${into}${query(0)}`, archive.subarray(0, half))
    expect(again.status).toBe(409)
    expect(JSON.parse(again.data.toString())).toMatchObject({ error: 'offset_mismatch', offset: half })
    expect(JSON.parse((await agent.bytes('PUT', `${into}${query(half)}`, archive.subarray(half))).data.toString())).toEqual({ offset: archive.length, complete: true })
    expect((await list('slow')).find((b) => b.uuid === 'moved1')).toMatchObject({ name: 'To move', state: 'ready', size: archive.length, sha256: made.sha256, created_at: made.created_at })
    // The last chunk sent again answers complete.
    expect((await agent.bytes('PUT', `${into}${query(half)}`, archive.subarray(half))).status).toBe(200)

    expect((await agent.call('POST', '/servers/slow/backups/moved1/restore')).status).toBe(202)
    await until('moved1 restored', 'moved1', (b) => b.state === 'ready', 'slow')
    expect(snapshot(agent.folder('slow'))['world/level.dat']).toBe(snapshot(dir)['world/level.dat'])
    expect(readFileSync(path.join(agent.folder('slow'), 'notes.txt'), 'utf8')).toBe('hello')
  })

  it('removing a server removes its backups', async () => {
    expect((await agent.call('DELETE', '/servers/slow')).status).toBe(200)
    expect(existsSync(path.join(agent.dataDir, 'backups', 'slow'))).toBe(false)
  })
})

describe("backups across the agent's restart", () => {
  it('a backup still creating reads failed; one restoring is ready again; a swap cut short is undone', async () => {
    const first = await startTestAgent({ runtime: 'process' })
    const { dataDir } = first
    try {
      const plan = { ram_mb: 256, swap_mb: 0, cpu_cores: 1, storage_mb: 10, max_players: 5 }
      expect((await first.call('PUT', '/servers/r', { plan })).status).toBe(200)
      writeFileSync(path.join(dataDir, 'servers/r/world.dat'), 'the world')
      expect((await first.call('POST', '/servers/r/backups', { uuid: 'done' })).status).toBe(202)
      await waitFor('done ready', async () => (await first.call<{ backups: Backup[] }>('GET', '/servers/r/backups')).body.backups[0]?.state === 'ready')
      await first.close({ stopGames: true })

      // What a crash midway leaves: records saying creating and restoring, a partial archive, and a
      // restore whose swap had moved the folder aside but not yet put the new one in its place.
      const records = path.join(dataDir, 'backups/r/backups.json')
      const { backups } = JSON.parse(readFileSync(records, 'utf8')) as { backups: Record<string, unknown>[] }
      const creating = { ...backups[0], uuid: 'midway', state: 'creating', progress: 40, size: null, sha256: null, finished_at: null, created_at: new Date().toISOString() }
      writeFileSync(records, JSON.stringify({ backups: [{ ...backups[0], state: 'restoring' }, creating] }))
      writeFileSync(path.join(dataDir, 'backups/r/midway.tar.gz.part'), 'half')
      renameSync(path.join(dataDir, 'servers/r'), path.join(dataDir, 'servers/.replaced-r'))
      mkdirSync(path.join(dataDir, 'servers/.restore-r'))

      const second = await startTestAgent({ runtime: 'process', dataDir })
      try {
        const listed = (await second.call<{ backups: Backup[] }>('GET', '/servers/r/backups')).body.backups
        expect(listed).toMatchObject([
          { uuid: 'midway', state: 'failed', reason: 'The node restarted during the backup', progress: 40, finished_at: expect.stringMatching(/^\d{4}-/) },
          { uuid: 'done', state: 'ready', restore_error: 'The node restarted during the restore' },
        ])
        expect(readdirSync(path.join(dataDir, 'backups/r')).sort()).toEqual(['backups.json', 'done.tar.gz'])
        expect(readFileSync(path.join(dataDir, 'servers/r/world.dat'), 'utf8')).toBe('the world')
        expect(readdirSync(path.join(dataDir, 'servers'))).toEqual(['r'])
        // Saved as settled: the next start reads the same.
        expect(JSON.parse(readFileSync(records, 'utf8')).backups.map((b: Backup) => b.state)).toEqual(['ready', 'failed'])
      } finally {
        await second.close({ stopGames: true })
      }
    } finally {
      removeDir(dataDir)
    }
  })
})

describe('a backup restored while the game runs', () => {
  it('stops the game, restores, and starts it again', async () => {
    const agent = await startFileAgent({})
    const plan = { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 100, max_players: 5 }
    let socket: ConsoleClient | null = null
    try {
      expect((await agent.call('PUT', '/servers/game', { plan })).status).toBe(200)
      socket = await ConsoleClient.open(agent.url, 'game')
      socket.send({ event: 'auth', token: consoleToken('game') })
      await socket.waitFor('auth-ok', (m) => m.event === 'auth-ok')
      const dir = agent.folder('game')
      writeFileSync(path.join(dir, 'marker.txt'), 'before')
      await agent.call('POST', '/servers/game/power', { action: 'start' })
      await socket.waitFor('running', (m) => m.event === 'power-state' && m.state === 'running', 60_000)

      // Made while the game runs.
      expect((await agent.call('POST', '/servers/game/backups', { uuid: 'g1' })).status).toBe(202)
      await waitFor('g1 ready', async () => (await agent.call<{ backups: Backup[] }>('GET', '/servers/game/backups')).body.backups[0]?.state === 'ready')
      // The game was asked to write its world first, and said it had.
      expect(socket.messages.some((m) => m.event === 'log' && m.line === '[blockforge] Saved the game')).toBe(true)
      writeFileSync(path.join(dir, 'marker.txt'), 'after')

      const from = socket.messages.length
      expect((await agent.call('POST', '/servers/game/backups/g1/restore')).status).toBe(202)
      expect(await agent.call('POST', '/servers/game/power', { action: 'start' })).toMatchObject({ status: 409 })
      await socket.waitFor('restored', (m) => isBackup(m) && m.state === 'restored', 60_000, from)
      await socket.waitFor('running again', (m) => m.event === 'power-state' && m.state === 'running', 60_000, from)
      const seen = socket.messages.slice(from).flatMap((m) => (m.event === 'power-state' ? [m.state] : isBackup(m) && m.state !== 'restoring' ? [m.state] : []))
      expect(seen).toEqual(['stopping', 'stopped', 'restored', 'starting', 'running'])
      expect(readFileSync(path.join(dir, 'marker.txt'), 'utf8')).toBe('before')
      expect((await agent.call<{ backups: Backup[] }>('GET', '/servers/game/backups')).body.backups[0]).toMatchObject({ state: 'ready', restore_error: null })
    } finally {
      socket?.close()
      await agent.stop()
    }
  })
})
