/**
 * Issue 35 item 1: token scopes exactly as labrinth checks them. One row per served `/v2` route with
 * labrinth's door (`get_user_from_headers(.., Scopes::…)` in apps/labrinth/src/routes/v3/*.rs, which
 * the v2 routes call): a token holding just those scopes succeeds — on its user's draft where the
 * route touches a project — and a token lacking any one gets labrinth's refusal. A route without a
 * row fails the first test.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { GRANTABLE_SCOPE_GROUPS, hasScope, RESTRICTED_SCOPES, type ScopeName } from '../../src/access/core/scopes'
import { relationId } from '../../src/lib/ids'
import type { Project, User } from '../../src/payload-types'
import { v2Routes } from '../../src/plugins/api-v2'
import { makeUser } from '../helpers/actors'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ids, makeV2Project, makeVersion, patFor, sessionFor, sha1, v2, type V2Response } from '../helpers/v2'
import { buildWorld, tinyPng, type World } from '../helpers/world'
import { POST as v2POST } from '../../src/app/v2/[...path]/route'

type U = User & { collection: 'users' }
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
/** One request: who makes it, and the id whose absence shows a batch read answered as to anyone. */
type Call = { method?: Method; path: string; as?: U; body?: unknown; raw?: Buffer; form?: { data?: unknown; files: Record<string, Buffer> }; hiddenId?: string }
type State = 'draft' | 'approved'
type Row = {
  /** labrinth's required scopes; 'session' = a restricted scope no token may carry (sessions only). */
  labrinth: ScopeName[] | 'session'
  /** Where our route declares otherwise than labrinth, and why. */
  ours?: { scopes: ScopeName[]; why: string }
  /** none: no credential is read; optional: `.ok()` (a token lacking the scopes is anonymous); required: `?` (401). */
  door: 'none' | 'optional' | 'required'
  call: (state: State) => Promise<Call>
  ok?: number
  /** What a token lacking a scope gets: 401 (default), the batch without the hidden item, or the public answer. */
  without?: 'unauthorized' | 'hidden' | 'public'
}

let payload: Payload
let w: World
let owner: U
const grantable = GRANTABLE_SCOPE_GROUPS.flatMap((g) => [...g.scopes]) as ScopeName[]
const later = () => new Date(Date.now() + 86_400_000).toISOString()
let n = 0

// Fixtures: each call gets its own, so deletes and transfers do not disturb other rows.
const project = (state: State): Promise<Project> => makeV2Project(w, state)
const versionIn = async (state: State) => makeVersion(payload, await project(state))
const teamOf = (p: Project) => relationId(p.team)!
const fresh = () => makeUser(payload) as Promise<U>
const notification = async (user: U) =>
  (await payload.create({ collection: 'notifications', data: { user: user.id, type: 'status_change', title: 'T', text: 'Body', link: '/mod/x', body: { type: 'status_change' } }, overrideAccess: true })).id
async function report(reporter: U) {
  const target = await fresh()
  const res = await v2('/report', { method: 'POST', auth: await sessionFor(payload, reporter), body: { report_type: 'spam', item_id: target.id, item_type: 'user', body: 'Spam in the comments.' } })
  expect(res.status, res.text).toBe(200)
  return res.json<{ id: string; thread_id: string }>()
}
async function galleryUrl(p: Project) {
  const session = await sessionFor(payload, owner)
  expect((await v2(`/project/${p.id}/gallery?ext=png&featured=false`, { method: 'POST', auth: session, rawBody: (await tinyPng(16)) as unknown as string, headers: { 'content-type': 'image/png' } })).status).toBe(204)
  return (await v2(`/project/${p.id}`, { auth: session })).json<{ gallery: { url: string }[] }>().gallery[0].url
}
const versionData = (projectId: string) => ({ project_id: projectId, version_number: `1.${++n}.0`, name: 'Release', changelog: 'Changes', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['file'] })
const projectData = () => ({ title: 'Scoped Project', slug: `scoped-${++n}-${Date.now().toString(36)}`, description: 'A project made with the least scopes.', project_type: 'mod', categories: ['technology'], client_side: 'required', server_side: 'optional', license_id: 'MIT', body: 'Body.', is_draft: true, initial_versions: [] })

const get = (path: string, extra: Partial<Call> = {}): Call => ({ method: 'GET', path, ...extra })
const tag = (path: string): Row => ({ labrinth: [], door: 'none', call: async () => get(path) })

/** labrinth's scope per route (`METHOD path` as in src/plugins/api-v2/routes.ts). */
const ROWS: Record<string, Row> = {
  // Projects (v3/projects.rs)
  'GET /project/{id}': { labrinth: ['PROJECT_READ'], door: 'optional', call: async (s) => get(`/project/${(await project(s)).id}`) },
  'GET /projects': { labrinth: ['PROJECT_READ'], door: 'optional', without: 'hidden', call: async (s) => { const p = await project(s); return get(`/projects?ids=${ids([p.id])}`, { hiddenId: p.id }) } },
  'GET /projects_random': { labrinth: [], door: 'optional', call: async () => get('/projects_random?count=1') },
  'GET /project/{id}/check': { labrinth: [], door: 'optional', call: async (s) => get(`/project/${(await project(s)).id}/check`) },
  'GET /project/{id}/dependencies': { labrinth: ['PROJECT_READ'], door: 'optional', call: async (s) => get(`/project/${(await project(s)).id}/dependencies`) },
  'POST /project': { labrinth: ['PROJECT_CREATE'], door: 'required', call: async () => ({ path: '/project', form: { data: projectData(), files: {} } }), ok: 200 },
  'PATCH /project/{id}': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/project/${(await project('draft')).id}`, body: { title: 'Edited With A Token' } }) },
  'DELETE /project/{id}': { labrinth: ['PROJECT_DELETE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/project/${(await project('draft')).id}` }) },
  'PATCH /projects': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/projects?ids=${ids([(await project('draft')).id])}`, body: { add_categories: ['utility'], source_url: 'https://example.test/src' } }) },
  'PATCH /project/{id}/icon': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/project/${(await project('draft')).id}/icon?ext=png`, raw: await tinyPng(16) }) },
  'DELETE /project/{id}/icon': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/project/${(await project('draft')).id}/icon` }) },
  'POST /project/{id}/gallery': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ path: `/project/${(await project('draft')).id}/gallery?ext=png&featured=true`, raw: await tinyPng(20) }) },
  'PATCH /project/{id}/gallery': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => { const p = await project('draft'); return { method: 'PATCH', path: `/project/${p.id}/gallery?url=${encodeURIComponent(await galleryUrl(p))}&title=Renamed` } } },
  'DELETE /project/{id}/gallery': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => { const p = await project('draft'); return { method: 'DELETE', path: `/project/${p.id}/gallery?url=${encodeURIComponent(await galleryUrl(p))}` } } },
  'POST /project/{id}/follow': { labrinth: ['USER_WRITE'], door: 'required', ok: 204, call: async () => ({ path: `/project/${(await project('approved')).id}/follow`, as: await fresh() }) },
  'DELETE /project/{id}/follow': { labrinth: ['USER_WRITE'], door: 'required', ok: 204, call: async () => {
    const p = await project('approved'); const u = await fresh()
    await payload.create({ collection: 'follows', data: { user: u.id, project: p.id }, overrideAccess: true })
    return { method: 'DELETE', path: `/project/${p.id}/follow`, as: u }
  } },
  'POST /project/{id}/schedule': {
    labrinth: ['PROJECT_WRITE'], ours: { scopes: ['PROJECT_WRITE'], why: 'not in labrinth v2: our addition, with the scope of every other project edit' },
    door: 'required', ok: 204, call: async () => ({ path: `/project/${(await project('approved')).id}/schedule`, body: { time: later(), requested_status: 'approved' } }),
  },
  // Versions (v3/versions.rs, version_creation.rs)
  'GET /project/{id}/version': { labrinth: ['PROJECT_READ', 'VERSION_READ'], door: 'optional', call: async (s) => get(`/project/${(await versionIn(s)).project as string}/version`) },
  'GET /project/{id}/version/{version}': { labrinth: ['PROJECT_READ', 'VERSION_READ'], door: 'optional', call: async (s) => { const v = await versionIn(s); return get(`/project/${v.project as string}/version/${v.id}`) } },
  'GET /version/{id}': { labrinth: ['VERSION_READ'], door: 'optional', call: async (s) => get(`/version/${(await versionIn(s)).id}`) },
  'GET /versions': { labrinth: ['VERSION_READ'], door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return get(`/versions?ids=${ids([v.id])}`, { hiddenId: v.id }) } },
  'POST /version': { labrinth: ['VERSION_CREATE'], door: 'required', ok: 200, call: async () => ({ path: '/version', form: { data: versionData((await project('draft')).id), files: { file: testJar(`least-${++n}`) } } }) },
  'POST /version/{id}/file': { labrinth: ['VERSION_WRITE'], door: 'required', ok: 204, call: async () => ({ path: `/version/${(await versionIn('draft')).id}/file`, form: { files: { extra: testJar(`extra-${++n}`) } } }) },
  'PATCH /version/{id}': { labrinth: ['VERSION_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/version/${(await versionIn('draft')).id}`, body: { name: 'Renamed' } }) },
  'DELETE /version/{id}': { labrinth: ['VERSION_DELETE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/version/${(await versionIn('draft')).id}` }) },
  'POST /version/{id}/schedule': {
    labrinth: ['VERSION_WRITE'], ours: { scopes: ['VERSION_WRITE'], why: 'not in labrinth v2: our addition, with the scope of every other version edit' },
    door: 'required', ok: 204, call: async () => ({ path: `/version/${(await versionIn('approved')).id}/schedule`, body: { time: later(), requested_status: 'listed' } }),
  },
  // Files by hash (v3/version_file.rs)
  'GET /version_file/{hash}': { labrinth: ['VERSION_READ'], door: 'optional', call: async (s) => get(`/version_file/${(await versionIn(s)).sha1}`) },
  'GET /version_file/{hash}/download': { labrinth: ['VERSION_READ'], door: 'optional', ok: 302, call: async (s) => get(`/version_file/${(await versionIn(s)).sha1}/download`) },
  'DELETE /version_file/{hash}': { labrinth: ['VERSION_WRITE'], door: 'required', ok: 204, call: async () => {
    const v = await versionIn('draft'); const bytes = testJar(`second-${++n}`)
    await payload.create({ collection: 'version-files', data: { version: v.id, primary: false }, file: { data: bytes, mimetype: 'application/java-archive', name: `second-${n}.jar`, size: bytes.length }, overrideAccess: true })
    return { method: 'DELETE', path: `/version_file/${sha1(bytes)}` }
  } },
  'POST /version_files': { labrinth: ['VERSION_READ'], door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return { path: '/version_files', body: { hashes: [v.sha1], algorithm: 'sha1' }, hiddenId: v.sha1 } } },
  'POST /version_file/project': { labrinth: ['PROJECT_READ', 'VERSION_READ'], door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return { path: '/version_file/project', body: { hashes: [v.sha1], algorithm: 'sha1' }, hiddenId: v.sha1 } } },
  'POST /version_file/{hash}/update': { labrinth: ['VERSION_READ'], door: 'optional', call: async (s) => ({ path: `/version_file/${(await versionIn(s)).sha1}/update?algorithm=sha1`, body: { loaders: ['fabric'], game_versions: ['1.21'] } }) },
  'POST /version_files/update': {
    labrinth: [], ours: { scopes: ['VERSION_READ'], why: 'labrinth reads no credential here (public versions only); with VERSION_READ a team’s token also gets its own hidden versions, without it the answer is labrinth’s' },
    door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return { path: '/version_files/update', body: { hashes: [v.sha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] }, hiddenId: v.sha1 } },
  },
  'POST /version_files/update_many': {
    labrinth: [], ours: { scopes: ['VERSION_READ'], why: 'as /version_files/update' },
    door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return { path: '/version_files/update_many', body: { hashes: [v.sha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.21'] }, hiddenId: v.sha1 } },
  },
  'POST /version_files/update_individual': { labrinth: ['VERSION_READ'], door: 'optional', without: 'hidden', call: async (s) => { const v = await versionIn(s); return { path: '/version_files/update_individual', body: { hashes: [{ hash: v.sha1, loaders: ['fabric'], game_versions: ['1.21'] }], algorithm: 'sha1' }, hiddenId: v.sha1 } } },
  // Users (v3/users.rs)
  'GET /user': { labrinth: ['USER_READ'], door: 'required', call: async () => get('/user') },
  'GET /user/{id}': {
    labrinth: ['SESSION_ACCESS'], ours: { scopes: ['USER_READ'], why: 'labrinth reads a session only, for staff fields; we also show a user their own private fields (email with USER_READ_EMAIL) through a USER_READ token — without it the answer is labrinth’s public one' },
    door: 'optional', without: 'public', call: async () => get(`/user/${owner.id}`),
  },
  'GET /users': { labrinth: ['SESSION_ACCESS'], ours: { scopes: ['USER_READ'], why: 'as GET /user/{id}' }, door: 'optional', without: 'public', call: async () => get(`/users?ids=${ids([owner.id])}`) },
  'GET /user/{id}/projects': { labrinth: ['PROJECT_READ'], door: 'optional', without: 'hidden', call: async (s) => { const p = await project(s); return get(`/user/${owner.id}/projects`, { hiddenId: p.id }) } },
  'GET /user/{id}/follows': { labrinth: ['USER_READ'], door: 'required', call: async () => get(`/user/${owner.id}/follows`) },
  'PATCH /user/{id}': { labrinth: ['USER_WRITE'], door: 'required', ok: 204, call: async () => { const u = await fresh(); return { method: 'PATCH', path: `/user/${u.id}`, body: { bio: 'Written with a token.' }, as: u } } },
  'PATCH /user/{id}/icon': { labrinth: ['USER_WRITE'], door: 'required', ok: 204, call: async () => { const u = await fresh(); return { method: 'PATCH', path: `/user/${u.id}/icon?ext=png`, raw: await tinyPng(16), as: u } } },
  'DELETE /user/{id}/icon': { labrinth: ['USER_WRITE'], door: 'required', ok: 204, call: async () => { const u = await fresh(); return { method: 'DELETE', path: `/user/${u.id}/icon`, as: u } } },
  // Teams (v3/teams.rs)
  'GET /project/{id}/members': { labrinth: ['PROJECT_READ'], door: 'optional', call: async (s) => get(`/project/${(await project(s)).id}/members`) },
  'GET /team/{id}/members': { labrinth: ['PROJECT_READ'], door: 'optional', call: async (s) => get(`/team/${teamOf(await project(s))}/members`) },
  'GET /teams': { labrinth: ['PROJECT_READ'], door: 'optional', without: 'hidden', call: async (s) => { const t = teamOf(await project(s)); return get(`/teams?ids=${ids([t])}`, { hiddenId: t }) } },
  'POST /team/{id}/members': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ path: `/team/${teamOf(await project('draft'))}/members`, body: { user_id: (await fresh()).id } }) },
  'PATCH /team/{id}/members/{user}': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/team/${teamOf(await project('draft'))}/members/${w.users.member.id}`, body: { role: 'Artist' } }) },
  'DELETE /team/{id}/members/{user}': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/team/${teamOf(await project('draft'))}/members/${w.users.memberNoBits.id}` }) },
  'POST /team/{id}/join': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => {
    const team = teamOf(await project('draft')); const invited = await fresh()
    await payload.create({ collection: 'team-members', data: { team, user: invited.id, role: 'Member', permissions: 0, accepted: false }, overrideAccess: true })
    return { path: `/team/${team}/join`, as: invited }
  } },
  'PATCH /team/{id}/owner': { labrinth: ['PROJECT_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/team/${teamOf(await project('draft'))}/owner`, body: { user_id: w.users.member.id } }) },
  // Tags, statistics, documents, search: no credential is read.
  ...Object.fromEntries(['category', 'loader', 'game_version', 'license', 'license/MIT', 'donation_platform', 'report_type', 'project_type', 'side_type'].map((t) => [`GET /tag/${t === 'license/MIT' ? 'license/{id}' : t}`, tag(`/tag/${t}`)])),
  'GET /statistics': tag('/statistics'),
  'GET /openapi.json': tag('/openapi.json'),
  'GET /docs': tag('/docs'),
  'GET /': tag('/'),
  'GET /search': tag('/search?query=scoped'),
  // Tokens and sessions (internal/pats.rs, internal/session.rs): restricted scopes, sessions only.
  'GET /pat': { labrinth: 'session', door: 'required', call: async () => get('/pat') },
  'POST /pat': { labrinth: 'session', door: 'required', call: async () => ({ path: '/pat', body: { name: 'Made by a session', scopes: 2, expires: later() } }) },
  'PATCH /pat/{id}': { labrinth: 'session', door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/pat/${await patId()}`, body: { name: 'Renamed token' } }) },
  'DELETE /pat/{id}': { labrinth: 'session', door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/pat/${await patId()}` }) },
  'GET /session/list': { labrinth: 'session', door: 'required', call: async () => get('/session/list') },
  'DELETE /session/{id}': { labrinth: 'session', door: 'required', ok: 204, call: async () => {
    const other = await sessionFor(payload, owner)
    const [mine] = (await v2('/session/list', { auth: other })).json<{ id: string }[]>()
    return { method: 'DELETE', path: `/session/${mine.id}` }
  } },
  'POST /session/refresh': { labrinth: 'session', door: 'required', call: async () => ({ path: '/session/refresh' }) },
  // Notifications (v3/notifications.rs, users.rs)
  'GET /user/{id}/notifications': { labrinth: ['NOTIFICATION_READ'], door: 'required', call: async () => get(`/user/${owner.id}/notifications`) },
  'GET /notification/{id}': { labrinth: ['NOTIFICATION_READ'], door: 'required', call: async () => get(`/notification/${await notification(owner)}`) },
  'PATCH /notification/{id}': { labrinth: ['NOTIFICATION_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/notification/${await notification(owner)}` }) },
  'DELETE /notification/{id}': { labrinth: ['NOTIFICATION_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/notification/${await notification(owner)}` }) },
  'GET /notifications': { labrinth: ['NOTIFICATION_READ'], door: 'required', call: async () => get(`/notifications?ids=${ids([await notification(owner)])}`) },
  'PATCH /notifications': { labrinth: ['NOTIFICATION_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'PATCH', path: `/notifications?ids=${ids([await notification(owner)])}` }) },
  'DELETE /notifications': { labrinth: ['NOTIFICATION_WRITE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/notifications?ids=${ids([await notification(owner)])}` }) },
  // Reports and threads (v3/reports.rs, threads.rs)
  'POST /report': { labrinth: ['REPORT_CREATE'], door: 'required', call: async () => ({ path: '/report', as: await fresh(), body: { report_type: 'spam', item_id: owner.id, item_type: 'user', body: 'Spam in the comments.' } }) },
  'GET /report': { labrinth: ['REPORT_READ'], door: 'required', call: async () => { const u = await fresh(); await report(u); return get('/report', { as: u }) } },
  'GET /reports': { labrinth: ['REPORT_READ'], door: 'required', call: async () => { const u = await fresh(); return get(`/reports?ids=${ids([(await report(u)).id])}`, { as: u }) } },
  'GET /report/{id}': { labrinth: ['REPORT_READ'], door: 'required', call: async () => { const u = await fresh(); return get(`/report/${(await report(u)).id}`, { as: u }) } },
  'PATCH /report/{id}': { labrinth: ['REPORT_WRITE'], door: 'required', ok: 204, call: async () => { const u = await fresh(); return { method: 'PATCH', path: `/report/${(await report(u)).id}`, as: u, body: { body: 'More detail.' } } } },
  'DELETE /report/{id}': { labrinth: ['REPORT_DELETE'], door: 'required', ok: 204, call: async () => ({ method: 'DELETE', path: `/report/${(await report(await fresh())).id}`, as: w.users.admin }) },
  'GET /thread/{id}': { labrinth: ['THREAD_READ'], door: 'required', call: async () => { const u = await fresh(); return get(`/thread/${(await report(u)).thread_id}`, { as: u }) } },
  'GET /threads': { labrinth: ['THREAD_READ'], door: 'required', call: async () => { const u = await fresh(); return get(`/threads?ids=${ids([(await report(u)).thread_id])}`, { as: u }) } },
  'POST /thread/{id}': { labrinth: ['THREAD_WRITE'], door: 'required', ok: 204, call: async () => { const u = await fresh(); return { path: `/thread/${(await report(u)).thread_id}`, as: u, body: { body: { type: 'text', body: 'A reply.' } } } } },
  'DELETE /message/{id}': { labrinth: ['THREAD_WRITE'], door: 'required', ok: 204, call: async () => {
    const r = await report(await fresh())
    const m = await payload.create({ collection: 'thread-messages', data: { thread: r.thread_id, author: w.users.admin.id, text: 'To delete.' }, overrideAccess: true })
    return { method: 'DELETE', path: `/message/${m.id}`, as: w.users.admin }
  } },
}

async function patId() {
  await patFor(payload, owner, ['USER_READ'])
  return (await payload.find({ collection: 'access-tokens', where: { user: { equals: owner.id } }, sort: '-createdAt', limit: 1, overrideAccess: true, depth: 0 })).docs[0].id
}

/** Sends `call` with `auth`: JSON, a raw image, or multipart. */
async function send(call: Call, auth: string): Promise<V2Response> {
  if (!call.form) {
    const method = call.method ?? 'POST'
    if (call.raw) return v2(call.path, { method, auth, rawBody: call.raw as unknown as string, headers: { 'content-type': 'image/png' } })
    return v2(call.path, { method, auth, ...(call.body !== undefined ? { body: call.body } : method === 'GET' ? {} : { rawBody: '' }) })
  }
  const form = new FormData()
  if (call.form.data !== undefined) form.append('data', JSON.stringify(call.form.data))
  for (const [part, bytes] of Object.entries(call.form.files)) form.append(part, new Blob([new Uint8Array(bytes)], { type: 'application/java-archive' }), `${part}.jar`)
  const res = await v2POST(new Request(`http://localhost/v2${call.path}`, { method: 'POST', body: form, headers: { authorization: auth, 'x-forwarded-for': `10.99.${++n % 250}.${Math.floor(Math.random() * 250)}` } }))
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T }
}

const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const needed = (row: Row): ScopeName[] => (row.labrinth === 'session' ? [] : (row.ours?.scopes ?? row.labrinth))
const tokenOf = (call: Call, scopes: ScopeName[]) => patFor(payload, call.as ?? owner, scopes)
const rows = Object.entries(ROWS)

function expectRefusal(res: V2Response, lacking: ScopeName) {
  expect(res.status, res.text).toBe(401)
  const body = res.json<{ error: string; description: string }>()
  expect(body.error).toBe('unauthorized')
  expect(body.description).toMatch(/^Authentication error: Invalid Authentication Credentials/)
  expect(body.description).toContain(lacking)
}

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  owner = w.users.owner
})

describe('every served /v2 route declares labrinth’s door', () => {
  it('has a row here, with the scopes and the door of the route', () => {
    expect(v2Routes.map(keyOf).sort()).toEqual(Object.keys(ROWS).sort())
    for (const route of v2Routes) {
      const row = ROWS[keyOf(route)]
      if (row.labrinth === 'session') expect(route.scopes?.length && route.scopes.every((s) => hasScope(RESTRICTED_SCOPES, s)), keyOf(route)).toBe(true)
      else expect(route.scopes ?? [], keyOf(route)).toEqual(needed(row))
      expect(!!route.requiresAuth, keyOf(route)).toBe(row.door === 'required')
      expect(!!route.anonymous, keyOf(route)).toBe(row.door === 'none')
    }
  })
})

describe('a token lacking a read scope', () => {
  it('gets the scope’s 401 only for what its own user could see; anything else stays an empty 404', async () => {
    const draft = await project('draft')
    expectRefusal(await v2(`/project/${draft.id}`, { auth: await patFor(payload, owner, []) }), 'PROJECT_READ')
    for (const user of [w.users.stranger, null]) {
      const res = await v2(`/project/${draft.id}`, { auth: user ? await patFor(payload, user as U, []) : null })
      expect([res.status, res.text]).toEqual([404, ''])
    }
  })
})

describe.each(rows)('%s', (_key, row) => {
  if (row.labrinth === 'session') {
    it('answers a session, and refuses a token with every scope a token may carry (labrinth: restricted scopes)', async () => {
      const call = await row.call('draft')
      const ok = await send(call, await sessionFor(payload, call.as ?? owner))
      expect(ok.status, ok.text).toBe(row.ok ?? 200)
      const refused = await send(await row.call('draft'), await patFor(payload, owner, grantable))
      expect(refused.status, refused.text).toBe(401)
      expect(refused.json<{ error: string }>().error).toBe('unauthorized')
    })
    return
  }
  const least = needed(row)
  it(`answers a token with only ${least.join(' + ') || 'no scope'}${row.door === 'required' ? ' (on its user’s draft where a project is involved)' : ', on its user’s draft'}`, async () => {
    const call = await row.call('draft')
    const res = await send(call, await tokenOf(call, least))
    expect(res.status, res.text).toBe(row.ok ?? 200)
    if (call.hiddenId) expect(res.text).toContain(call.hiddenId)
  })
  if (row.door === 'optional') {
    it('answers public data to a token with no scope (labrinth: as to anyone)', async () => {
      const call = await row.call('approved')
      const res = await send(call, await tokenOf(call, []))
      expect(res.status, res.text).toBe(row.ok ?? 200)
    })
  }
  for (const lacking of least) {
    it(`without ${lacking}: ${row.without ?? 'unauthorized'}`, async () => {
      const call = await row.call('draft')
      const res = await send(call, await tokenOf(call, least.filter((s) => s !== lacking)))
      if (row.without === 'hidden') {
        expect(res.status, res.text).toBe(200)
        expect(res.text).not.toContain(call.hiddenId!)
      } else if (row.without === 'public') {
        expect(res.status, res.text).toBe(200)
      } else expectRefusal(res, lacking)
    })
  }
})
