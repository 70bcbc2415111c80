import { describe, expect, it } from 'vitest'

import { modpackPlan, NOT_A_MODPACK } from '../../src/lib/hosting/modpack'

const enc = (s: string) => new TextEncoder().encode(s)
const file = (path: string, server?: 'required' | 'optional' | 'unsupported') => ({
  path,
  hashes: { sha1: 'a'.repeat(40), sha512: path.length.toString(16).padStart(128, '0') },
  ...(server ? { env: { client: 'required', server } } : {}),
  fileSize: 10,
  downloads: ['https://cdn.example/x.jar'],
})
const pack = (files: unknown[], extra: Record<string, Uint8Array> = {}) => ({
  'modrinth.index.json': enc(JSON.stringify({ formatVersion: 1, game: 'minecraft', versionId: '1.0', name: 'Pack', files, dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.9' } })),
  ...extra,
})

describe('a modpack on a server', () => {
  it('takes the files a server runs, not the client-only ones; server-overrides over overrides; not client-overrides', () => {
    const plan = modpackPlan(
      pack([file('mods/a.jar'), file('mods/shaders.jar', 'unsupported'), file('mods/b.jar', 'optional')], {
        'overrides/config/a.json': enc('{"x":1}'),
        'overrides/server.properties': enc('motd=pack'),
        'server-overrides/server.properties': enc('motd=server'),
        'client-overrides/options.txt': enc('gui'),
        'overrides/config/': new Uint8Array(),
      }),
    )
    if ('error' in plan) throw new Error(plan.error)
    expect(plan.downloads.map((d) => d.path)).toEqual(['mods/a.jar', 'mods/b.jar'])
    expect(plan.clientOnly).toBe(1)
    expect([...plan.overrides.keys()].sort()).toEqual(['config/a.json', 'server.properties'])
    expect(new TextDecoder().decode(plan.overrides.get('server.properties'))).toBe('motd=server')
    expect(plan.dependencies).toEqual({ minecraft: '1.21.4', 'fabric-loader': '0.16.9' })
  })

  it('refuses what is not a pack, and a pack with a path that climbs out', () => {
    expect(modpackPlan({})).toEqual({ error: NOT_A_MODPACK })
    expect(modpackPlan({ 'modrinth.index.json': enc('{nope') })).toEqual({ error: NOT_A_MODPACK })
    expect(modpackPlan({ 'modrinth.index.json': enc('{"formatVersion":2}') })).toEqual({ error: NOT_A_MODPACK })
    expect(modpackPlan(pack([file('../../etc/passwd')]))).toMatchObject({ error: expect.stringContaining('would leave the server’s folder') })
    expect(modpackPlan(pack([file('/abs.jar')]))).toMatchObject({ error: expect.stringContaining('would leave') })
    expect(modpackPlan(pack([], { 'overrides/../x': enc('x') }))).toMatchObject({ error: expect.stringContaining('would leave') })
  })
})
