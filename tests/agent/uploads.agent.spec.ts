import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type ErrorBody, type FileTestAgent, q, sha256, startFileAgent } from './fileApi'

type Progress = { offset: number; complete: boolean }

/** Every file name under `dir`, recursively: what the game sees. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))

describe("the agent's chunked uploads and storage quota", () => {
  let agent: FileTestAgent
  const upload = (id: string, p: string, size: number, offset: number, chunk: Buffer) =>
    agent.bytes('PUT', `/servers/${id}/files/upload?path=${q(p)}&size=${size}&offset=${offset}`, chunk)
  const json = <T>(r: { data: Buffer }) => JSON.parse(r.data.toString('utf8')) as T
  const uploadsOf = (id: string) => (existsSync(agent.manager.layout.uploadsDir(id)) ? readdirSync(agent.manager.layout.uploadsDir(id)) : [])

  beforeAll(async () => {
    agent = await startFileAgent({ up: { storage_mb: 100 }, tiny: { storage_mb: 1 }, gone: { storage_mb: 10 } })
  })
  afterAll(() => agent.stop())

  it('takes a file in 3 chunks, refuses a wrong offset, resumes from GET, and only then shows it to the game', async () => {
    const file = randomBytes(300_000)
    const chunks = [file.subarray(0, 100_000), file.subarray(100_000, 200_000), file.subarray(200_000)]
    const target = 'world/region/r.0.0.mca'
    const size = file.length

    const first = await upload('up', target, size, 0, chunks[0])
    expect(first.status).toBe(200)
    expect(json<Progress>(first)).toEqual({ offset: 100_000, complete: false })
    // Half a file is never in the server's folder.
    expect(filesUnder(agent.folder('up')).filter((f) => !f.endsWith('server.properties'))).toEqual([])
    expect(uploadsOf('up')).toHaveLength(1)

    const skipped = await upload('up', target, size, 200_000, chunks[2])
    expect(skipped.status).toBe(409)
    expect(json<ErrorBody>(skipped)).toMatchObject({ error: 'offset_mismatch', offset: 100_000, description: expect.stringContaining('offset 100000') })

    const resumed = await agent.call<{ offset: number }>('GET', `/servers/up/files/upload?path=${q(target)}&size=${size}`)
    expect(resumed).toMatchObject({ status: 200, body: { offset: 100_000 } })
    expect(json<Progress>(await upload('up', target, size, resumed.body.offset, chunks[1]))).toEqual({ offset: 200_000, complete: false })
    expect(existsSync(path.join(agent.folder('up'), target))).toBe(false)
    expect(json<Progress>(await upload('up', target, size, 200_000, chunks[2]))).toEqual({ offset: size, complete: true })

    expect(sha256(readFileSync(path.join(agent.folder('up'), target)))).toBe(sha256(file))
    expect(uploadsOf('up')).toEqual([])
    expect((await agent.call('GET', `/servers/up/files/upload?path=${q(target)}&size=${size}`)).body).toEqual({ offset: 0 })
    const down = await agent.bytes('GET', `/servers/up/files/download?path=${q(target)}`)
    expect(sha256(down.data)).toBe(sha256(file))
  })

  it('replaces a file, refuses a folder or a link in the way, a chunk past the size and one over 4 MiB', async () => {
    writeFileSync(path.join(agent.folder('up'), 'notes.txt'), 'old')
    expect(json<Progress>(await upload('up', 'notes.txt', 3, 0, Buffer.from('new')))).toEqual({ offset: 3, complete: true })
    expect(readFileSync(path.join(agent.folder('up'), 'notes.txt'), 'utf8')).toBe('new')
    // An empty file is one empty chunk.
    expect(json<Progress>(await upload('up', 'empty.txt', 0, 0, Buffer.alloc(0)))).toEqual({ offset: 0, complete: true })
    expect(readFileSync(path.join(agent.folder('up'), 'empty.txt'), 'utf8')).toBe('')

    expect(json<ErrorBody>(await upload('up', 'world', 3, 0, Buffer.from('abc')))).toMatchObject({ error: 'conflict' })
    expect((await upload('up', 'past.bin', 3, 0, Buffer.from('abcd'))).status).toBe(400)
    expect((await upload('up', 'big.bin', 5 * 1024 * 1024, 0, Buffer.alloc(4 * 1024 * 1024 + 1))).status).toBe(413)

    symlinkSync(agent.outside, path.join(agent.folder('up'), 'out-link'))
    const through = await upload('up', 'out-link/x', 3, 0, Buffer.from('abc'))
    expect(through.status).toBe(400)
    expect(json<ErrorBody>(through)).toMatchObject({ error: 'invalid_path', description: expect.stringContaining('out-link is a symbolic link') })
    expect((await upload('up', 'out-link', 3, 0, Buffer.from('abc'))).status).toBe(400)
    expect((await upload('up', '../escape', 3, 0, Buffer.from('abc'))).status).toBe(400)
    expect(existsSync(path.join(agent.outside, 'x'))).toBe(false)
    expect(uploadsOf('up')).toEqual([])
  })

  it('cancels an upload, removing what it had received', async () => {
    expect(json<Progress>(await upload('up', 'cancel.bin', 10, 0, Buffer.from('12345')))).toMatchObject({ offset: 5 })
    expect(uploadsOf('up')).toHaveLength(1)
    expect(await agent.call('DELETE', `/servers/up/files/upload?path=cancel.bin&size=10`)).toMatchObject({ status: 200, body: { cancelled: true } })
    expect(uploadsOf('up')).toEqual([])
    expect((await agent.call('GET', `/servers/up/files/upload?path=cancel.bin&size=10`)).body).toEqual({ offset: 0 })
    expect(existsSync(path.join(agent.folder('up'), 'cancel.bin'))).toBe(false)
  })

  it('refuses with 507 what would take a server over its storage, writing nothing', async () => {
    const tooBig = await upload('tiny', 'big.bin', 1_200_000, 0, randomBytes(1_200_000))
    expect(tooBig.status).toBe(507)
    expect(json<ErrorBody>(tooBig)).toEqual({ error: 'quota_exceeded', description: "Not enough storage: this server's plan has 1 MB." })
    expect(uploadsOf('tiny')).toEqual([])

    // Chunk by chunk: the chunk that does not fit is refused, those before it kept.
    expect((await upload('tiny', 'big.bin', 1_200_000, 0, randomBytes(600_000))).status).toBe(200)
    expect((await upload('tiny', 'big.bin', 1_200_000, 600_000, randomBytes(600_000))).status).toBe(507)
    expect((await agent.call('GET', '/servers/tiny/files/upload?path=big.bin&size=1200000')).body).toEqual({ offset: 600_000 })
    await agent.call('DELETE', '/servers/tiny/files/upload?path=big.bin&size=1200000')

    expect((await agent.call('PUT', '/servers/tiny/files/contents', { path: 'a.txt', content: 'a'.repeat(600_000) })).status).toBe(200)
    const second = await agent.call('PUT', '/servers/tiny/files/contents', { path: 'sub/b.txt', content: 'b'.repeat(600_000) })
    expect(second).toMatchObject({ status: 507, body: { error: 'quota_exceeded' } })
    expect(existsSync(path.join(agent.folder('tiny'), 'sub'))).toBe(false)
    // Replacing a file counts only what it grows by.
    expect((await agent.call('PUT', '/servers/tiny/files/contents', { path: 'a.txt', content: 'c'.repeat(650_000) })).status).toBe(200)
  })

  it('sweeps partial uploads older than a day, and removes a server’s with it', async () => {
    await upload('up', 'stale.bin', 10, 0, Buffer.from('12345'))
    await upload('up', 'fresh.bin', 10, 0, Buffer.from('12345'))
    const dir = agent.manager.layout.uploadsDir('up')
    const [stale] = readdirSync(dir)
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000)
    utimesSync(path.join(dir, stale), dayAgo, dayAgo)
    expect(await agent.manager.uploads.sweep()).toBe(1)
    expect(uploadsOf('up')).toHaveLength(1)

    await upload('gone', 'half.bin', 10, 0, Buffer.from('12345'))
    expect(uploadsOf('gone')).toHaveLength(1)
    expect((await agent.call('DELETE', '/servers/gone')).status).toBe(200)
    expect(existsSync(agent.manager.layout.uploadsDir('gone'))).toBe(false)
  })
})
