import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { canonicalRequest, ReplayGuard, signRequest, verifyRequest } from '../../src/lib/hosting/protocol'
import { type ErrorBody, type FileTestAgent, q, sha256, startFileAgent } from './fileApi'
import { rawCall, signedHeaders } from './harness'

type Listing = { path: string; entries: { name: string; type: string; size: number; modified: string }[] }

describe("the agent's file API", () => {
  let agent: FileTestAgent
  let dir: string
  const S = '/servers/files'

  beforeAll(async () => {
    agent = await startFileAgent({ files: { storage_mb: 100 } })
    dir = agent.folder('files')
    writeFileSync(path.join(agent.outside, 'secret.txt'), 'outside secret')
    // What a game could plant: links to outside its folder, a file and a folder.
    symlinkSync(path.join(agent.outside, 'secret.txt'), path.join(dir, 'secret-link.txt'))
    symlinkSync(path.join(agent.outside, 'dir'), path.join(dir, 'dir-link'))
  })
  afterAll(() => agent.stop())

  it('writes, reads, lists, makes folders, renames, downloads and deletes', async () => {
    const written = await agent.call<{ path: string; size: number; modified: string }>('PUT', `${S}/files/contents`, { path: 'config/game/settings.yml', content: 'motd: héllo\n' })
    expect(written.status).toBe(200)
    expect(written.body).toMatchObject({ path: 'config/game/settings.yml', size: Buffer.byteLength('motd: héllo\n') })
    expect(readFileSync(path.join(dir, 'config/game/settings.yml'), 'utf8')).toBe('motd: héllo\n')

    const read = await agent.call('GET', `${S}/files/contents?path=${q('config/game/settings.yml')}`)
    expect(read).toMatchObject({ status: 200, body: { path: 'config/game/settings.yml', content: 'motd: héllo\n', size: 13 } })

    expect(await agent.call('POST', `${S}/files/folder`, { path: 'plugins/empty' })).toMatchObject({ status: 201, body: { path: 'plugins/empty' } })
    expect(await agent.call('POST', `${S}/files/folder`, { path: 'plugins/empty' })).toMatchObject({ status: 409, body: { error: 'exists' } })
    expect(await agent.call('POST', `${S}/files/folder`, { path: 'server.properties' })).toMatchObject({ status: 409, body: { error: 'exists' } })

    const root = await agent.call<Listing>('GET', `${S}/files`)
    expect(root.status).toBe(200)
    const names = root.body.entries.map((e) => `${e.type}:${e.name}`)
    // Folders first, then by name; links are listed as links.
    expect(names).toEqual(['directory:config', 'directory:plugins', 'symlink:dir-link', 'symlink:secret-link.txt', 'file:server.properties'])
    expect(root.body.entries.find((e) => e.name === 'config')).toMatchObject({ size: 0, modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect((await agent.call<Listing>('GET', `${S}/files?path=config`)).body).toMatchObject({ path: 'config', entries: [{ name: 'game', type: 'directory' }] })

    expect(await agent.call('POST', `${S}/files/rename`, { from: 'config/game/settings.yml', to: 'config/settings.yml' })).toMatchObject({ status: 200, body: { path: 'config/settings.yml' } })
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'config/game/settings.yml', to: 'x.yml' })).toMatchObject({ status: 404 })
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'config/settings.yml', to: 'server.properties' })).toMatchObject({ status: 409, body: { error: 'exists' } })
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'config', to: 'config/game/config' })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/files/rename`, { from: '.', to: 'elsewhere' })).toMatchObject({ status: 400 })
    // A move into a folder that does not exist yet makes it.
    expect((await agent.call('POST', `${S}/files/rename`, { from: 'plugins/empty', to: 'moved/deeper/empty' })).status).toBe(200)
    expect(lstatSync(path.join(dir, 'moved/deeper/empty')).isDirectory()).toBe(true)

    const binary = Buffer.concat([Buffer.from([0, 1, 2, 255]), Buffer.alloc(70_000, 7)])
    writeFileSync(path.join(dir, 'config/level.dat'), binary)
    const down = await agent.bytes('GET', `${S}/files/download?path=${q('config/level.dat')}`)
    expect(down.status).toBe(200)
    expect(down.headers.get('content-type')).toBe('application/octet-stream')
    expect(down.headers.get('content-length')).toBe(String(binary.length))
    expect(down.headers.get('content-disposition')).toBe('attachment; filename="level.dat"')
    expect(sha256(down.data)).toBe(sha256(binary))
    writeFileSync(path.join(dir, 'café ☕.txt'), '')
    const named = await agent.bytes('GET', `${S}/files/download?path=${q('café ☕.txt')}`)
    expect(named.status).toBe(200)
    expect(named.data.length).toBe(0)
    expect(named.headers.get('content-disposition')).toBe(`attachment; filename="caf_ _.txt"; filename*=UTF-8''caf%C3%A9%20%E2%98%95.txt`)

    // Text or not, small enough or not.
    expect(await agent.call('GET', `${S}/files/contents?path=${q('config/level.dat')}`)).toMatchObject({ status: 415, body: { error: 'not_text' } })
    writeFileSync(path.join(dir, 'big.log'), Buffer.alloc(1024 * 1024 + 1, 'a'))
    expect(await agent.call('GET', `${S}/files/contents?path=big.log`)).toMatchObject({ status: 413, body: { error: 'too_large', description: 'This file is over 1 MiB: download it instead.' } })
    expect(await agent.call('GET', `${S}/files/contents?path=config`)).toMatchObject({ status: 400 })
    expect(await agent.call('GET', `${S}/files?path=big.log`)).toMatchObject({ status: 400 })
    expect(await agent.call('GET', `${S}/files?path=nowhere`)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await agent.call('GET', `${S}/files/contents?path=nowhere.txt`)).toMatchObject({ status: 404 })
    expect(await agent.call('PUT', `${S}/files/contents`, { path: 'config', content: 'x' })).toMatchObject({ status: 409, body: { error: 'conflict' } })

    const deleted = await agent.call('POST', `${S}/files/delete`, { paths: ['config', 'big.log', 'not-there', 'café ☕.txt'] })
    expect(deleted).toMatchObject({ status: 200, body: { deleted: 3 } })
    expect(existsSync(path.join(dir, 'config'))).toBe(false)
    expect(await agent.call('POST', `${S}/files/delete`, { paths: [''] })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/files/delete`, { paths: [] })).toMatchObject({ status: 400, body: { error: 'bad_request' } })
    expect(existsSync(path.join(dir, 'server.properties'))).toBe(true)
  })

  it('answers 404 for a server that does not exist', async () => {
    expect(await agent.call('GET', '/servers/nope/files')).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })

  it('refuses paths that leave the folder: .., encoded .., absolute, NUL', async () => {
    for (const p of ['../records', '..%2F..%2Fetc', 'a/../../x', '/etc/passwd', '%2Fetc%2Fpasswd', 'a%00b']) {
      const listed = await agent.call<ErrorBody>('GET', `${S}/files?path=${p}`)
      expect(listed, p).toMatchObject({ status: 400, body: { error: 'invalid_path' } })
      expect((await agent.call('GET', `${S}/files/contents?path=${p}`)).status, p).toBe(400)
      expect((await agent.bytes('GET', `${S}/files/download?path=${p}`)).status, p).toBe(400)
    }
    expect(await agent.call('PUT', `${S}/files/contents`, { path: '../escaped.txt', content: 'x' })).toMatchObject({ status: 400, body: { error: 'invalid_path' } })
    expect(await agent.call('PUT', `${S}/files/contents`, { path: '/tmp/escaped.txt', content: 'x' })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'server.properties', to: '../server.properties' })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/files/delete`, { paths: ['../files'] })).toMatchObject({ status: 400 })
    expect(existsSync(path.join(dir, '..', 'escaped.txt'))).toBe(false)
    expect(existsSync(path.join(dir, 'server.properties'))).toBe(true)
    // The raw request path's own escapes are the router's: never a file path.
    expect((await rawCall(agent.url, 'GET', `/servers/..%2Ffiles/files`, signedHeaders('GET', `/servers/..%2Ffiles/files`))).status).toBe(400)
  })

  it('never follows a link the game planted: read, write, list, download, delete and rename through it are refused', async () => {
    const refused = { status: 400, body: { error: 'invalid_path' } }
    const read = await agent.call<ErrorBody>('GET', `${S}/files/contents?path=secret-link.txt`)
    expect(read).toMatchObject(refused)
    expect(read.body.description).toBe('secret-link.txt is a symbolic link; it cannot be opened.')
    expect((await agent.call<ErrorBody>('GET', `${S}/files/contents?path=${q('dir-link/x.txt')}`)).body.description).toBe(
      'dir-link is a symbolic link; dir-link/x.txt cannot be reached through it.',
    )
    expect(await agent.call('GET', `${S}/files?path=dir-link`)).toMatchObject(refused)
    expect(await agent.bytes('GET', `${S}/files/download?path=secret-link.txt`)).toMatchObject({ status: 400 })
    expect(await agent.call('PUT', `${S}/files/contents`, { path: 'secret-link.txt', content: 'overwritten' })).toMatchObject(refused)
    expect(await agent.call('PUT', `${S}/files/contents`, { path: 'dir-link/planted.txt', content: 'x' })).toMatchObject(refused)
    expect(await agent.call('PUT', `${S}/files/contents`, { path: 'dir-link/sub/planted.txt', content: 'x' })).toMatchObject(refused)
    expect(await agent.call('POST', `${S}/files/folder`, { path: 'dir-link/made' })).toMatchObject(refused)
    writeFileSync(path.join(agent.outside, 'dir', 'victim.txt'), 'keep me')
    expect(await agent.call('POST', `${S}/files/delete`, { paths: ['dir-link/victim.txt'] })).toMatchObject(refused)
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'server.properties', to: 'dir-link/stolen' })).toMatchObject(refused)
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'dir-link/victim.txt', to: 'mine.txt' })).toMatchObject(refused)
    expect(await agent.call('POST', `${S}/files/compress`, { paths: ['dir-link/victim.txt'] })).toMatchObject(refused)

    // Nothing outside was read, written, made or removed.
    expect(readFileSync(path.join(agent.outside, 'secret.txt'), 'utf8')).toBe('outside secret')
    expect(readFileSync(path.join(agent.outside, 'dir', 'victim.txt'), 'utf8')).toBe('keep me')
    expect(existsSync(path.join(agent.outside, 'dir', 'planted.txt'))).toBe(false)
    expect(existsSync(path.join(agent.outside, 'dir', 'sub'))).toBe(false)
    expect(existsSync(path.join(agent.outside, 'dir', 'made'))).toBe(false)
    expect(existsSync(path.join(dir, 'server.properties'))).toBe(true)

    // A link itself can be renamed and deleted, as a link.
    expect(await agent.call('POST', `${S}/files/rename`, { from: 'dir-link', to: 'renamed-link' })).toMatchObject({ status: 200 })
    expect(lstatSync(path.join(dir, 'renamed-link')).isSymbolicLink()).toBe(true)
    expect(await agent.call('POST', `${S}/files/delete`, { paths: ['renamed-link', 'secret-link.txt'] })).toMatchObject({ status: 200, body: { deleted: 2 } })
    expect(existsSync(path.join(dir, 'renamed-link'))).toBe(false)
    expect(readFileSync(path.join(agent.outside, 'dir', 'victim.txt'), 'utf8')).toBe('keep me')
    expect(readFileSync(path.join(agent.outside, 'secret.txt'), 'utf8')).toBe('outside secret')
  })

  it('deletes a folder holding a link without following it', async () => {
    mkdirSync(path.join(dir, 'plugins/holder'), { recursive: true })
    symlinkSync(path.join(agent.outside, 'dir'), path.join(dir, 'plugins/holder/inner-link'))
    writeFileSync(path.join(agent.outside, 'dir', 'also-kept.txt'), 'kept')
    expect(await agent.call('POST', `${S}/files/delete`, { paths: ['plugins'] })).toMatchObject({ status: 200, body: { deleted: 1 } })
    expect(existsSync(path.join(dir, 'plugins'))).toBe(false)
    expect(readFileSync(path.join(agent.outside, 'dir', 'also-kept.txt'), 'utf8')).toBe('kept')
  })

  it('signs a binary body over its exact bytes, as a string body over its UTF-8', () => {
    const req = { method: 'PUT', path: '/servers/x/files/upload?path=a&size=2&offset=0' }
    const bytes = new Uint8Array(Buffer.from('é'))
    expect(canonicalRequest({ ...req, body: bytes }, '1')).toBe(canonicalRequest({ ...req, body: 'é' }, '1'))
    const token = 'k'.repeat(32)
    const check = (headers: Record<string, string>, body: string | Uint8Array) => verifyRequest(token, { ...req, body, headers }, new ReplayGuard())
    expect(check(signRequest(token, { ...req, body: bytes }), 'é')).toEqual({ ok: true })
    expect(check(signRequest(token, { ...req, body: 'é' }), Buffer.from('é'))).toEqual({ ok: true })
    expect(check(signRequest(token, { ...req, body: bytes }), Buffer.from('e')).ok).toBe(false)
  })
})
