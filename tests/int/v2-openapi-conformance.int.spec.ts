/**
 * Issue 35 item 2: every `/v2` answer validates against Modrinth's published description
 * (tests/int/fixtures/modrinth-openapi.yaml, copied unchanged from modrinth/code): required fields
 * present, types right, `null` only where allowed, enum values listed. Every documented GET we serve
 * is called anonymously and with a token holding every scope; the write routes that answer a body
 * are checked on their way to seeding the data. Where labrinth itself differs from its description,
 * we follow labrinth: those differences are EXCEPTIONS below, each with its reason.
 */
import path from 'node:path'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import { ALL_SCOPES, RESTRICTED_SCOPES, scopeNames } from '../../src/access/core/scopes'
import { GET as updatesGET } from '../../src/app/updates/[...path]/route'
import { POST as v2POST } from '../../src/app/v2/[...path]/route'
import { v2Routes } from '../../src/plugins/api-v2'
import { updatesRoutes } from '../../src/plugins/api-v2/handlers/updates'
import { type Exception, openApiValidator, readOpenApi, routeKey } from '../helpers/openapi'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { testJar } from '../helpers/jar'
import { ids, patFor, sha1, v2 } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'

type Schema = Record<string, unknown>
const prop = (defs: Record<string, Schema>, model: string, name: string) => (defs[model] as { properties: Record<string, Schema> }).properties[name]
const allowNull = (s: Schema) => ({ anyOf: [{ type: 'null' }, s] })

/** Where labrinth (whose behaviour we keep) answers other than its description says. Keep it short. */
const EXCEPTIONS: Exception[] = [
  {
    where: 'User.avatar_url, User.bio: null',
    why: 'labrinth LegacyUser/User have `avatar_url: Option<String>` and `bio: Option<String>`: null for a user without them',
    patch: (d) => {
      const user = (d.User.allOf as Schema[])[1] as { properties: Record<string, Schema> }
      user.properties.avatar_url = allowNull(user.properties.avatar_url)
      const editable = d.EditableUser as { properties: Record<string, Schema> }
      editable.properties.bio = allowNull(editable.properties.bio)
    },
  },
  {
    where: 'TeamMember.permissions, TeamMember.payouts_split: null',
    why: 'labrinth LegacyTeamMember has `Option<ProjectPermissions>` and `Option<Decimal>`: null when the caller may not see them',
    patch: (d) => {
      const tm = d.TeamMember as { properties: Record<string, Schema> }
      tm.properties.permissions = allowNull(tm.properties.permissions)
      tm.properties.payouts_split = allowNull(tm.properties.payouts_split)
    },
  },
  {
    where: 'Notification.type: any string',
    why: 'labrinth LegacyNotification names every body type (report_submitted, pat_created, …), not only the four listed',
    patch: (d) => void delete prop(d, 'Notification', 'type').enum,
  },
  {
    where: 'ThreadMessageBody.type: also thread_reopen',
    why: 'labrinth LegacyMessageBody has ThreadReopen (a reopened report)',
    patch: (d) => void (prop(d, 'ThreadMessageBody', 'type').enum as string[]).push('thread_reopen'),
  },
]

/** Statuses labrinth answers that the description leaves out, by route (and why). */
const STATUS_EXCEPTIONS: Record<string, { status: number; why: string }> = {
  'POST /thread/{}': { status: 204, why: 'labrinth v2 thread_send_message answers 204 No Content ("Returns NoContent"), not the Thread the description shows' },
}
/** labrinth answers 401 (AuthError) to an anonymous caller of any route that needs a user, documented or not. */
const ANONYMOUS_401 = 'labrinth refuses anonymous callers of authenticated routes with 401 even where the description lists no 401'

/** Documented routes we do not serve (the gap, visible). */
const NOT_SERVED = ['GET /user/{}/payouts', 'POST /user/{}/payouts']
/** Routes we serve under /v2 that the description does not document (labrinth has them too, undocumented or internal). */
const UNDOCUMENTED = [
  'DELETE /report/{}', 'DELETE /pat/{}', 'DELETE /session/{}', 'GET /pat', 'GET /session/list', 'GET /version_file/{}/download', 'PATCH /pat/{}',
  'POST /pat', 'POST /session/refresh', 'POST /version_file/project', 'POST /version_files/update_individual', 'POST /version_files/update_many',
].sort()

const doc = readOpenApi(path.join(import.meta.dirname, 'fixtures', 'modrinth-openapi.yaml'))
const spec = openApiValidator(doc, EXCEPTIONS)
const templates = new Map(spec.operations().map((o) => [routeKey(o.method, o.template), o.template]))
const served = [...v2Routes.filter((r) => r.tag !== 'meta'), ...updatesRoutes.map((r) => ({ ...r, path: `/updates${r.path}` }))].map((r) => routeKey(r.method, r.path))

const problems: string[] = []
const checked = new Set<string>()
/** Validates one answer of `METHOD /template` (ours or the description's spelling) and records what is wrong. */
function record(method: string, template: string, status: number, body: string, who: 'anonymous' | 'token') {
  const key = routeKey(method, template)
  checked.add(`${key} ${who}`)
  const docTemplate = templates.get(key)
  if (!docTemplate) return problems.push(`${key} is not documented`)
  const allowed = STATUS_EXCEPTIONS[key]
  if (allowed?.status === status) return problems.push(...(body === '' ? [] : [`${key} ${status}: expected no body`]))
  const op = doc.paths[docTemplate][method.toLowerCase()] as { responses?: Record<string, unknown> }
  if (status === 401 && who === 'anonymous' && !op.responses?.['401']) return problems.push(...spec.checkComponent('AuthError', body).map((p) => `${key} 401 (${ANONYMOUS_401}): ${p}`))
  problems.push(...spec.check(docTemplate, method, status, body).map((p) => `${p} [${who}]`))
}

let payload: Payload
let w: World
let token = ''
const run = Date.now().toString(36)
/** A word only this file's projects have, so one search finds all three. */
const WORD = `oaconf${run}`
const seeded = { project: '', slug: '', team: '', version: '', versionNumber: '', hash: '', dep: '', report: '', reportThread: '', projectThread: '', notifications: [] as string[] }

/** A call through the /v2 handlers, validated whatever it is. */
async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', template: string, url: string, who: 'anonymous' | 'token', opts: { body?: unknown; rawBody?: Buffer; type?: string } = {}) {
  const res = await v2(url, {
    method,
    auth: who === 'token' ? token : null,
    body: opts.body,
    rawBody: opts.rawBody as unknown as string,
    headers: opts.type ? { 'content-type': opts.type } : {},
  })
  record(method, template, res.status, res.text, who)
  return res
}

/** POST /project and /version: a `data` part and file parts, with the token; the answer is validated too. */
async function multipart(url: '/project' | '/version', data: unknown, files: Record<string, { name: string; bytes: Buffer; type: string }> = {}) {
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  for (const [part, f] of Object.entries(files)) form.append(part, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  const res = await v2POST(new Request(`http://localhost/v2${url}`, { method: 'POST', body: form, headers: { authorization: token, 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } }))
  const text = await res.text()
  expect(res.status, text).toBe(200)
  record('POST', url, res.status, text, 'token')
  return { status: res.status, text, json: <T>() => JSON.parse(text) as T }
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const custom = await payload.count({ collection: 'licenses', where: { id: { equals: 'LicenseRef-Custom' } }, overrideAccess: true })
  if (!custom.totalDocs) await payload.create({ collection: 'licenses', data: { id: 'LicenseRef-Custom', name: 'Custom License' }, overrideAccess: true })
  const { owner, moderator, stranger } = w.users
  token = await patFor(payload, owner, scopeNames(ALL_SCOPES & ~RESTRICTED_SCOPES))

  // The owner has an avatar and a bio, set through /v2 (the answers validated); the stranger has none.
  expect((await call('PATCH', '/user/{id}/icon', `/user/${owner.id}/icon?ext=png`, 'token', { rawBody: await tinyPng(32), type: 'image/png' })).status).toBe(204)
  expect((await call('PATCH', '/user/{id}', `/user/${owner.id}`, 'token', { body: { bio: 'Makes ores.' } })).status).toBe(204)
  expect((await call('PATCH', '/user/{id}', `/user/${stranger.id}`, 'token', { body: { bio: 'Not mine to write.' } })).status).toBe(401)

  // A dependency: an approved project of an organization, without an icon, under a licence of its own, with a listed version.
  const org = await payload.create({ collection: 'organizations', data: { slug: `oa-guild-${run}`, name: `Guild ${run}` }, user: owner, overrideAccess: false })
  const depForm = { title: 'Shared Library', slug: `oa-lib-${run}`, description: `A library the conformance project depends on (${WORD}).`, project_type: 'mod', categories: ['technology'], client_side: 'required', server_side: 'required', license_id: 'LicenseRef-Custom', license_url: 'https://example.test/licence', body: 'Library body.', is_draft: true, initial_versions: [] }
  const dep = (await multipart('/project', depForm)).json<{ id: string }>()
  await multipart('/version', { project_id: dep.id, version_number: '2.0.0', name: 'Library 2', changelog: 'First', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: true, dependencies: [], file_parts: ['file'] }, { file: { name: 'lib.jar', bytes: testJar(`lib-${run}`), type: 'application/java-archive' } })
  await payload.update({ collection: 'projects', id: dep.id, data: { organization: org.id }, overrideAccess: true })
  await payload.update({ collection: 'projects', id: dep.id, data: { status: 'approved' }, user: moderator, overrideAccess: false })
  seeded.dep = dep.id

  // An approved modpack without versions yet (a search hit with no latest version).
  const empty = (await multipart('/project', { title: 'Empty Pack', slug: `oa-pack-${run}`, description: `A pack with nothing in it yet (${WORD}).`, project_type: 'modpack', categories: ['adventure'], client_side: 'optional', server_side: 'optional', license_id: 'MIT', body: 'Soon.', is_draft: true, initial_versions: [] })).json<{ id: string }>()
  await payload.update({ collection: 'projects', id: empty.id, data: { status: 'approved' }, overrideAccess: true })

  // The project: created with an icon, edited, a gallery, approved by a moderator.
  const created = await multipart('/project', { title: 'Conformance Ores', slug: `oa-ores-${run}`, description: `Ores and tools for the OpenAPI conformance test (${WORD}).`, project_type: 'mod', categories: ['technology', 'magic'], additional_categories: ['utility'], client_side: 'required', server_side: 'optional', license_id: 'MIT', body: '# Ores\nMany ores.', is_draft: true, initial_versions: [] }, { icon: { name: 'icon.png', bytes: await tinyPng(64), type: 'image/png' } })
  const project = created.json<{ id: string; slug: string; team: string; thread_id: string }>()
  Object.assign(seeded, { project: project.id, slug: project.slug, team: project.team })
  await call('PATCH', '/project/{id}', `/project/${project.id}`, 'token', { body: { source_url: 'https://example.test/src', issues_url: 'https://example.test/issues', donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.example.test/ores' }] } })
  expect((await call('PATCH', '/projects', `/projects?ids=${encodeURIComponent(JSON.stringify([project.id]))}`, 'token', { body: { add_categories: ['utility'], remove_categories: ['utility'], wiki_url: 'https://example.test/wiki' } })).status).toBe(204)
  await call('POST', '/project/{id}/gallery', `/project/${project.id}/gallery?ext=png&featured=true&title=Caves&description=${encodeURIComponent('A cave full of ores')}`, 'token', { rawBody: await tinyPng(48), type: 'image/png' })
  await call('POST', '/project/{id}/gallery', `/project/${project.id}/gallery?ext=png&featured=false`, 'token', { rawBody: await tinyPng(40), type: 'image/png' })

  const jar = testJar(`ores-${run}`)
  const version = await multipart('/version', { project_id: project.id, version_number: '1.0.0', name: 'Ores 1.0', changelog: 'Ores!', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: true, dependencies: [{ project_id: dep.id, dependency_type: 'required' }], file_parts: ['file', 'src'], primary_file: 'file', file_types: { src: 'sources-jar' } }, { file: { name: 'ores.jar', bytes: jar, type: 'application/java-archive' }, src: { name: 'ores-sources.jar', bytes: testJar(`ores-src-${run}`), type: 'application/java-archive' } })
  const v = version.json<{ id: string; version_number: string }>()
  Object.assign(seeded, { version: v.id, versionNumber: v.version_number, hash: sha1(jar) })
  await payload.update({ collection: 'projects', id: project.id, data: { status: 'approved' }, user: moderator, overrideAccess: false })
  seeded.projectThread = project.thread_id

  // A follow, and an invitation (a notification for the stranger).
  await call('POST', '/project/{id}/follow', `/project/${dep.id}/follow`, 'token')
  await call('POST', '/team/{id}/members', `/team/${project.team}/members`, 'token', { body: { user_id: stranger.id } })

  // A report by the owner, its thread, a moderator's reply (a notification for the owner).
  const report = await call('POST', '/report', '/report', 'token', { body: { report_type: 'spam', item_id: stranger.username, item_type: 'user', body: 'This user posts spam in comments.' } })
  expect(report.status, report.text).toBe(200)
  const r = report.json<{ id: string; thread_id: string }>()
  Object.assign(seeded, { report: r.id, reportThread: r.thread_id })
  await call('POST', '/thread/{id}', `/thread/${r.thread_id}`, 'token', { body: { body: { type: 'text', body: 'More detail: see the last three comments.' } } })
  await payload.create({ collection: 'thread-messages', data: { thread: r.thread_id, type: 'text', text: 'Thanks, we are looking into it.' }, user: moderator, overrideAccess: false })
  // A moderator closes and reopens it: thread_closure and thread_reopen messages.
  const modToken = await patFor(payload, moderator, ['REPORT_READ', 'REPORT_WRITE'])
  for (const closed of [true, false]) expect((await v2(`/report/${r.id}`, { method: 'PATCH', auth: modToken, body: { closed } })).status).toBe(204)

  // The stranger invites the owner to a project of theirs: a team_invite for the owner.
  const theirs = await payload.create({ collection: 'projects', data: { slug: `oa-theirs-${run}`, title: 'Their Project', summary: 'The stranger’s project, to invite the owner to.', projectType: 'mod' }, user: stranger, overrideAccess: false })
  await payload.create({ collection: 'team-members', data: { team: relationId(theirs.team)!, user: owner.id, role: 'Member', permissions: 0, accepted: false }, user: stranger, overrideAccess: false })

  const notes = await payload.find({ collection: 'notifications', where: { user: { equals: owner.id } }, overrideAccess: true, depth: 0 })
  // Moderators' decisions, the reply to the report, the invitation.
  expect(notes.docs.length).toBeGreaterThanOrEqual(3)
  seeded.notifications = notes.docs.map((n) => n.id)
})

describe('/v2 against Modrinth’s OpenAPI description', () => {
  it('has a validator that refuses what the description refuses (so a pass means something)', () => {
    const hit = { project_id: 'a', project_type: 'mod', all_project_types: ['mod'], title: 't', description: 'd', author: 'u', categories: [], display_categories: [], versions: [], downloads: 0, follows: 0, icon_url: '', date_created: '2026-01-01T00:00:00Z', date_modified: '2026-01-01T00:00:00Z', latest_version: '', license: 'MIT', environment: ['unknown'], disclosure_types: [], gallery: [], client_side: 'unknown', server_side: 'unknown' }
    const search = (h: object) => spec.check('/search', 'GET', 200, JSON.stringify({ hits: [h], offset: 0, limit: 10, total_hits: 1 }))
    expect(search(hit)).toEqual([])
    expect(search({ ...hit, icon_url: null })).toHaveLength(1)
    expect(search({ ...hit, project_type: 'plugin' })).toHaveLength(1)
    expect(search({ ...hit, date_created: 'yesterday' })).toHaveLength(1)
    const { latest_version: _, ...partial } = hit
    expect(search(partial)).toHaveLength(1)
    // A nullable reference (`allOf: [FileTypeEnum, {nullable: true}]`) takes null and its values only.
    const file = (file_type: unknown) => spec.check('/version/{id}', 'GET', 200, JSON.stringify({ id: 'v', project_id: 'p', author_id: 'u', date_published: '2026-01-01T00:00:00Z', downloads: 0, name: 'n', version_number: '1', game_versions: [], version_type: 'release', loaders: [], featured: false, environment: 'unknown', files: [{ hashes: {}, url: 'u', filename: 'f', primary: true, size: 1, file_type }] }))
    expect(file(null)).toEqual([])
    expect(file('sources-jar')).toEqual([])
    expect(file('bogus').length).toBeGreaterThan(0)
  })

  it('lists the documented routes we do not serve and the served routes it does not document', () => {
    const documented = new Set(templates.keys())
    expect([...documented].filter((k) => !served.includes(k)).sort()).toEqual(NOT_SERVED)
    expect(served.filter((k) => !documented.has(k)).sort()).toEqual(UNDOCUMENTED)
  })

  it('answers every documented GET, anonymous and with a token, as the description says', async () => {
    const s = seeded
    const gets: [string, string][] = [
      ['/search', `/search?query=${WORD}`],
      ['/project/{id}', `/project/${s.slug}`],
      ['/projects', `/projects?ids=${ids([s.project, s.dep])}`],
      ['/projects_random', '/projects_random?count=3'],
      ['/project/{id}/check', `/project/${s.slug}/check`],
      ['/project/{id}/dependencies', `/project/${s.project}/dependencies`],
      ['/project/{id}/version', `/project/${s.project}/version`],
      ['/project/{id}/version/{version}', `/project/${s.project}/version/${s.versionNumber}`],
      ['/version/{id}', `/version/${s.version}`],
      ['/versions', `/versions?ids=${ids([s.version])}`],
      ['/version_file/{hash}', `/version_file/${s.hash}?algorithm=sha1`],
      ['/user/{id}', `/user/${w.users.owner.username}`],
      ['/user', '/user'],
      ['/users', `/users?ids=${ids([w.users.owner.id, w.users.stranger.id])}`],
      ['/user/{id}/projects', `/user/${w.users.owner.id}/projects`],
      ['/user/{id}/follows', `/user/${w.users.owner.id}/follows`],
      ['/user/{id}/notifications', `/user/${w.users.owner.id}/notifications`],
      ['/notification/{id}', `/notification/${s.notifications[0]}`],
      ['/notifications', `/notifications?ids=${ids(s.notifications)}`],
      ['/report', '/report'],
      ['/report/{id}', `/report/${s.report}`],
      ['/reports', `/reports?ids=${ids([s.report])}`],
      ['/thread/{id}', `/thread/${s.reportThread}`],
      ['/threads', `/threads?ids=${ids([s.reportThread, s.projectThread])}`],
      ['/project/{id}/members', `/project/${s.project}/members`],
      ['/team/{id}/members', `/team/${s.team}/members`],
      ['/teams', `/teams?ids=${ids([s.team])}`],
      ...['category', 'loader', 'game_version', 'license', 'donation_platform', 'report_type', 'project_type', 'side_type'].map((t): [string, string] => [`/tag/${t}`, `/tag/${t}`]),
      ['/tag/license/{id}', '/tag/license/MIT'],
      ['/statistics', '/statistics'],
    ]
    for (const who of ['anonymous', 'token'] as const) {
      for (const [template, url] of gets) {
        const res = await call('GET', template, url, who)
        // Hidden to the anonymous caller is fine (401/404 are checked above); to the owner it must all be there.
        if (who === 'token') expect(res.status, `${url}: ${res.text}`).toBe(200)
        if (template === '/search') expect(res.json<{ total_hits: number }>().total_hits, 'the three projects').toBe(3)
      }
      const updates = await updatesGET(new Request(`http://localhost/updates/${s.slug}/forge_updates.json`, { headers: who === 'token' ? { authorization: token } : {} }))
      record('GET', '/updates/{id}/forge_updates.json', updates.status, await updates.text(), who)
    }
    // The hash routes answer versions too.
    for (const [template, url, body] of [
      ['/version_files', '/version_files', { hashes: [s.hash], algorithm: 'sha1' }],
      ['/version_files/update', '/version_files/update', { hashes: [s.hash], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] }],
      ['/version_file/{hash}/update', `/version_file/${s.hash}/update?algorithm=sha1`, { loaders: ['fabric'], game_versions: ['1.21'] }],
    ] as const) {
      for (const who of ['anonymous', 'token'] as const) expect((await call('POST', template, url, who, { body })).status).toBe(200)
    }

    // A refusal is the description's InvalidInputError.
    expect((await call('GET', '/search', '/search?index=popularity', 'anonymous')).status).toBe(400)

    // Every documented GET we serve was called both ways.
    const missing = served.filter((k) => k.startsWith('GET ') && templates.has(k)).flatMap((k) => (['anonymous', 'token'] as const).filter((who) => !checked.has(`${k} ${who}`)).map((who) => `${k} ${who}`))
    expect(missing).toEqual([])
    expect(problems).toEqual([])
  })
})
