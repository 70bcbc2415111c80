/** DELETE /v2/version_file/{hash}: a version's file by hash (labrinth `delete_file`: VERSION_WRITE, the DELETE_VERSION bit). */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, patFor, v2, type MadeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
type Json = Record<string, unknown>
type V2Version = { id: string; files: { hashes: { sha1: string; sha512: string }; primary: boolean }[] }

const del = (hash: string, auth?: string | null, qs = '') => v2(`/version_file/${hash}${qs}`, { method: 'DELETE', auth })
const filesOf = async (version: MadeVersion) => (await v2(`/version/${version.id}`)).json<V2Version>().files

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved')
})

describe('DELETE /v2/version_file/{hash}', () => {
  it('refuses anonymous callers, tokens without VERSION_WRITE, and callers without the DELETE_VERSION bit (401)', async () => {
    const version = await makeVersion(payload, project, {}, [{ fileType: 'sources-jar' }])
    const readOnly = await patFor(payload, w.users.owner, ['VERSION_READ'])
    for (const auth of [null, readOnly, await patFor(payload, w.users.stranger, ['VERSION_WRITE', 'VERSION_READ']), await patFor(payload, w.users.memberNoBits, ['VERSION_WRITE', 'VERSION_READ']), await patFor(payload, w.users.moderator, ['VERSION_WRITE', 'VERSION_READ'])]) {
      const res = await del(version.sha1, auth)
      expect(res.status, String(auth)).toBe(401)
      expect(res.json<Json>().error).toBe('unauthorized')
    }
    const stranger = await del(version.sha1, await patFor(payload, w.users.stranger, ['VERSION_WRITE']))
    expect(stranger.json<Json>().description).toBe("You don't have permission to delete this file!")
    expect(await filesOf(version)).toHaveLength(2)
  })

  it('deletes the file for the owner; the remaining file becomes primary; the hash is gone after', async () => {
    const version = await makeVersion(payload, project, {}, [{ fileType: 'sources-jar' }])
    const pat = await patFor(payload, w.users.owner, ['VERSION_WRITE', 'VERSION_READ'])
    const res = await del(version.sha512, pat, '?algorithm=sha512')
    expect(res.status, res.text).toBe(204)
    expect(res.text).toBe('')
    const files = await filesOf(version)
    expect(files).toHaveLength(1)
    expect(files[0].hashes.sha1).not.toBe(version.sha1)
    expect(files[0].primary).toBe(true)
    expect((await v2(`/version_file/${version.sha1}`)).status).toBe(404)
    expect((await del(version.sha1, pat)).status).toBe(404)
  })

  it("refuses to delete a version's only file (400), and a member with the bit may delete", async () => {
    const only = await makeVersion(payload, project)
    const owner = await patFor(payload, w.users.owner, ['VERSION_WRITE'])
    const res = await del(only.sha1, owner)
    expect(res.status).toBe(400)
    expect(res.json<Json>()).toEqual({ error: 'invalid_input', description: 'Versions must have at least one file uploaded to them' })
    const two = await makeVersion(payload, project, {}, [{ fileType: 'signature' }])
    const extra = (await filesOf(two)).find((f) => !f.primary)!
    expect((await del(extra.hashes.sha1, await patFor(payload, w.users.member, ['VERSION_WRITE']))).status).toBe(204)
    expect(await filesOf(two)).toHaveLength(1)
  })

  it('answers 404 for unknown hashes, hidden files and another version_id; 400 for a bad hash', async () => {
    const pat = await patFor(payload, w.users.owner, ['VERSION_WRITE'])
    const version = await makeVersion(payload, project, {}, [{ fileType: 'sources-jar' }])
    const other = await makeVersion(payload, project)
    expect((await del('f'.repeat(40), pat)).status).toBe(404)
    expect((await del(version.sha1, pat, `?version_id=${other.id}`)).status).toBe(404)
    const hidden = await makeVersion(payload, await makeV2Project(w, 'draft'), {}, [{ fileType: 'sources-jar' }])
    expect((await del(hidden.sha1, await patFor(payload, w.users.stranger, ['VERSION_WRITE']))).status).toBe(404)
    expect((await del('abc', pat)).status).toBe(400)
    expect((await del(version.sha1, pat, `?version_id=${version.id}`)).status).toBe(204)
  })
})
