import { createHash } from 'node:crypto'
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type FileTestAgent, q, startFileAgent } from './fileApi'

type Hashed = { name: string; size: number; modified: string; sha1: string; sha512: string }
type Hashes = { path: string; files: Hashed[]; truncated?: boolean }

const digestsOf = (data: Buffer) => ({
  sha1: createHash('sha1').update(data).digest('hex'),
  sha512: createHash('sha512').update(data).digest('hex'),
})

describe("the agent's folder hashes (GET /servers/:id/files/hashes)", () => {
  let agent: FileTestAgent
  let mods: string
  /** A unix socket in mods/: an entry that is neither file, folder nor link (no FIFO to block on). */
  let socket: net.Server
  const S = '/servers/hashes'
  const alpha = Buffer.concat([Buffer.from('PK\x03\x04alpha'), Buffer.alloc(3 * 1024 * 1024 + 17, 1)])
  const beta = Buffer.from('PK\x03\x04beta')

  beforeAll(async () => {
    agent = await startFileAgent({ hashes: { storage_mb: 100 }, other: { storage_mb: 100 } })
    mods = path.join(agent.folder('hashes'), 'mods')
    mkdirSync(path.join(mods, 'sub'), { recursive: true })
    writeFileSync(path.join(mods, 'beta.jar'), beta)
    writeFileSync(path.join(mods, 'alpha.jar'), alpha)
    writeFileSync(path.join(mods, 'sub', 'inner.jar'), 'below: not listed')
    writeFileSync(path.join(agent.outside, 'secret.jar'), 'outside')
    symlinkSync(path.join(agent.outside, 'secret.jar'), path.join(mods, 'linked.jar'))
    symlinkSync(path.join(agent.outside, 'dir'), path.join(agent.folder('hashes'), 'dir-link'))
    socket = net.createServer()
    await new Promise<void>((resolve) => socket.listen(path.join(mods, 'other.sock'), resolve))
  })
  afterAll(async () => {
    await new Promise((resolve) => socket.close(resolve))
    await agent.stop()
  })

  it("gives the regular files' digests, by name; folders, links and others left out", async () => {
    // What mods/ holds, as the listing sees it: the fixtures are what they claim to be.
    const listed = await agent.call<{ entries: { name: string; type: string }[] }>('GET', `${S}/files?path=mods`)
    expect(listed.body.entries.map((e) => `${e.type}:${e.name}`)).toEqual(['directory:sub', 'file:alpha.jar', 'file:beta.jar', 'symlink:linked.jar', 'other:other.sock'])

    const res = await agent.call<Hashes>('GET', `${S}/files/hashes?path=mods`)
    expect(res.status).toBe(200)
    expect(res.body.path).toBe('mods')
    expect(res.body.truncated).toBeUndefined()
    expect(res.body.files).toEqual([
      { name: 'alpha.jar', size: alpha.length, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), ...digestsOf(alpha) },
      { name: 'beta.jar', size: beta.length, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), ...digestsOf(beta) },
    ])
    // The server's folder itself: only server.properties there is a regular file.
    expect((await agent.call<Hashes>('GET', `${S}/files/hashes`)).body.files.map((f) => f.name)).toEqual(['server.properties'])
  })

  it('answers an empty list for a folder not made yet', async () => {
    expect(await agent.call('GET', `${S}/files/hashes?path=plugins`)).toEqual({ status: 200, body: { path: 'plugins', files: [] } })
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('plugins/deeper')}`)).toEqual({ status: 200, body: { path: 'plugins/deeper', files: [] } })
  })

  it('refuses what every file route refuses', async () => {
    const invalid = { status: 400, body: { error: 'invalid_path' } }
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('../other')}`)).toMatchObject(invalid)
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('mods/../..')}`)).toMatchObject(invalid)
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('/etc')}`)).toMatchObject(invalid)
    expect(await agent.call('GET', `${S}/files/hashes?path=dir-link`)).toMatchObject(invalid)
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('dir-link/x')}`)).toMatchObject(invalid)
    expect(await agent.call('GET', `${S}/files/hashes?path=${q('mods/alpha.jar')}`)).toMatchObject({ status: 400, body: { error: 'bad_request' } })
    expect(await agent.call('GET', '/servers/nope/files/hashes?path=mods')).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })

  it('hashes a file again once it changed, even when the game sets its mtime back', async () => {
    const file = path.join(mods, 'beta.jar')
    const hashOfBeta = async () => (await agent.call<Hashes>('GET', `${S}/files/hashes?path=mods`)).body.files.find((f) => f.name === 'beta.jar')
    const then = new Date('2024-01-02T03:04:05Z')
    utimesSync(file, then, then)
    expect(await hashOfBeta()).toMatchObject(digestsOf(beta))
    // Unchanged: the same digests (from the cache).
    expect(await hashOfBeta()).toMatchObject(digestsOf(beta))

    // Same size, mtime put back: the ctime moved on, so it is read again.
    const sameSize = Buffer.from('PK\x03\x04BETA')
    writeFileSync(file, sameSize)
    utimesSync(file, then, then)
    expect(await hashOfBeta()).toMatchObject({ modified: then.toISOString(), ...digestsOf(sameSize) })

    // New content of another size: hashed again.
    const grown = Buffer.from('PK\x03\x04beta, version 2')
    writeFileSync(file, grown)
    expect(await hashOfBeta()).toMatchObject({ size: grown.length, ...digestsOf(grown) })
  })

  it('hashes the first 500 files by name and says when there were more', async () => {
    const many = path.join(agent.folder('other'), 'plugins')
    mkdirSync(many)
    for (let i = 0; i < 502; i++) writeFileSync(path.join(many, `p${String(i).padStart(3, '0')}.jar`), `plugin ${i}`)
    const res = await agent.call<Hashes>('GET', '/servers/other/files/hashes?path=plugins')
    expect(res.status).toBe(200)
    expect(res.body.truncated).toBe(true)
    expect(res.body.files).toHaveLength(500)
    expect(res.body.files[0]).toMatchObject({ name: 'p000.jar', ...digestsOf(Buffer.from('plugin 0')) })
    expect(res.body.files.at(-1)?.name).toBe('p499.jar')
  })

  it("forgets a removed server's digests", async () => {
    const cached = () => agent.manager.hashes.size
    const before = cached()
    expect(before).toBeGreaterThanOrEqual(500)
    expect((await agent.call('DELETE', '/servers/other')).status).toBe(200)
    expect(cached()).toBe(before - 500)
  })
})
