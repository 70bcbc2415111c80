import { randomBytes } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { zipSync } from 'fflate'
import { Header, type HeaderData, list, type ReadEntry } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { archiveName } from '../../src/agent/servers/archives'
import { type FileTestAgent, sha256, startFileAgent } from './fileApi'

/** A tar built by hand, to hold what no honest packer writes (`..`, absolute paths, links). */
function tarOf(entries: (HeaderData & { data?: Buffer })[]): Buffer {
  const blocks: Buffer[] = []
  for (const { data, ...header } of entries) {
    const h = new Header({ mode: 0o644, mtime: new Date(), size: data?.length ?? 0, ...header })
    h.encode()
    blocks.push(h.block as Buffer)
    if (data) blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512))
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)])
}

async function tarEntries(file: string): Promise<Record<string, { type: string; linkpath?: string }>> {
  const out: Record<string, { type: string; linkpath?: string }> = {}
  await list({ file, onReadEntry: (e: ReadEntry) => void (out[e.path] = { type: e.type, ...(e.linkpath ? { linkpath: e.linkpath } : {}) }) })
  return out
}

describe("the agent's archives", () => {
  let agent: FileTestAgent
  let dir: string
  const S = '/servers/arch'

  beforeAll(async () => {
    agent = await startFileAgent({ arch: { storage_mb: 100 }, small: { storage_mb: 1 } })
    dir = agent.folder('arch')
  })
  afterAll(() => agent.stop())

  it('compresses files and folders (links as links) and extracts them back to the same bytes', async () => {
    const level = randomBytes(50_000)
    const region = randomBytes(200_000)
    mkdirSync(path.join(dir, 'world/region'), { recursive: true })
    writeFileSync(path.join(dir, 'world/level.dat'), level)
    writeFileSync(path.join(dir, 'world/region/r.0.0.mca'), region)
    writeFileSync(path.join(dir, 'notes.txt'), 'hello')
    symlinkSync(agent.outside, path.join(dir, 'world/out-link'))
    writeFileSync(path.join(agent.outside, 'must-not-be-archived.txt'), 'secret')

    const made = await agent.call<{ path: string }>('POST', `${S}/files/compress`, { paths: ['world', 'notes.txt'] })
    expect(made.status).toBe(201)
    expect(made.body.path).toMatch(/^archive-\d{4}-\d\d-\d\d-\d{6}\.tar\.gz$/)
    const entries = await tarEntries(path.join(dir, made.body.path))
    expect(entries).toEqual({
      'world/': { type: 'Directory' },
      'world/level.dat': { type: 'File' },
      'world/out-link': { type: 'SymbolicLink', linkpath: agent.outside },
      'world/region/': { type: 'Directory' },
      'world/region/r.0.0.mca': { type: 'File' },
      'notes.txt': { type: 'File' },
    })

    expect((await agent.call('POST', `${S}/files/delete`, { paths: ['world', 'notes.txt'] })).body).toEqual({ deleted: 2 })
    const out = await agent.call('POST', `${S}/files/decompress`, { path: made.body.path })
    // The link entry is skipped, never created.
    expect(out).toMatchObject({ status: 200, body: { path: '', extracted: 3, skipped: 1 } })
    expect(sha256(readFileSync(path.join(dir, 'world/level.dat')))).toBe(sha256(level))
    expect(sha256(readFileSync(path.join(dir, 'world/region/r.0.0.mca')))).toBe(sha256(region))
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('hello')
    expect(existsSync(path.join(dir, 'world/out-link'))).toBe(false)

    // Into a chosen folder, paths relative to it; a taken name gets -2.
    const now = Date.now()
    for (let s = 0; s < 3; s++) writeFileSync(path.join(dir, 'world', archiveName(new Date(now + s * 1000))), '')
    const inWorld = await agent.call<{ path: string }>('POST', `${S}/files/compress`, { paths: ['world/region/r.0.0.mca'], directory: 'world' })
    expect(inWorld.status).toBe(201)
    expect(inWorld.body.path).toMatch(/^world\/archive-[\d-]+-2\.tar\.gz$/)
    expect(Object.keys(await tarEntries(path.join(dir, inWorld.body.path)))).toEqual(['region/r.0.0.mca'])
    expect(await agent.call('POST', `${S}/files/compress`, { paths: ['notes.txt'], directory: 'world' })).toMatchObject({ status: 400 })
    expect(await agent.call('POST', `${S}/files/compress`, { paths: ['missing.txt'] })).toMatchObject({ status: 404 })
  })

  it('extracts a zip, overwriting files', async () => {
    mkdirSync(path.join(dir, 'packs'), { recursive: true })
    writeFileSync(path.join(dir, 'packs/readme.txt'), 'old')
    writeFileSync(path.join(dir, 'packs/pack.zip'), zipSync({ 'readme.txt': Buffer.from('new'), 'data/': new Uint8Array(), 'data/a/b.json': Buffer.from('{"b":1}') }))
    expect(await agent.call('POST', `${S}/files/decompress`, { path: 'packs/pack.zip' })).toMatchObject({ status: 200, body: { path: 'packs', extracted: 2 } })
    expect(readFileSync(path.join(dir, 'packs/readme.txt'), 'utf8')).toBe('new')
    expect(readFileSync(path.join(dir, 'packs/data/a/b.json'), 'utf8')).toBe('{"b":1}')
  })

  it('skips entries that climb out, are absolute, are links or go through a planted link: nothing lands outside', async () => {
    mkdirSync(path.join(dir, 'evil'), { recursive: true })
    symlinkSync(agent.outside, path.join(dir, 'evil/planted'))
    const tar = tarOf([
      { path: '../escaped.txt', type: 'File', data: Buffer.from('x') },
      { path: '../../escaped2.txt', type: 'File', data: Buffer.from('x') },
      { path: '/tmp/absolute.txt', type: 'File', data: Buffer.from('x') },
      { path: 'link', type: 'SymbolicLink', linkpath: agent.outside },
      { path: 'hard', type: 'Link', linkpath: '/etc/passwd' },
      { path: 'planted/through.txt', type: 'File', data: Buffer.from('x') },
      { path: 'fine.txt', type: 'File', data: Buffer.from('fine') },
    ])
    writeFileSync(path.join(dir, 'evil/evil.tar.gz'), gzipSync(tar))
    const untarred = await agent.call('POST', `${S}/files/decompress`, { path: 'evil/evil.tar.gz' })
    expect(untarred).toMatchObject({ status: 200, body: { path: 'evil', extracted: 1, skipped: 6 } })

    const zip = zipSync({
      '../zip-escaped.txt': Buffer.from('x'),
      'zlink': [Buffer.from(agent.outside), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
      'planted/zthrough.txt': Buffer.from('x'),
      'zfine.txt': Buffer.from('fine'),
    })
    writeFileSync(path.join(dir, 'evil/evil.zip'), zip)
    const unzipped = await agent.call('POST', `${S}/files/decompress`, { path: 'evil/evil.zip' })
    expect(unzipped).toMatchObject({ status: 200, body: { path: 'evil', extracted: 1, skipped: 3 } })

    expect(readdirSync(path.join(dir, 'evil')).sort()).toEqual(['evil.tar.gz', 'evil.zip', 'fine.txt', 'planted', 'zfine.txt'])
    expect(lstatSync(path.join(dir, 'evil/planted')).isSymbolicLink()).toBe(true)
    expect(readdirSync(agent.outside).sort()).toEqual(['dir', 'must-not-be-archived.txt'])
    for (const p of [path.join(dir, 'escaped.txt'), path.join(dir, '..', 'escaped2.txt'), '/tmp/absolute.txt', path.join(dir, 'zip-escaped.txt')]) {
      expect(existsSync(p), p).toBe(false)
    }
  })

  it('refuses what is not a readable archive, and stops at the storage quota', async () => {
    writeFileSync(path.join(dir, 'junk.zip'), randomBytes(5000))
    writeFileSync(path.join(dir, 'junk.tar.gz'), randomBytes(5000))
    writeFileSync(path.join(dir, 'junk.tar'), randomBytes(5000))
    writeFileSync(path.join(dir, 'cut.tar.gz'), gzipSync(tarOf([{ path: 'a.bin', type: 'File', data: randomBytes(4000) }])).subarray(0, 200))
    writeFileSync(path.join(dir, 'thing.rar'), 'x')
    for (const name of ['junk.zip', 'junk.tar.gz', 'junk.tar', 'cut.tar.gz', 'thing.rar']) {
      expect(await agent.call('POST', `${S}/files/decompress`, { path: name }), name).toMatchObject({ status: 400, body: { error: 'bad_archive' } })
    }

    // 2 MB of zeros packs into a few KB, and would not fit the 1 MB plan.
    const small = agent.folder('small')
    writeFileSync(path.join(small, 'bomb.tar.gz'), gzipSync(tarOf([{ path: 'zeros.bin', type: 'File', data: Buffer.alloc(2_000_000) }])))
    writeFileSync(path.join(small, 'bomb.zip'), zipSync({ 'zeros.bin': Buffer.alloc(2_000_000) }))
    for (const name of ['bomb.tar.gz', 'bomb.zip']) {
      expect(await agent.call('POST', '/servers/small/files/decompress', { path: name }), name).toMatchObject({ status: 507, body: { error: 'quota_exceeded' } })
    }
    expect(readdirSync(small).sort()).toEqual(['bomb.tar.gz', 'bomb.zip', 'server.properties'])

    writeFileSync(path.join(small, 'noise.bin'), randomBytes(700_000))
    // Written behind the agent's back (as the game would): its measure is kept a few seconds, unless dropped.
    agent.manager.storage.forget('small')
    expect(await agent.call('POST', '/servers/small/files/compress', { paths: ['noise.bin'] })).toMatchObject({ status: 507 })
    expect(readdirSync(small).sort()).toEqual(['bomb.tar.gz', 'bomb.zip', 'noise.bin', 'server.properties'])
  })
})
