/**
 * A server's files (issue 32 item 2, spec §2 "files") through the site's service and its upload and
 * download routes, against Postgres and a real node agent in this process: the owner (and staff)
 * list, write, move, compress, extract and delete; a chunked upload resumes from the offset the node
 * has and its bytes download unchanged; every change is an act; a stranger finds no server; paths
 * that leave the folder are refused by the node; the routes take only a browser session from our own
 * pages.
 */
import { createHash, randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as download from '../../src/app/(frontend)/servers/manage/[id]/files/download/route'
import * as upload from '../../src/app/(frontend)/servers/manage/[id]/files/upload/route'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { db, sql } from '../../src/plugins/hosting/service/db'
import { compressFiles, deleteFiles, downloadFile, extractArchive, listFiles, makeFolder, moveFile, readFile, uploadChunk, uploadOffset, writeFile } from '../../src/plugins/hosting/service/files'
import { startTestAgent, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { testNode } from '../helpers/hosting'
import { bootPayload } from '../helpers/payload'
import { sessionFor } from '../helpers/v2'

let payload: Payload
let agent: TestAgent
let node: Awaited<ReturnType<typeof testNode>>
let owner: Awaited<ReturnType<typeof makeUser>>
let stranger: Awaited<ReturnType<typeof makeUser>>
let staff: Awaited<ReturnType<typeof makeUser>>
const id = `files${Date.now().toString(36)}`.slice(0, 16)
const plan = { ram_mb: 1024, swap_mb: 0, cpu_cores: 1, storage_mb: 64, max_players: 5 }
const SITE = 'http://localhost:3000'

const acts = () => db(payload).rows<{ act: string; actor_id: string; detail: Record<string, unknown> }>(sql`SELECT act, actor_id, detail FROM server_acts WHERE server_id = ${id} ORDER BY created_at`)
const names = async (dir: string) => (await listFiles(payload, owner, id, dir)).map((e) => `${e.name}:${e.type}`)
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process' })
  node = await testNode(payload, agent.url, 'fl')
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  staff = await makeUser(payload, 'moderator')
  await node.addServer({ id, ownerId: owner.id })
  expect((await agent.call('PUT', `/servers/${id}`, { plan })).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await node?.disable()
  await agent?.close({ stopGames: true })
})

describe('the owner’s files', () => {
  it('folders and text files: create, list, read, save, move — each change an act', async () => {
    await makeFolder(payload, owner, id, 'config')
    await writeFile(payload, owner, id, 'config/motd.txt', 'Hello\n')
    expect(await names('config')).toEqual(['motd.txt:file'])
    expect((await readFile(payload, owner, id, 'config/motd.txt')).content).toBe('Hello\n')
    await writeFile(payload, owner, id, 'config/motd.txt', 'Welcome back\n')
    await moveFile(payload, owner, id, 'config/motd.txt', 'config/welcome.txt')
    expect(await names('config')).toEqual(['welcome.txt:file'])
    expect((await readFile(payload, owner, id, 'config/welcome.txt')).content).toBe('Welcome back\n')
    expect((await acts()).map((a) => [a.act, a.actor_id, a.detail])).toEqual([
      ['folder created', owner.id, { path: 'config' }],
      ['file saved', owner.id, { path: 'config/motd.txt' }],
      ['file saved', owner.id, { path: 'config/motd.txt' }],
      ['file moved', owner.id, { from: 'config/motd.txt', to: 'config/welcome.txt' }],
    ])
  })

  it('compress, extract and delete', async () => {
    const archive = await compressFiles(payload, owner, id, ['config'])
    expect(archive).toMatch(/^archive-.*\.tar\.gz$/)
    await deleteFiles(payload, owner, id, ['config'])
    expect(await names('')).not.toContain('config:directory')
    await extractArchive(payload, owner, id, archive)
    expect((await readFile(payload, owner, id, 'config/welcome.txt')).content).toBe('Welcome back\n')
    await deleteFiles(payload, owner, id, ['config', archive])
  })

  it('a chunked upload goes on from the offset the node has, and downloads unchanged', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 123)
    const first = bytes.subarray(0, 4 * 1024 * 1024)
    const input = { path: 'mods/big.jar', size: bytes.length }
    expect(await uploadChunk(payload, owner, id, { ...input, offset: 0 }, first)).toMatchObject({ offset: first.length, complete: false })
    // The same chunk again (a retry after a lost answer): the node names the offset it expects.
    expect(await uploadChunk(payload, owner, id, { ...input, offset: 0 }, first)).toEqual({ mismatch: first.length })
    expect(await uploadOffset(payload, owner, id, input.path, input.size)).toBe(first.length)
    // Not in the folder until it is whole.
    expect(await names('')).not.toContain('mods:directory')
    expect(await uploadChunk(payload, owner, id, { ...input, offset: first.length }, bytes.subarray(first.length))).toMatchObject({ offset: bytes.length, complete: true })
    const res = await downloadFile(payload, owner, id, 'mods/big.jar')
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes))
    expect((await acts()).filter((a) => a.act === 'file uploaded')).toEqual([{ act: 'file uploaded', actor_id: owner.id, detail: { path: 'mods/big.jar', size: bytes.length } }])
  })

  it('paths that leave the server’s folder are refused by the node, and nothing is written outside', async () => {
    for (const escape of ['../outside.txt', '../../etc/passwd', 'config/../../x']) {
      await expect(writeFile(payload, owner, id, escape, 'x'), escape).rejects.toThrow(/outside|invalid|path/i)
      await expect(readFile(payload, owner, id, escape), escape).rejects.toThrow(/outside|invalid|path/i)
    }
  })
})

describe('who may', () => {
  it('a stranger finds no server; staff may look', async () => {
    await expect(listFiles(payload, stranger, id, '')).rejects.toBeInstanceOf(ServerNotFound)
    await expect(writeFile(payload, stranger, id, 'x.txt', 'x')).rejects.toBeInstanceOf(ServerNotFound)
    expect(Array.isArray(await listFiles(payload, staff, id, ''))).toBe(true)
  })

  it('a suspended server’s files are closed', async () => {
    await db(payload).rows(sql`UPDATE servers SET status = 'suspended' WHERE id = ${id}`)
    try {
      await expect(listFiles(payload, owner, id, '')).rejects.toThrow('This server is suspended.')
    } finally {
      await db(payload).rows(sql`UPDATE servers SET status = 'available' WHERE id = ${id}`)
    }
  })
})

describe('the upload and download routes', () => {
  const ctx = { params: Promise.resolve({ id }) }
  const url = (route: string, q: Record<string, string | number>) => `${SITE}/servers/manage/${id}/files/${route}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`
  const put = (cookie: string | null, origin: string | null, body: Uint8Array, q: Record<string, string | number>) =>
    upload.PUT(new Request(url('upload', q), { method: 'PUT', body: Buffer.from(body), headers: { host: 'localhost:3000', ...(cookie ? { cookie: `payload-token=${cookie}` } : {}), ...(origin ? { origin } : {}) } }), ctx)

  it('take a browser session from our own pages only', async () => {
    const body = new TextEncoder().encode('gamemode=creative\n')
    const q = { path: 'notes/route.txt', size: body.length, offset: 0 }
    expect((await put(null, SITE, body, q)).status).toBe(401)
    expect((await put(await sessionFor(payload, owner), 'https://evil.example', body, q)).status).toBe(403)
    expect((await put(await sessionFor(payload, stranger), SITE, body, q)).status).toBe(404)
    const done = await put(await sessionFor(payload, owner), SITE, body, q)
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ offset: body.length, complete: true })

    // A browser's download: no Origin on a GET, Sec-Fetch-Site says it came from our page.
    const browser = { host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }
    const got = await download.GET(new Request(url('download', { path: 'notes/route.txt' }), { headers: { ...browser, cookie: `payload-token=${await sessionFor(payload, owner)}` } }), ctx)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-disposition')).toContain('route.txt')
    expect(await got.text()).toBe('gamemode=creative\n')
    const anonymous = await download.GET(new Request(url('download', { path: 'notes/route.txt' }), { headers: browser }), ctx)
    expect(anonymous.status).toBe(401)
  })
})
