/** GET /updates/{id|slug}/forge_updates.json: Forge's update-check JSON (labrinth `routes/updates.rs`). */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { GET } from '../../src/app/updates/[...path]/route'
import type { Project } from '../../src/payload-types'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeV2Project, makeVersion, sessionFor } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let project: Project
let hidden: Project
type ForgeUpdates = { homepage: string; promos: Record<string, string> }

let client = 0
async function updates(path: string, auth?: string) {
  client += 1
  const headers = new Headers({ 'x-forwarded-for': `10.77.0.${client}` })
  if (auth) headers.set('authorization', auth)
  const res = await GET(new Request(`http://localhost/updates${path}`, { headers }))
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: <T>() => JSON.parse(text) as T }
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  if (!(await payload.findByID({ collection: 'loaders', id: 'neoforge', disableErrors: true, overrideAccess: true }))) {
    await payload.create({ collection: 'loaders', data: { id: 'neoforge', supportedProjectTypes: ['mod'] }, overrideAccess: true })
  }
  w = await buildWorld(payload)
  project = await makeV2Project(w, 'approved')
  const at = (month: number) => `2024-0${month}-01T00:00:00.000Z`
  await makeVersion(payload, project, { versionNumber: '1.0.0', loaders: ['forge'], gameVersions: ['1.20.1', '1.21'], datePublished: at(1) })
  await makeVersion(payload, project, { versionNumber: '1.1.0', loaders: ['forge'], gameVersions: ['1.21'], datePublished: at(2) })
  await makeVersion(payload, project, { versionNumber: '1.2.0-beta', versionType: 'beta', loaders: ['forge'], gameVersions: ['1.21', '1.21.1'], datePublished: at(3) })
  await makeVersion(payload, project, { versionNumber: '1.3.0-fabric', loaders: ['fabric'], gameVersions: ['1.21'], datePublished: at(4) })
  await makeVersion(payload, project, { versionNumber: '1.4.0-neo', loaders: ['neoforge'], gameVersions: ['1.21.1'], datePublished: at(5) })
  await makeVersion(payload, project, { versionNumber: '9.9.9-draft', status: 'draft', loaders: ['forge'], gameVersions: ['1.21'], datePublished: at(6) })
  hidden = await makeV2Project(w, 'draft')
  await makeVersion(payload, hidden, { loaders: ['forge'] })
})

describe('GET /updates/{id|slug}/forge_updates.json', () => {
  it('gives the newest version per game version, and the newest release as recommended', async () => {
    for (const key of [project.id, project.slug]) {
      const res = await updates(`/${key}/forge_updates.json`)
      expect(res.status, key).toBe(200)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      const body = res.json<ForgeUpdates>()
      expect(Object.keys(body).sort()).toEqual(['homepage', 'promos'])
      expect(body.homepage).toMatch(new RegExp(`^https?://[^/]+/mod/${project.slug}$`))
      // Fabric, NeoForge and draft versions are left out.
      expect(body.promos).toEqual({
        '1.20.1-latest': '1.0.0',
        '1.20.1-recommended': '1.0.0',
        '1.21-latest': '1.2.0-beta',
        '1.21-recommended': '1.1.0',
        '1.21.1-latest': '1.2.0-beta',
      })
    }
  })

  it('reads NeoForge versions with ?neoforge=only, and both with ?neoforge=include', async () => {
    expect((await updates(`/${project.id}/forge_updates.json?neoforge=only`)).json<ForgeUpdates>().promos).toEqual({ '1.21.1-latest': '1.4.0-neo', '1.21.1-recommended': '1.4.0-neo' })
    const both = (await updates(`/${project.id}/forge_updates.json?neoforge=include`)).json<ForgeUpdates>().promos
    expect(both['1.21.1-latest']).toBe('1.4.0-neo')
    expect(both['1.21-latest']).toBe('1.2.0-beta')
  })

  it('answers 400 for unknown and hidden projects (as labrinth), and shows a hidden one to its team', async () => {
    for (const key of ['nosuchproject', hidden.id]) {
      const res = await updates(`/${key}/forge_updates.json`)
      expect(res.status, key).toBe(400)
      expect(res.json()).toEqual({ error: 'invalid_input', description: 'The specified project does not exist!' })
    }
    expect((await updates(`/${hidden.id}/forge_updates.json`, await sessionFor(payload, w.users.owner))).status).toBe(200)
  })
})
