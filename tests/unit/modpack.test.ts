import { describe, expect, it } from 'vitest'

import { buildModpackIndex, exportFilename, packPath, parseExportChoice, pickVersion, type Candidate, type ExportChoice } from '../../src/lib/collections/modpack'

const v = (id: string, versionType: string, gameVersions: string[], loaders: string[], published: string): Candidate => ({ id, versionType, gameVersions, loaders, published })
const fabric121: ExportChoice = { gameVersion: '1.21', loader: 'fabric', loaderVersion: '0.16.9' }

describe('the export form', () => {
  it('takes a game version and a loader, with a default Fabric/Quilt loader version', () => {
    expect(parseExportChoice({ game_version: '1.21', loader: 'fabric' })).toEqual({ ok: true, choice: fabric121 })
    expect(parseExportChoice({ game_version: '1.20.1', loader: 'forge', loader_version: '47.3.0' })).toEqual({ ok: true, choice: { gameVersion: '1.20.1', loader: 'forge', loaderVersion: '47.3.0' } })
    expect(parseExportChoice({ game_version: '1.21', loader: '' })).toEqual({ ok: true, choice: { gameVersion: '1.21', loader: null, loaderVersion: null } })
  })
  it('names what is missing or wrong', () => {
    expect(parseExportChoice({})).toEqual({ ok: false, errors: ['gameVersion'] })
    expect(parseExportChoice({ game_version: '1.21', loader: 'bukkit' })).toEqual({ ok: false, errors: ['loader'] })
    // Forge's loader version depends on the game version: no guess.
    expect(parseExportChoice({ game_version: '1.21', loader: 'neoforge' })).toEqual({ ok: false, errors: ['loaderVersion'] })
    expect(parseExportChoice({ game_version: '1.21 ; rm', loader: 'fabric', loader_version: '../x' })).toEqual({ ok: false, errors: ['gameVersion', 'loaderVersion'] })
  })
})

describe('the version that goes in', () => {
  const versions = [
    v('alpha-new', 'alpha', ['1.21'], ['fabric'], '2026-05-01'),
    v('release-old', 'release', ['1.21'], ['fabric'], '2026-01-01'),
    v('release-new', 'release', ['1.21'], ['fabric'], '2026-03-01'),
    v('release-forge', 'release', ['1.21'], ['forge'], '2026-04-01'),
    v('release-120', 'release', ['1.20.1'], ['fabric'], '2026-04-15'),
  ]
  it('is the newest release for the game version and loader, before any beta or alpha', () => {
    expect(pickVersion('mod', versions, fabric121)).toEqual({ version: versions[2] })
    expect(pickVersion('mod', versions.filter((x) => x.versionType === 'alpha'), fabric121)).toEqual({ version: versions[0] })
  })
  it('takes a Fabric build into a Quilt pack, preferring a Quilt build of the same kind', () => {
    const quilt: ExportChoice = { gameVersion: '1.21', loader: 'quilt', loaderVersion: '0.27.1' }
    expect(pickVersion('mod', versions, quilt)).toEqual({ version: versions[2] })
    const own = v('quilt-build', 'release', ['1.21'], ['quilt'], '2025-12-01')
    expect(pickVersion('mod', [...versions, own], quilt)).toEqual({ version: own })
  })
  it('skips a project with nothing for the choice, a mod without a loader, and kinds a pack does not hold', () => {
    expect(pickVersion('mod', versions, { gameVersion: '1.19', loader: 'fabric', loaderVersion: '0.16.9' })).toEqual({ skip: 'noVersion' })
    expect(pickVersion('mod', versions, { gameVersion: '1.21', loader: null, loaderVersion: null })).toEqual({ skip: 'needsLoader' })
    expect(pickVersion('plugin', versions, fabric121)).toEqual({ skip: 'notInModpack' })
    expect(pickVersion('modpack', versions, fabric121)).toEqual({ skip: 'notInModpack' })
  })
  it('ignores loaders for resource packs and shaders', () => {
    const pack = [v('rp', 'release', ['1.21'], ['minecraft'], '2026-01-01')]
    expect(pickVersion('resourcepack', pack, { gameVersion: '1.21', loader: null, loaderVersion: null })).toEqual({ version: pack[0] })
    expect(pickVersion('shader', [v('sh', 'beta', ['1.21'], ['iris'], '2026-01-01')], fabric121)).toMatchObject({ version: { id: 'sh' } })
  })
})

describe('modrinth.index.json', () => {
  const file = { folder: 'mods', filename: 'lights-1.0.jar', sha1: 'a'.repeat(40), sha512: 'b'.repeat(128), size: 1234, url: 'https://site.example/api/version-files/file/lights-1.0.jar', clientSide: 'required' as const, serverSide: 'unknown' as const }
  it('lists each file with its path, hashes, env, download and size, and depends on the game and loader', () => {
    expect(buildModpackIndex({ name: 'Cozy', summary: 'Calm', versionId: '2026.11.25', choice: fabric121, files: [file, { ...file, folder: 'shaderpacks', filename: 'glow.zip', clientSide: 'optional', serverSide: 'unsupported' }] })).toEqual({
      formatVersion: 1,
      game: 'minecraft',
      versionId: '2026.11.25',
      name: 'Cozy',
      summary: 'Calm',
      files: [
        { path: 'mods/lights-1.0.jar', hashes: { sha1: file.sha1, sha512: file.sha512 }, env: { client: 'required', server: 'required' }, downloads: [file.url], fileSize: 1234 },
        { path: 'shaderpacks/glow.zip', hashes: { sha1: file.sha1, sha512: file.sha512 }, env: { client: 'optional', server: 'unsupported' }, downloads: [file.url], fileSize: 1234 },
      ],
      dependencies: { minecraft: '1.21', 'fabric-loader': '0.16.9' },
    })
  })
  it('has no loader dependency for a pack without one, and leaves out a file whose name would climb out', () => {
    const index = buildModpackIndex({ name: 'Looks', versionId: '1', choice: { gameVersion: '1.21', loader: null, loaderVersion: null }, files: [{ ...file, filename: '../evil.jar' }] })
    expect(index.dependencies).toEqual({ minecraft: '1.21' })
    expect(index.files).toEqual([])
    expect(packPath({ folder: 'mods', filename: 'a/b.jar' })).toBeNull()
  })
  it('names the download after the collection', () => {
    expect(exportFilename('Cozy Picks: 2026!', fabric121, 'mrpack')).toBe('Cozy-Picks-2026-1.21-fabric.mrpack')
    expect(exportFilename('★', { gameVersion: '1.21', loader: null, loaderVersion: null }, 'zip')).toBe('collection-1.21.zip')
  })
})
