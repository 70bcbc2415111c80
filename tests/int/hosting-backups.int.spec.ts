/**
 * Server backups (issue 32 item 1, spec §2 "backups", §4) through the site's service and its
 * download route, against Postgres and a real node agent in this process running a real game: a
 * backup made after a bot's block, restored after the block is gone, brings the block back for the
 * bot; the rolling deletion spares a locked backup; a prepared download's archive has the recorded
 * checksum; a full disk fails a backup, which a retry makes; every act is in the server's log.
 */
import { createHash } from 'node:crypto'

import mineflayer, { type Bot } from 'mineflayer'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ArchiveSink, openFileSink } from '../../src/agent/servers/backupArchive'
import * as route from '../../src/app/(frontend)/servers/manage/[id]/backups/[backup]/download/route'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { command, power, ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { runBackupDuties } from '../../src/plugins/hosting/service/autoBackups'
import { downloadLink, prepareDownload } from '../../src/plugins/hosting/service/backupDownload'
import { cancelBackup, createBackup, deleteBackup, listBackups, lockBackup, renameBackup, restoreBackup, retryBackup, setAutoBackup } from '../../src/plugins/hosting/service/backups'
import type { BackupRow } from '../../src/plugins/hosting/service/backupSync'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { startTestAgent, type TestAgent, waitFor } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { testNode } from '../helpers/hosting'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let agent: TestAgent
let owner: Awaited<ReturnType<typeof makeUser>>
let stranger: Awaited<ReturnType<typeof makeUser>>
let node: Awaited<ReturnType<typeof testNode>>
const id = `bk${Date.now().toString(36)}`.slice(0, 16)
const plan = { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 256, max_players: 5 }
const bots: Bot[] = []

/** A disk whose writes wait until released: a backup stays `creating` meanwhile. */
function gatedDisk() {
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  return {
    release,
    open: async (file: string): Promise<ArchiveSink> => {
      const sink = await openFileSink(file)
      return { write: async (chunk) => gate.then(() => sink.write(chunk)), close: (keep) => sink.close(keep) }
    },
  }
}

const acts = async () => (await db(payload).rows<{ act: string }>(sql`SELECT act FROM server_acts WHERE server_id = ${id} ORDER BY created_at, id`)).map((a) => a.act)
const onNode = async () => (await agent.call<{ backups: { uuid: string; state: string }[] }>('GET', `/servers/${id}/backups`)).body.backups
const backup = async (backupId: string): Promise<BackupRow | undefined> => (await listBackups(payload, owner, id)).backups.find((b) => b.id === backupId)
const ready = (backupId: string) => waitFor(`backup ${backupId} ready`, async () => (await backup(backupId))?.state === 'ready', 60_000, 250)
const gameState = async () => (await agent.call<{ state: string; port: number }>('GET', `/servers/${id}`)).body

async function joinBot(port: number): Promise<Bot> {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username: 'Builder', auth: 'offline', version: '1.21.4', hideErrors: true })
  bots.push(bot)
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve())
    bot.once('kicked', (reason) => reject(new Error(`kicked: ${reason}`)))
    bot.once('error', reject)
  })
  return bot
}

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process' })
  node = await testNode(payload, agent.url, 'bk')
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  await node.addServer({ id, ownerId: owner.id })
  expect((await agent.call('PUT', `/servers/${id}`, { plan, properties: { gamemode: 'creative', 'spawn-protection': 0 } })).status).toBe(200)
}, 120_000)

afterAll(async () => {
  for (const bot of bots) bot.quit()
  await node?.disable()
  await agent?.close({ stopGames: true })
})

describe('a backup of a running world', () => {
  it('brings back the block a bot placed: backed up, broken, restored, and the bot sees it again', async () => {
    await power(payload, owner, id, 'start')
    const { port } = await waitFor('the game running', async () => ((await gameState()).state === 'running' ? gameState() : null), 60_000, 250)
    let bot = await joinBot(port)
    // flying-squid ops a player who is online.
    await command(payload, owner, id, 'op Builder')
    await waitFor('Builder opped', async () => (await agent.call<{ lines: string[] }>('GET', `/servers/${id}/logs?lines=20`)).body.lines.some((l) => l.includes('Opped Builder')))
    const spot = bot.entity.position.floored().offset(2, 0, 0)
    bot.chat(`/setblock ${spot.x} ${spot.y} ${spot.z} gold_block`)
    await waitFor('the bot to see its gold block', () => bot.blockAt(spot)?.name === 'gold_block', 20_000)

    const made = await createBackup(payload, owner, id, 'With the gold block')
    expect(made.state).toBe('queued')
    await ready(made.id)

    bot.chat(`/setblock ${spot.x} ${spot.y} ${spot.z} air`)
    await waitFor('the block gone', () => bot.blockAt(spot)?.name === 'air', 20_000)

    await restoreBackup(payload, owner, id, made.id)
    expect((await backup(made.id))?.restore_state).toBe('restoring')
    await waitFor('the restore done', async () => (await backup(made.id))?.restore_state === null, 90_000, 250)
    await waitFor('the game running again', async () => (await gameState()).state === 'running', 60_000, 250)
    bot.quit()
    bot = await joinBot(port)
    await waitFor('the chunk loaded', () => bot.blockAt(spot) !== null, 20_000)
    expect(bot.blockAt(spot)?.name).toBe('gold_block')
    bot.quit()

    const log = await acts()
    expect(log).toEqual(expect.arrayContaining(['backup created', 'backup restore', 'backup restored']))
    await power(payload, owner, id, 'stop')
    await waitFor('the game stopped', async () => (await gameState()).state === 'stopped', 30_000, 250)
  }, 240_000)
})

describe('slots and the rolling deletion', () => {
  it('a locked automated backup survives; the oldest unlocked automated one goes; a manual backup needs a free slot', async () => {
    for (const b of (await listBackups(payload, owner, id)).backups) await deleteBackup(payload, owner, id, b.id)
    await setAutoBackup(payload, owner, id, 3)
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000)
    const automated = async (at: Date) => {
      expect(await runBackupDuties(payload, at)).toBe(1)
      const newest = (await listBackups(payload, owner, id)).backups[0]
      await ready(newest.id)
      return newest
    }
    // Not due yet: it counts from when it was turned on.
    expect(await runBackupDuties(payload, hours(1))).toBe(0)
    const first = await automated(hours(3))
    await lockBackup(payload, owner, id, first.id, true)
    const second = await automated(hours(6))
    const manual = await createBackup(payload, owner, id, null)
    await ready(manual.id)
    expect((await listBackups(payload, owner, id)).remaining).toBe(0)
    await expect(createBackup(payload, owner, id, 'One more')).rejects.toThrow('No backup slots remaining: this plan keeps 3. Delete a backup to make room.')

    const third = await automated(hours(9))
    const names = (await listBackups(payload, owner, id)).backups.map((b) => b.id)
    expect(names).toEqual([third.id, manual.id, first.id])
    expect(await backup(second.id)).toBeUndefined()
    expect((await onNode()).map((b) => b.uuid).sort()).toEqual([third.id, manual.id, first.id].sort())
    expect(await acts()).toContain('backup rolled away')
    await setAutoBackup(payload, owner, id, null)
    expect(await runBackupDuties(payload, hours(48))).toBe(0)
  }, 120_000)
})

describe('downloads', () => {
  it('a prepared download gives the archive whose checksum was recorded; an expired or forged link does not', async () => {
    const row = (await listBackups(payload, owner, id)).backups[0]
    await prepareDownload(payload, owner, id, row.id)
    const prepared = (await backup(row.id))!
    expect(prepared.download_state).toBe('ready')
    const link = (await downloadLink(payload, { id, name: id }, prepared))!
    expect(new Date(link.expires).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)

    const res = await route.GET(new Request(`http://localhost:3000${link.url}`), { params: Promise.resolve({ id, backup: row.id }) })
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(prepared.sha256)
    expect(res.headers.get('x-checksum-sha256')).toBe(prepared.sha256)
    expect(res.headers.get('content-disposition')).toContain('.tar.gz')

    const url = new URL(link.url, 'http://localhost:3000')
    url.searchParams.set('expires', String(Date.now() - 1000))
    const forged = await route.GET(new Request(url), { params: Promise.resolve({ id, backup: row.id }) })
    expect(forged.status).toBe(404)
    // Still valid an hour ahead of now, but no longer once that hour has passed.
    expect(await downloadLink(payload, { id, name: id }, prepared, Date.now() + 61 * 60_000)).toBeNull()
  })
})

describe('a failed backup', () => {
  it('a full disk fails it with the reason; once there is room, a retry makes it', async () => {
    for (const b of (await listBackups(payload, owner, id)).backups) await deleteBackup(payload, owner, id, b.id)
    const measured = agent.manager.backups.freeBytes
    agent.manager.backups.freeBytes = async () => 1024
    try {
      await expect(createBackup(payload, owner, id, 'Too big')).rejects.toThrow('No space left for the backup.')
    } finally {
      agent.manager.backups.freeBytes = measured
    }
    const failed = (await listBackups(payload, owner, id)).backups[0]
    expect(failed).toMatchObject({ name: 'Too big', state: 'failed', reason: 'No space left for the backup.' })
    await retryBackup(payload, owner, id, failed.id)
    await ready(failed.id)
    expect((await backup(failed.id))?.sha256).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('the owner’s other acts', () => {
  it('rename, lock, queue behind another, cancel and delete, each an act; a stranger finds no server', async () => {
    const row = (await listBackups(payload, owner, id)).backups[0]
    expect(await renameBackup(payload, owner, id, row.id, '  Before the update ')).toBe('Before the update')
    await lockBackup(payload, owner, id, row.id, true)
    expect(await backup(row.id)).toMatchObject({ name: 'Before the update', locked: true })

    const gate = gatedDisk()
    agent.manager.backups.openSink = gate.open
    try {
      const held = await createBackup(payload, owner, id, 'Held on the disk')
      await waitFor('the node making it', async () => (await backup(held.id))?.state === 'creating')
      // One backup at a time per server: the next one waits its turn, queued, and is taken after.
      const next = await createBackup(payload, owner, id, 'Waits its turn')
      expect((await backup(next.id))?.state).toBe('queued')
      const cancelling = cancelBackup(payload, owner, id, held.id)
      gate.release()
      await cancelling
      expect(await backup(held.id)).toBeUndefined()
      expect((await onNode()).some((b) => b.uuid === held.id)).toBe(false)
      await ready(next.id)
      await deleteBackup(payload, owner, id, next.id)
    } finally {
      agent.manager.backups.openSink = openFileSink
    }

    await deleteBackup(payload, owner, id, row.id)
    expect((await listBackups(payload, owner, id)).backups).toEqual([])
    expect(await acts()).toEqual(expect.arrayContaining(['backup renamed', 'backup locked', 'backup cancelled', 'backup deleted']))

    await expect(listBackups(payload, stranger, id)).rejects.toBeInstanceOf(ServerNotFound)
    await expect(createBackup(payload, stranger, id, 'mine')).rejects.toBeInstanceOf(ServerNotFound)
  })
})
