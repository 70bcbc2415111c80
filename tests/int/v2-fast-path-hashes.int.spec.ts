/**
 * The update check's one-statement reads (src/plugins/api-v2/handlers/version-files-read.ts) against
 * the Local API reads they replace, for every kind of user: the same files per hash (visibility,
 * quarantine, the oldest upload of a shared hash), the same projects, the same newest version per
 * project under every filter. And a read access rule the SQL translation does not know falls back to
 * the Local API instead of being skipped.
 */
import type { Payload, Where } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { getFilesByHashes, getLatestVersionIds, getVersionProjectIds, viewerFor, type VersionFilter } from '../../src/lib/data'
import { latestVersionIds, visibleFilesByHashes, whereSql } from '../../src/plugins/api-v2/handlers/version-files-read'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { testJar } from '../helpers/jar'
import { makeV2Project, makeVersion, type MadeVersion } from '../helpers/v2'
import { ACTORS, buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const projects: Project[] = []
const versions: MadeVersion[] = []
let sharedHash = ''

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  let day = 1
  for (const status of ['approved', 'unlisted', 'archived', 'private', 'draft', 'withheld'] as const) {
    const p = await makeV2Project(w, status)
    projects.push(p)
    for (const vs of ['listed', 'archived', 'unlisted', 'draft', 'scheduled'] as const) {
      const loaders = day % 2 ? ['fabric'] : ['forge', 'datapack']
      const gameVersions = day % 3 ? ['1.21'] : ['1.20.1', '1.21.1']
      const versionType = (['release', 'beta', 'alpha'] as const)[day % 3]
      versions.push(await makeVersion(payload, p, { status: vs, loaders, gameVersions, versionType, datePublished: `2024-01-${String(day++).padStart(2, '0')}T00:00:00.000Z` }))
    }
  }
  // Two versions without a publication date (Payload sorts them first, newest first).
  versions.push(await makeVersion(payload, projects[0], { status: 'listed', datePublished: null }))
  // A quarantined file (a malicious verdict): staff alone see it.
  const quarantined = versions[1]
  const [qFile] = (await payload.find({ collection: 'version-files', where: { version: { equals: quarantined.id } }, overrideAccess: true, depth: 0 })).docs
  await payload.update({ collection: 'version-files', id: qFile.id, data: { quarantined: true }, overrideAccess: true })
  // The same bytes in a hidden version and, later, in a visible one: each viewer gets its oldest visible copy.
  const bytes = testJar('shared-between-versions')
  for (const v of [versions[3] /* draft */, versions[0] /* listed */]) {
    await payload.create({ collection: 'version-files', data: { version: v.id, primary: false }, file: { data: bytes, mimetype: 'application/java-archive', name: `shared-${v.id}.jar`, size: bytes.length }, overrideAccess: true })
  }
  sharedHash = (await payload.find({ collection: 'version-files', where: { filename: { like: 'shared-' } }, limit: 1, overrideAccess: true, depth: 0 })).docs[0].sha1!
})

const hashesOf = (algorithm: 'sha1' | 'sha512') => [...versions.map((v) => v[algorithm]), ...(algorithm === 'sha1' ? [sharedHash, 'f'.repeat(40)] : [])]

describe('files by hash', () => {
  for (const actor of ACTORS) {
    it(`finds what the Local API finds, for ${actor}`, async () => {
      const viewer = await viewerFor(payload, w.as(actor))
      for (const algorithm of ['sha1', 'sha512'] as const) {
        const hashes = hashesOf(algorithm)
        const local = await getFilesByHashes(viewer, algorithm, hashes)
        const projectOf = await getVersionProjectIds(viewer, [...local.values()].map((f) => f.version as string))
        const expected = Object.fromEntries([...local].map(([h, f]) => [h, { id: f.id, version: f.version, project: projectOf.get(f.version as string), filename: f.filename }]))
        const fast = Object.fromEntries(await visibleFilesByHashes(viewer, algorithm, hashes))
        expect(fast, `${actor} ${algorithm}`).toEqual(expected)
        if (actor === 'anonymous') expect(Object.keys(fast).length).toBeGreaterThan(0)
      }
      // Only the files of one version.
      const only = versions[0].id
      const local = await getFilesByHashes(viewer, 'sha1', hashesOf('sha1'), only)
      expect([...(await visibleFilesByHashes(viewer, 'sha1', hashesOf('sha1'), only)).keys()].sort()).toEqual([...local.keys()].sort())
    })
  }
})

describe('newest version per project', () => {
  const filters: VersionFilter[] = [
    {},
    { loaders: ['fabric'] },
    { loaders: ['forge', 'datapack'], gameVersions: ['1.21.1'] },
    { gameVersions: ['1.21'], versionTypes: ['release'] },
    { versionTypes: ['beta', 'alpha'] },
    { loaders: ['paper'] },
  ]
  for (const actor of ACTORS) {
    it(`is the Local API's, under every filter, for ${actor}`, async () => {
      const viewer = await viewerFor(payload, w.as(actor))
      const ids = [...projects.map((p) => p.id), 'no-such-project']
      for (const filter of filters) {
        const expected = Object.fromEntries(await getLatestVersionIds(viewer, ids, filter))
        expect(Object.fromEntries(await latestVersionIds(viewer, ids, filter)), `${actor} ${JSON.stringify(filter)}`).toEqual(expected)
      }
    })
  }
})

describe('access translation', () => {
  it('knows the shapes the read rules use and refuses anything else', () => {
    const columns = { status: { alias: 'v', table: 'versions', column: 'status' }, 'project.team': { alias: 'p', table: 'projects', column: 'team_id' } } as const
    const types = new Map([['versions.status', 'enum_versions_status'], ['projects.team_id', 'character varying']])
    expect(() => whereSql({ status: { in: ['listed'] } }, columns, types)).not.toThrow()
    expect(() => whereSql({ or: [{ status: { equals: 'listed' } }, { 'project.team': { not_equals: 'x' } }] }, columns, types)).not.toThrow()
    for (const where of [{ status: { like: 'list' } }, { author: { equals: 'x' } }, { status: { not_in: ['draft'] } }, { status: { exists: true } }] as Where[]) {
      expect(() => whereSql(where, columns, types), JSON.stringify(where)).toThrow()
    }
  })

  it('a read rule it cannot translate is applied through the Local API, not skipped', async () => {
    const config = payload.collections['version-files'].config
    const original = config.access.read
    // A rule on a path the translation has no column for: only files of versions with this number.
    const number = versions[0].versionNumber
    config.access.read = (() => ({ 'version.versionNumber': { equals: number } })) as typeof original
    try {
      const viewer = await viewerFor(payload, null)
      const found = await visibleFilesByHashes(viewer, 'sha1', hashesOf('sha1'))
      // versions[0]'s own file, and the shared bytes (whose older copy is in another version).
      expect(new Set([...found.values()].map((f) => f.version))).toEqual(new Set([versions[0].id]))
      expect(found.size).toBe(2)
    } finally {
      config.access.read = original
    }
  })
})
