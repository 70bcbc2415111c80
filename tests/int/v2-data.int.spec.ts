/**
 * The fast read paths of `src/lib/data` against the Local API, for every kind of user: `findVisible`
 * must return exactly what a Local API find with `overrideAccess: false` returns, and the batch hash
 * lookup (access-checked ids, then the one-statement read model) must show exactly the versions and
 * files the Local API shows — nothing hidden may leak through the faster path.
 */
import type { CollectionSlug, Payload, Where } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { findVisible, viewerFor } from '../../src/lib/data'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, sessionFor, v2, type MadeVersion } from '../helpers/v2'
import { ACTORS, buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
const projects: Project[] = []
const versions: MadeVersion[] = []

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  for (const status of ['approved', 'unlisted', 'archived', 'private', 'draft', 'withheld'] as const) {
    const p = await makeV2Project(w, status)
    projects.push(p)
    for (const vs of ['listed', 'archived', 'unlisted', 'draft', 'scheduled'] as const) {
      versions.push(await makeVersion(payload, p, { status: vs }, vs === 'listed' ? [{ fileType: 'sources-jar' }] : []))
    }
  }
})

describe('findVisible', () => {
  const cases: { collection: CollectionSlug; where: () => Where; select?: Record<string, true> }[] = [
    { collection: 'projects', where: () => ({ id: { in: projects.map((p) => p.id) } }) },
    { collection: 'versions', where: () => ({ project: { in: projects.map((p) => p.id) } }) },
    { collection: 'version-files', where: () => ({ 'version.project': { in: projects.map((p) => p.id) } }), select: { version: true, sha1: true, sha512: true, filename: true, primary: true, fileType: true, filesize: true } },
  ]
  for (const actor of ACTORS) {
    it(`returns what the Local API returns, for ${actor}`, async () => {
      const user = w.as(actor)
      const viewer = await viewerFor(payload, user)
      for (const c of cases) {
        const fast = await findVisible(viewer, c.collection, { where: c.where(), select: c.select, sort: 'id' })
        const local = await payload.find({ collection: c.collection, where: c.where(), select: c.select, sort: 'id', pagination: false, depth: 0, joins: false, overrideAccess: false, user: user ?? undefined } as unknown as Parameters<Payload['find']>[0])
        expect(fast, `${actor} ${c.collection}`).toEqual(local.docs)
      }
    })
  }
})

describe('POST /v2/version_files shows what the Local API shows', () => {
  for (const actor of ACTORS) {
    it(`for ${actor}`, async () => {
      const user = w.as(actor)
      const hashes = versions.map((v) => v.sha1)
      const auth = user ? await sessionFor(payload, user) : undefined
      const res = await v2('/version_files', { body: { hashes, algorithm: 'sha1' }, auth })
      expect(res.status).toBe(200)
      const map = res.json<Record<string, { id: string; files: { id: string; hashes: { sha1: string } }[]; loaders: string[]; game_versions: string[] }>>()

      const files = await payload.find({ collection: 'version-files', where: { sha1: { in: hashes } }, pagination: false, depth: 0, overrideAccess: false, user: user ?? undefined })
      const expected: Record<string, string> = Object.fromEntries(files.docs.map((f) => [f.sha1!, f.version as string]))
      expect(Object.fromEntries(Object.entries(map).map(([h, v]) => [h, v.id]))).toEqual(expected)

      for (const version of Object.values(map)) {
        const own = await payload.find({ collection: 'version-files', where: { version: { equals: version.id } }, sort: 'createdAt', pagination: false, depth: 0, overrideAccess: false, user: user ?? undefined })
        expect(version.files.map((f) => f.id)).toEqual(own.docs.map((f) => f.id))
        const doc = await payload.findByID({ collection: 'versions', id: version.id, depth: 0, overrideAccess: false, user: user ?? undefined })
        expect(version.loaders).toEqual(doc.loaders)
        expect(version.game_versions).toEqual(doc.gameVersions)
      }
    })
  }
})
