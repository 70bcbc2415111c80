/**
 * A server's content (issue 32 item 3, spec §2 "content") against Postgres, the site's stored version
 * files and a real node agent in this process: installing a version puts its file (and its required
 * dependency's) in `mods/` byte for byte, and a fresh read of the folder still shows them by project
 * and version; an update replaces the file; disable and enable rename it; remove removes it for good;
 * a collection installs in one step, skipping what has no version for the server; what the owner may
 * not see cannot be installed; a stranger finds no server.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { zipSync } from 'fflate'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { viewerFor } from '../../src/lib/data/viewer'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { ServerNotFound } from '../../src/plugins/hosting/service/acts'
import { installCollection, installedContent, installProject, installVersion, removeContent, toggleContent, updateContent } from '../../src/plugins/hosting/service/content'
import { installModpackProject } from '../../src/plugins/hosting/service/modpack'
import type { Project, User } from '../../src/payload-types'
import { startTestAgent, type TestAgent } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { testNode } from '../helpers/hosting'
import { bootPayload } from '../helpers/payload'
import { makeVersion, type MadeVersion } from '../helpers/v2'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let agent: TestAgent
let node: Awaited<ReturnType<typeof testNode>>
let world: World
let owner: User & { collection: 'users' }
let stranger: User & { collection: 'users' }
const id = `cont${Date.now().toString(36)}`.slice(0, 16)
const plan = { ram_mb: 1024, swap_mb: 0, cpu_cores: 1, storage_mb: 256, max_players: 5 }
let api: Project
let main: Project
let apiVersion: MadeVersion
let mainVersion: MadeVersion

const signed = async (user: User & { collection: 'users' }) => ({ ...(await viewerFor(payload, user)), user })
const mods = () => path.join(agent.dataDir, 'servers', id, 'mods')
const onDisk = () => (existsSync(mods()) ? readdirSync(mods()).sort() : [])
const sha512 = (file: string) => createHash('sha512').update(readFileSync(path.join(mods(), file))).digest('hex')
const fileOf = async (v: MadeVersion) => (await payload.find({ collection: 'version-files', where: { version: { equals: v.id } }, overrideAccess: true, depth: 0 })).docs[0]!.filename!

async function publicMod(title: string): Promise<Project> {
  const p = await world.makeProject('approved')
  return payload.update({ collection: 'projects', id: p.id, data: { title }, overrideAccess: true, depth: 0 })
}

beforeAll(async () => {
  payload = await bootPayload()
  await ensureCatalogue(payload)
  await seedTags(payload)
  world = await buildWorld(payload)
  agent = await startTestAgent({ runtime: 'process' })
  node = await testNode(payload, agent.url, 'ct')
  owner = await makeUser(payload)
  stranger = await makeUser(payload)
  await node.addServer({ id, ownerId: owner.id, gameVersion: '1.21' })
  expect((await agent.call('PUT', `/servers/${id}`, { plan })).status).toBe(200)

  api = await publicMod('Content API')
  main = await publicMod('Content Main')
  apiVersion = await makeVersion(payload, api, { versionNumber: '1.0.0', gameVersions: ['1.21'] })
  mainVersion = await makeVersion(payload, main, { versionNumber: '2.0.0', gameVersions: ['1.21'], dependencies: [{ project: api.id, dependencyType: 'required' }] })
}, 120_000)

afterAll(async () => {
  await node?.disable()
  await agent?.close({ stopGames: true })
})

describe('content', () => {
  it('installing a version puts its file and its required dependency’s in mods/, byte for byte; a refresh still shows them', async () => {
    const viewer = await signed(owner)
    const written = await installVersion(viewer, id, mainVersion.id)
    const [mainFile, apiFile] = [await fileOf(mainVersion), await fileOf(apiVersion)]
    expect(written.sort()).toEqual([mainFile, apiFile].sort())
    expect(onDisk()).toEqual([mainFile, apiFile].sort())
    expect(sha512(mainFile)).toBe(mainVersion.sha512)
    expect(sha512(apiFile)).toBe(apiVersion.sha512)
    // What the page shows is read from the disk again: projects and versions, recognised by hash.
    const content = await installedContent(await signed(owner), id)
    expect(content.folder).toBe('mods')
    expect(content.items.map((i) => [i.file, i.project?.title, i.version?.number, i.update, i.disabled]).sort()).toEqual(
      [
        [mainFile, 'Content Main', '2.0.0', null, false],
        [apiFile, 'Content API', '1.0.0', null, false],
      ].sort(),
    )
  })

  it('an update replaces the file with the newest version for the server', async () => {
    const newer = await makeVersion(payload, main, { versionNumber: '2.1.0', gameVersions: ['1.21'], datePublished: new Date(Date.now() + 1000).toISOString() })
    const viewer = await signed(owner)
    const oldFile = await fileOf(mainVersion)
    expect((await installedContent(viewer, id)).items.find((i) => i.file === oldFile)?.update).toEqual({ id: newer.id, number: '2.1.0' })
    expect(await updateContent(viewer, id, oldFile)).toBe('2.1.0')
    const newFile = await fileOf(newer)
    expect(onDisk()).toContain(newFile)
    expect(onDisk()).not.toContain(oldFile)
    expect(sha512(newFile)).toBe(newer.sha512)
  })

  it('disable and enable rename the file; remove removes it for good', async () => {
    const viewer = await signed(owner)
    const apiFile = await fileOf(apiVersion)
    expect(await toggleContent(viewer, id, apiFile)).toBe(true)
    expect(onDisk()).toContain(`${apiFile}.disabled`)
    expect((await installedContent(viewer, id)).items.find((i) => i.file === `${apiFile}.disabled`)).toMatchObject({ disabled: true, project: { title: 'Content API' } })
    expect(await toggleContent(viewer, id, `${apiFile}.disabled`)).toBe(false)
    await removeContent(viewer, id, apiFile)
    expect(onDisk()).not.toContain(apiFile)
    expect((await installedContent(await signed(owner), id)).items.map((i) => i.file)).not.toContain(apiFile)
    // A name that is not a plain file of the folder is refused.
    await expect(removeContent(viewer, id, '../server.properties')).rejects.toThrow('That is not a file of this server’s content.')
  })

  it('a collection installs in one step; a project with no version for the server is skipped by name', async () => {
    const lonely = await publicMod('Content For Another Game')
    await makeVersion(payload, lonely, { versionNumber: '0.1.0', gameVersions: ['1.20.1'] })
    const collection = await payload.create({ collection: 'user-collections', data: { name: 'Server picks', owner: owner.id, visibility: 'private', projects: [api.id, lonely.id] }, overrideAccess: true })
    const result = await installCollection(await signed(owner), id, collection.id)
    expect(result).toEqual({ installed: [await fileOf(apiVersion)], skipped: ['Content For Another Game'] })
    expect(onDisk()).toContain(await fileOf(apiVersion))
    // Someone else's private collection is not found.
    const theirs = await payload.create({ collection: 'user-collections', data: { name: 'Their picks', owner: stranger.id, visibility: 'private', projects: [main.id] }, overrideAccess: true })
    await expect(installCollection(await signed(owner), id, theirs.id)).rejects.toThrow('That collection was not found.')
  })

  it('a modpack installs in one step: the mods the catalogue holds, not the client-only ones, and its server overrides', async () => {
    const enc = (t: string) => new TextEncoder().encode(t)
    const entry = (path: string, sha512: string, server: 'required' | 'unsupported' = 'required') => ({ path, hashes: { sha1: 'a'.repeat(40), sha512 }, env: { client: 'required', server }, fileSize: 1, downloads: ['https://cdn.example/file.jar'] })
    const mrpack = Buffer.from(
      zipSync({
        'modrinth.index.json': enc(JSON.stringify({
          formatVersion: 1, game: 'minecraft', versionId: '3.0', name: 'Server Pack',
          files: [entry(`mods/${await fileOf(mainVersion)}`, mainVersion.sha512), entry('mods/elsewhere.jar', 'f'.repeat(128)), entry('mods/shaders.jar', apiVersion.sha512, 'unsupported')],
          dependencies: { minecraft: '1.21' },
        })),
        'overrides/config/pack.json': enc('{"pack":true}'),
        'server-overrides/config/pack.json': enc('{"server":true}'),
        'client-overrides/options.txt': enc('gui'),
      }),
    )
    const packProject = await world.makeProject('approved')
    await payload.update({ collection: 'projects', id: packProject.id, data: { title: 'Server Pack', projectType: 'modpack' }, overrideAccess: true, depth: 0 })
    const packVersion = await payload.create({ collection: 'versions', data: { project: packProject.id, versionNumber: '3.0', gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true, depth: 0 })
    await payload.create({ collection: 'version-files', data: { version: packVersion.id, primary: true }, file: { data: mrpack, mimetype: 'application/x-modrinth-modpack+zip', name: 'server-pack.mrpack', size: mrpack.length }, overrideAccess: true })
    for (const file of onDisk()) await removeContent(await signed(owner), id, file)

    const result = await installModpackProject(await signed(owner), id, packProject.id)
    expect(result).toEqual({ name: 'Server Pack', files: 1, overrides: 1, skipped: ['mods/elsewhere.jar'], clientOnly: 1 })
    expect(onDisk()).toEqual([await fileOf(mainVersion)])
    expect(sha512(await fileOf(mainVersion))).toBe(mainVersion.sha512)
    expect(readFileSync(path.join(agent.dataDir, 'servers', id, 'config', 'pack.json'), 'utf8')).toBe('{"server":true}')
    expect(existsSync(path.join(agent.dataDir, 'servers', id, 'options.txt'))).toBe(false)
    // A refresh of the content page recognises the pack's mod.
    expect((await installedContent(await signed(owner), id)).items.map((i) => i.project?.id)).toEqual([main.id])
    // A mod project is no modpack.
    await expect(installModpackProject(await signed(owner), id, main.id)).rejects.toThrow('has no modpack file to install.')
  })

  it('what the owner may not see cannot be installed; a stranger finds no server', async () => {
    const hidden = await world.makeProject('draft')
    const draft = await makeVersion(payload, hidden, { versionNumber: '9.9.9', gameVersions: ['1.21'] })
    await expect(installVersion(await signed(owner), id, draft.id)).rejects.toThrow('That version was not found.')
    await expect(installProject(await signed(owner), id, hidden.id, true)).rejects.toThrow('That project has no version for this server.')
    await expect(installedContent(await signed(stranger), id)).rejects.toBeInstanceOf(ServerNotFound)
    await expect(installVersion(await signed(stranger), id, mainVersion.id)).rejects.toBeInstanceOf(ServerNotFound)
  })
})
