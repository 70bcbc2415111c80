import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { readFileMeta } from '../../src/lib/versionMeta/read'
import { matchGameVersions } from '../../src/lib/versionMeta/ranges'

const KNOWN = ['1.21.1', '1.21', '1.20.6', '1.20.4', '1.20.1', '1.20', '1.19.4', '24w14a']
const jar = (files: Record<string, string>) => zipSync(Object.fromEntries([...Object.entries(files).map(([k, v]) => [k, strToU8(v)]), ['com/example/Main.class', new Uint8Array([0xca, 0xfe, 0xba, 0xbe])]]))

describe('game version ranges', () => {
  it('exact, wildcard, comparators, alternatives', () => {
    expect(matchGameVersions('1.20.1', KNOWN)).toEqual(['1.20.1'])
    expect(matchGameVersions('1.20.x', KNOWN)).toEqual(['1.20.6', '1.20.4', '1.20.1', '1.20'])
    expect(matchGameVersions('>=1.20.4 <1.21', KNOWN)).toEqual(['1.20.6', '1.20.4'])
    expect(matchGameVersions('~1.20.4', KNOWN)).toEqual(['1.20.6', '1.20.4'])
    expect(matchGameVersions(['1.19.4', '1.21'], KNOWN)).toEqual(['1.21', '1.19.4'])
    expect(matchGameVersions('1.19.4 || >=1.21', KNOWN)).toEqual(['1.21.1', '1.21', '1.19.4'])
    expect(matchGameVersions('24w14a', KNOWN)).toEqual(['24w14a'])
  })
  it('Maven ranges of mods.toml', () => {
    expect(matchGameVersions('[1.20.4,1.21)', KNOWN)).toEqual(['1.20.6', '1.20.4'])
    expect(matchGameVersions('[1.21,)', KNOWN)).toEqual(['1.21.1', '1.21'])
    expect(matchGameVersions('[1.20.1]', KNOWN)).toEqual(['1.20.1'])
  })
})

describe('file metadata', () => {
  it('fabric.mod.json', async () => {
    const meta = await readFileMeta(jar({ 'fabric.mod.json': JSON.stringify({ id: 'golems', name: 'Golems', version: '2.1.0', depends: { fabricloader: '>=0.15', minecraft: '~1.20.4', 'fabric-api': '*' }, suggests: { modmenu: '*' }, breaks: { optifine: '*' } }) }), KNOWN)
    expect(meta).toEqual({
      source: 'fabric.mod.json', name: 'Golems', versionNumber: '2.1.0', loaders: ['fabric'], gameVersions: ['1.20.6', '1.20.4'],
      dependencies: [{ id: 'fabric-api', kind: 'required' }, { id: 'modmenu', kind: 'optional' }, { id: 'optifine', kind: 'incompatible' }],
    })
  })
  it('quilt.mod.json', async () => {
    const meta = await readFileMeta(jar({ 'quilt.mod.json': JSON.stringify({ quilt_loader: { version: '1.0.0', depends: [{ id: 'minecraft', versions: '>=1.21' }, { id: 'qsl', optional: true }] } }) }), KNOWN)
    expect(meta).toMatchObject({ loaders: ['quilt'], versionNumber: '1.0.0', gameVersions: ['1.21.1', '1.21'], dependencies: [{ id: 'qsl', kind: 'optional' }] })
  })
  it('mods.toml and neoforge.mods.toml; a ${} placeholder is no version number', async () => {
    const toml = `modLoader="javafml"\n[[mods]]\nmodId="golems"\nversion="3.0.0"\ndisplayName="Golems"\n[[dependencies.golems]]\nmodId="minecraft"\nmandatory=true\nversionRange="[1.20.4,1.21)"\n[[dependencies.golems]]\nmodId="jei"\nmandatory=false\nversionRange="*"\n`
    expect(await readFileMeta(jar({ 'META-INF/mods.toml': toml }), KNOWN)).toMatchObject({ loaders: ['forge'], versionNumber: '3.0.0', gameVersions: ['1.20.6', '1.20.4'], dependencies: [{ id: 'jei', kind: 'optional' }] })
    const neo = toml.replace('3.0.0', '${file.jarVersion}')
    expect(await readFileMeta(jar({ 'META-INF/neoforge.mods.toml': neo }), KNOWN)).toMatchObject({ loaders: ['neoforge'], versionNumber: null })
  })
  it('plugin.yml and paper-plugin.yml', async () => {
    expect(await readFileMeta(jar({ 'plugin.yml': 'name: Golems\nversion: 1.2\napi-version: "1.20"\ndepend: [Vault]\n' }), KNOWN)).toMatchObject({ loaders: ['bukkit', 'spigot', 'paper'], versionNumber: '1.2', gameVersions: ['1.21.1', '1.21', '1.20.6', '1.20.4', '1.20.1', '1.20'], dependencies: [{ id: 'Vault', kind: 'required' }] })
    expect(await readFileMeta(jar({ 'paper-plugin.yml': 'name: G\nversion: 2.0.0\napi-version: "1.21"\n' }), KNOWN)).toMatchObject({ loaders: ['paper'], versionNumber: '2.0.0' })
  })
  it('modrinth.index.json and pack.mcmeta', async () => {
    expect(await readFileMeta(jar({ 'modrinth.index.json': JSON.stringify({ versionId: '5.0', name: 'Pack', dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' } }) }), KNOWN)).toMatchObject({ loaders: ['fabric'], gameVersions: ['1.20.1'], versionNumber: '5.0' })
    expect(await readFileMeta(jar({ 'pack.mcmeta': JSON.stringify({ pack: { pack_format: 34 } }) }), KNOWN, 'datapack')).toMatchObject({ loaders: ['datapack'] })
  })
  it('a file that is no zip, or broken metadata, gives empty defaults', async () => {
    expect((await readFileMeta(new Uint8Array([1, 2, 3]), KNOWN)).loaders).toEqual([])
    expect((await readFileMeta(jar({ 'fabric.mod.json': '{not json' }), KNOWN)).source).toBeNull()
  })
})
