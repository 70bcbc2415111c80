/**
 * Contract tests for `/v2` against the running, seeded production server: the `modrinthjs` client
 * (generated from Modrinth's own OpenAPI spec) is pointed at our base URL and calls every read
 * endpoint it knows; each response is validated against modrinthjs's schema for it (see
 * v2-modrinth-schema.ts). Endpoints modrinthjs has no method for (`update_many`,
 * `version_file/project`, the download redirect) are called with fetch and validated the same way.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'

import { expect, test } from '@playwright/test'

import { listProblems, problems } from './v2-modrinth-schema'

type Modrinth = typeof import('modrinthjs/src/index')
type Project = import('modrinthjs/src/models/Project').Project
type Version = import('modrinthjs/src/models/Version').Version

const require = createRequire(import.meta.url)
const modrinth = require('modrinthjs') as Modrinth
const { OpenAPI, ProjectsService, VersionsService, VersionFilesService, UsersService, TeamsService, TagsService, MiscService } = modrinth

const base = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3123').replace(/\/$/, '')
const api = `${base}/v2`

const valid = (model: string, value: unknown) => expect(problems(model, value), `${model}: ${JSON.stringify(value).slice(0, 200)}`).toEqual([])
const validList = (model: string, values: unknown[]) => {
  expect(Array.isArray(values)).toBe(true)
  expect(listProblems(model, values)).toEqual([])
}
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status, path).toBe(200)
  return res.json()
}

let projects: Project[]
let mod: Project // a listed project with versions and a gallery
let versions: Version[]
let file: Version['files'][number]

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  OpenAPI.BASE = api
  OpenAPI.TOKEN = undefined
  projects = await ProjectsService.randomProjects(100)
  mod = projects.find((p) => (p.versions?.length ?? 0) >= 2 && (p.gallery?.length ?? 0) > 0 && p.project_type === 'mod')!
  expect(mod, 'the demo data has a mod with versions and a gallery').toBeTruthy()
  versions = await VersionsService.getProjectVersions(mod.slug!)
  file = versions[0].files[0]
})

test('the schema check is not vacuous', () => {
  expect(problems('Project', {})).toContain('Project.id: required by Project but missing')
  expect(problems('Version', { ...versions[0], version_type: 'nightly' }).join()).toMatch(/version_type/)
  expect(problems('GameVersionTag', { version: '1.21', version_type: 'release', date: 'x', major: 'yes' }).join()).toMatch(/major/)
})

test.describe('search', () => {
  test('GET /search with query, facets, index, offset and limit', async () => {
    const facets = JSON.stringify([[`project_type:${mod.project_type}`], [`versions:${mod.game_versions![0]}`]])
    // The full title: relevance puts the exact title first, whatever else shares its words.
    const res = await ProjectsService.searchProjects(mod.title!, facets, 'relevance', 0, 5)
    valid('SearchResults', res)
    expect(res.hits.map((h) => h.project_id)).toContain(mod.id)
    expect(res.limit).toBe(5)
    const all = await ProjectsService.searchProjects(undefined, undefined, 'newest', 0, 100)
    valid('SearchResults', all)
    expect(all.total_hits).toBeGreaterThan(10)
    // Our additions: exclusions and the trending index, through the same client.
    const without = await ProjectsService.searchProjects(undefined, JSON.stringify([[`project_id!=${mod.id}`]]), 'relevance', 0, 100)
    expect(without.hits.map((h) => h.project_id)).not.toContain(mod.id)
    const trending = await fetch(`${api}/search?index=trending&limit=3`)
    expect(trending.status).toBe(200)
    valid('SearchResults', await trending.json())
  })
})

test.describe('projects', () => {
  test('GET /project/{id|slug}', async () => {
    const bySlug = await ProjectsService.getProject(mod.slug!)
    valid('Project', bySlug)
    const byId = await ProjectsService.getProject(mod.id)
    expect(byId).toEqual(bySlug)
    expect(bySlug.body_url).toBeNull()
    expect(typeof bySlug.color === 'number' || bySlug.color === null).toBe(true)
  })

  test('GET /projects?ids=[…] and /projects_random', async () => {
    const some = await ProjectsService.getProjects(JSON.stringify([projects[0].id, projects[1].slug]))
    validList('Project', some)
    expect(some.map((p) => p.id)).toEqual([projects[0].id, projects[1].id])
    validList('Project', projects)
    for (const p of projects) expect(['approved', 'archived']).toContain(p.status)
    validList('Project', await ProjectsService.randomProjects(3))
  })

  test('GET /project/{id}/check', async () => {
    // modrinthjs types this as a bare ProjectIdentifier; labrinth (and we) answer {"id": …}.
    const check = (await ProjectsService.checkProjectValidity(mod.slug!)) as unknown as { id: string }
    expect(check).toEqual({ id: mod.id })
    valid('ProjectIdentifier', check.id)
  })

  test('GET /project/{id}/dependencies', async () => {
    const withDeps = projects.find((p) => p.project_type === 'modpack') ?? mod
    const deps = await ProjectsService.getDependencies(withDeps.id)
    valid('ProjectDependencyList', deps)
  })

  test('GET /project/{id}/members, /team/{id}/members, /teams', async () => {
    const members = await TeamsService.getProjectTeamMembers(mod.slug!)
    validList('TeamMember', members)
    expect(members.length).toBeGreaterThan(0)
    const team = await TeamsService.getTeamMembers(mod.team)
    validList('TeamMember', team)
    const other = projects.find((p) => p.team !== mod.team)!
    const teams = await TeamsService.getTeams(JSON.stringify([mod.team, other.team]))
    expect(teams).toHaveLength(2)
    for (const t of teams) validList('TeamMember', t)
  })

  test('a hidden or unknown project is a 404 with an empty body', async () => {
    const error = await ProjectsService.getProject('no-such-project-anywhere').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(modrinth.ApiError)
    expect((error as InstanceType<Modrinth['ApiError']>).status).toBe(404)
    const raw = await fetch(`${api}/project/no-such-project-anywhere`)
    expect(await raw.text()).toBe('')
  })
})

test.describe('versions', () => {
  test('GET /project/{id}/version with filters', async () => {
    validList('Version', versions)
    const loader = versions[0].loaders![0]
    const gameVersion = versions[0].game_versions![0]
    const filtered = await VersionsService.getProjectVersions(mod.id, JSON.stringify([loader]), JSON.stringify([gameVersion]), undefined)
    validList('Version', filtered)
    expect(filtered.map((v) => v.id)).toContain(versions[0].id)
    for (const v of filtered) {
      expect(v.loaders).toContain(loader)
      expect(v.game_versions).toContain(gameVersion)
    }
    validList('Version', await VersionsService.getProjectVersions(mod.id, undefined, undefined, true))
  })

  test('GET /project/{id}/version/{id|number}, /version/{id}, /versions', async () => {
    const v = versions[versions.length - 1]
    valid('Version', await VersionsService.getVersionFromIdOrNumber(mod.slug!, v.id))
    const byNumber = await VersionsService.getVersionFromIdOrNumber(mod.id, v.version_number!)
    valid('Version', byNumber)
    expect(byNumber.version_number).toBe(v.version_number)
    const single = await VersionsService.getVersion(v.id)
    valid('Version', single)
    const many = await VersionsService.getVersions(JSON.stringify(versions.map((x) => x.id)))
    validList('Version', many)
    expect(many).toHaveLength(versions.length)
  })
})

test.describe('version files', () => {
  test('GET /version_file/{hash} by sha1 and sha512', async () => {
    const bySha1 = await VersionFilesService.versionFromHash(file.hashes.sha1!)
    valid('Version', bySha1)
    expect(bySha1.id).toBe(versions[0].id)
    const bySha512 = await VersionFilesService.versionFromHash(file.hashes.sha512!, 'sha512')
    expect(bySha512.id).toBe(versions[0].id)
  })

  test('GET /version_file/{hash}/download redirects to the file', async () => {
    const res = await fetch(`${api}/version_file/${file.hashes.sha1}/download`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    const location = res.headers.get('location')!
    expect(location).toBe(file.url)
    const bytes = Buffer.from(await (await fetch(location)).arrayBuffer())
    expect(createHash('sha1').update(bytes).digest('hex')).toBe(file.hashes.sha1)
  })

  test('POST /version_files, /version_file/project', async () => {
    // Versions with a file (another spec may leave one of this random mod's versions without any).
    const hashes = versions.filter((v) => v.files.length > 0).map((v) => v.files[0]!.hashes.sha1!)
    const map = await VersionFilesService.versionsFromHashes({ hashes, algorithm: modrinth.HashList.algorithm.SHA1 })
    valid('HashVersionMap', map)
    expect(Object.keys(map).sort()).toEqual([...new Set(hashes)].sort())
    const projectsByHash = (await post('/version_file/project', { hashes, algorithm: 'sha1' })) as Record<string, unknown>
    for (const p of Object.values(projectsByHash)) valid('Project', p)
    expect(Object.values(projectsByHash).map((p) => (p as Project).id)).toContain(mod.id)
  })

  test('POST /version_file/{hash}/update, /version_files/update, /version_files/update_many', async () => {
    // The oldest version with a file (another spec may leave one of this random mod's versions without any).
    const oldest = versions.filter((v) => v.files.length > 0).at(-1)!
    const hash = oldest.files[0].hashes.sha1!
    const body = { loaders: oldest.loaders!, game_versions: oldest.game_versions! }
    const latest = await VersionFilesService.getLatestVersionFromHash(hash, 'sha1', body)
    valid('Version', latest)
    const updates = await VersionFilesService.getLatestVersionsFromHashes({ hashes: [hash], algorithm: modrinth.HashList.algorithm.SHA1, ...body })
    valid('HashVersionMap', updates)
    expect(updates[hash].id).toBe(latest.id)
    const many = (await post('/version_files/update_many', { hashes: [hash], algorithm: 'sha1', ...body })) as Record<string, unknown[]>
    for (const list of Object.values(many)) validList('Version', list)
    expect((many[hash][0] as Version).id).toBe(latest.id)
  })
})

test.describe('users', () => {
  test('GET /user/{id|username}, /users, /user/{id}/projects', async () => {
    const [owner] = await TeamsService.getProjectTeamMembers(mod.id)
    const user = await UsersService.getUser(owner.user.username)
    valid('User', user)
    expect(user.email ?? null).toBeNull()
    validList('User', await UsersService.getUsers(JSON.stringify([owner.user.id, 'admin'])))
    const theirs = await UsersService.getUserProjects(owner.user.id)
    validList('Project', theirs)
    expect(theirs.map((p) => p.id)).toContain(mod.id)
  })

  test('GET /user with a session token (with and without Bearer)', async () => {
    // A user no other spec signs in as: concurrent sign-ins of one user race on Payload's session list.
    const username = 'copperkettle'
    const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: process.env.DEMO_PASSWORD ?? 'demo-password' }) })
    const { token } = (await login.json()) as { token: string }
    OpenAPI.TOKEN = token // modrinthjs sends "Bearer <token>"
    try {
      const me = await UsersService.getUserFromAuth()
      valid('User', me)
      expect(me.username).toBe(username)
      expect(me.email).toBe(`${username}@example.com`)
    } finally {
      OpenAPI.TOKEN = undefined
    }
    const bare = await fetch(`${api}/user`, { headers: { authorization: token } })
    expect(((await bare.json()) as { username: string }).username).toBe(username)
  })
})

test.describe('tags and statistics', () => {
  test('GET /tag/*', async () => {
    validList('CategoryTag', await TagsService.categoryList())
    validList('LoaderTag', await TagsService.loaderList())
    const gameVersions = await TagsService.versionList()
    validList('GameVersionTag', gameVersions)
    validList('LicenseTag', await TagsService.licenseList())
    const mit = await TagsService.licenseText('MIT')
    valid('License', mit)
    validList('DonationPlatformTag', await TagsService.donationPlatformList())
    for (const list of [await TagsService.reportTypeList(), await TagsService.projectTypeList(), await TagsService.sideTypeList()]) {
      expect(list.length).toBeGreaterThan(0)
      for (const s of list) expect(typeof s).toBe('string')
    }
    expect(await TagsService.sideTypeList()).toEqual(['required', 'optional', 'unsupported', 'unknown'])
  })

  test('GET /statistics', async () => {
    const stats = await MiscService.statistics()
    valid('Statistics', stats)
    expect(stats.projects).toBeGreaterThan(0)
  })
})

test.describe('the API as a whole', () => {
  test('rate-limit headers, CORS, not-found JSON, OpenAPI document', async () => {
    const res = await fetch(`${api}/no/such/route`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not_found', description: 'the requested route does not exist' })
    expect(res.headers.get('x-ratelimit-limit')).toBe('300')
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const doc = (await (await fetch(`${api}/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).length).toBeGreaterThan(30)
    const page = await fetch(`${api}/docs`)
    expect(await page.text()).toContain('/v2/openapi.json')
  })
})
