/**
 * Every door Payload opens is either listed (src/access/operations.ts) or shut: the rows C1, C2, H3,
 * H4 and M2/M3 of the trust-boundary issue (copies made through `duplicate`), the allowlist itself
 * (every REST route and GraphQL mutation Payload mounts maps to a listed door), and version restore
 * judged like an update.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { formatNames, toWords, type CollectionSlug } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { DOORS, doorOfRoute, OFFERED_COLLECTIONS, OFFERED_GLOBALS, offers, type Door } from '../../src/access/operations'
import { relationId } from '../../src/lib/ids'
import { assertServerFunctionOffered, OFFERED_SERVER_FUNCTIONS, SHUT_SERVER_FUNCTIONS } from '../../src/access/serverFunctions'
import { shutRoutesOf } from '../../src/plugins/doors'
import type { User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { authOf, type HostileActor } from '../helpers/hostile'
import { api, gql } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { makeVersion } from '../helpers/v2'
import { buildWorld, type World } from '../helpers/world'

let w: World
let n = 0
const uniq = (p: string) => `${p}${++n}${Date.now().toString(36)}`

beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

const count = async (collection: CollectionSlug, where: Record<string, unknown> = {}) => (await w.payload.count({ collection, where: where as never, overrideAccess: true })).totalDocs
/** The GraphQL name Payload gives a collection or global (as in @payloadcms/graphql's initCollections). */
function singular(slug: string): string {
  const own = w.payload.config.collections.find((c) => c.slug === slug)?.graphQL
  const name = (own && own.singularName) || formatNames(slug).singular
  return toWords(name, true)
}

/**
 * Tries to copy `id` of `collection` with `data` through every door a copy could take (REST, GraphQL,
 * the Local API a server function would use), as each actor, and returns what got through.
 */
async function duplicateEverywhere(collection: CollectionSlug, id: string, data: Record<string, unknown>, actors: HostileActor[]): Promise<string[]> {
  const through: string[] = []
  for (const actor of actors) {
    const auth = await authOf(w, actor)
    const rest = await api('POST', `/${collection}/${id}/duplicate`, { auth, body: data })
    if (rest.status < 400) through.push(`${actor} via REST (${rest.status})`)
    expect(rest.status, `${actor} REST`).toBe(404)
    const name = singular(collection)
    const res = await gql(`mutation($id: String!) { r: duplicate${name}(id: $id) { id } }`, { id }, auth)
    if ((res.data?.r as { id?: string } | null)?.id) through.push(`${actor} via GraphQL`)
    expect(res.errors?.[0]?.message, `${actor} GraphQL`).toMatch(/Cannot query field "duplicate|Unknown type|is not offered/)
    if (actor !== 'anonymous') {
      const user = w.users[actor]
      const local = await w.payload.duplicate({ collection, id, data: data as never, user, overrideAccess: false } as never).then(() => 'made', (e: Error) => e.message)
      if (local === 'made') through.push(`${actor} via the Local API`)
    }
  }
  return through
}

const EVERYONE: HostileActor[] = ['anonymous', 'stranger', 'memberNoBits', 'member', 'owner', 'moderator', 'admin']

describe('copies (duplicate) are offered nowhere', () => {
  it('C1: anonymous (and everyone else) duplicating the administrator makes no account, no admin', async () => {
    const admin = await makeUser(w.payload, 'admin')
    const admins = await count('users', { role: { equals: 'admin' } })
    const users = await count('users')
    const username = uniq('copy')
    const through = await duplicateEverywhere('users', admin.id, { username, email: `${username}@example.test`, password: 'a-long-password-1', sessions: [] }, EVERYONE)
    expect(through).toEqual([])
    expect(await count('users', { role: { equals: 'admin' } })).toBe(admins)
    expect(await count('users')).toBe(users)
    const signIn = await api('POST', '/users/login', { body: { username, password: 'a-long-password-1' } })
    expect(signIn.status).toBe(401)
  })

  it('C2: a signed-in user duplicating a team’s owner row becomes no member, let alone Owner', async () => {
    const project = await w.makeProject('approved')
    const team = relationId(project.team)!
    const owner = (await w.payload.find({ collection: 'team-members', where: { team: { equals: team }, isOwner: { equals: true } }, overrideAccess: true, depth: 0 })).docs[0]
    const stranger = await makeUser(w.payload)
    const rows = await count('team-members', { team: { equals: team } })
    const through = await duplicateEverywhere('team-members', owner.id, { user: stranger.id }, ['stranger', 'member', 'owner', 'admin'])
    expect(through).toEqual([])
    expect(await count('team-members', { team: { equals: team } })).toBe(rows)
    expect(await count('team-members', { user: { equals: stranger.id } })).toBe(0)
  })

  it('H3: non-members duplicating a version of a public project publish nothing', async () => {
    const project = await w.makeProject('approved')
    const version = await makeVersion(w.payload, project)
    const versions = await count('versions', { project: { equals: project.id } })
    const through = await duplicateEverywhere('versions', version.id, { versionNumber: '6.6.6', featured: true, status: 'listed' }, EVERYONE)
    expect(through).toEqual([])
    expect(await count('versions', { project: { equals: project.id } })).toBe(versions)
    expect(await count('versions', { versionNumber: { equals: '6.6.6' } })).toBe(0)
  })

  it('H4: duplicating an approved project makes no project (no approval skipped, no team or counts borrowed)', async () => {
    const project = await w.makeProject('approved')
    const projects = await count('projects')
    const slug = uniq('copied')
    const through = await duplicateEverywhere('projects', project.id, { slug }, EVERYONE)
    expect(through).toEqual([])
    expect(await count('projects')).toBe(projects)
    expect(await count('projects', { slug: { equals: slug } })).toBe(0)
  })

  it('M2/M3: thread messages, user collections, OAuth applications and organizations cannot be copied', async () => {
    const owner = w.users.owner as User
    const project = await w.makeProject('approved')
    const thread = (await w.payload.find({ collection: 'threads', where: { project: { equals: project.id } }, overrideAccess: true, depth: 0 })).docs[0]
    const moderator = w.users.moderator as User
    const message = await w.payload.create({ collection: 'thread-messages', data: { thread: thread.id, author: moderator.id, text: 'Please fix the summary.' }, overrideAccess: true })
    const collection = await w.payload.create({ collection: 'user-collections', data: { name: 'Picks', owner: owner.id, visibility: 'unlisted' }, overrideAccess: true })
    const app = await w.payload.create({ collection: 'oauth-apps', data: { name: 'Real app', createdBy: owner.id, redirectUris: [{ uri: 'https://real.example/cb' }] } as never, overrideAccess: true })
    const organization = await w.payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Real Org', description: 'Theirs.' }, user: owner as never, overrideAccess: true })
    const cases: [CollectionSlug, string, Record<string, unknown>][] = [
      ['thread-messages', message.id, { thread: thread.id }],
      ['user-collections', collection.id, { name: 'Mine now' }],
      ['oauth-apps', String(app.id), { redirectUris: [{ uri: 'https://evil.example/cb' }] }],
      ['organizations', organization.id, { slug: uniq('org') }],
    ]
    for (const [slug, id, data] of cases) {
      const before = await count(slug)
      expect(await duplicateEverywhere(slug, id, data, ['anonymous', 'stranger', 'owner', 'admin']), slug).toEqual([])
      expect(await count(slug), slug).toBe(before)
    }
  })
})

describe('the allowlist of doors', () => {
  it('names every collection and global, and nothing that does not exist', () => {
    const config = w.payload.config
    expect(config.collections.map((c) => c.slug).filter((s) => !OFFERED_COLLECTIONS[s])).toEqual([])
    expect(config.globals.map((g) => g.slug).filter((s) => !OFFERED_GLOBALS[s])).toEqual([])
    const known = new Set([...config.collections.map((c) => c.slug), 'payload-locked-documents'])
    expect(Object.keys(OFFERED_COLLECTIONS).filter((s) => !known.has(s))).toEqual([])
  })

  it('every REST route Payload mounts is a listed door: what stays is offered, what was shut is named', () => {
    const config = w.payload.config
    for (const c of config.collections) for (const e of c.endpoints || []) expect(offers(c.slug, doorOfRoute(e)), `${c.slug} ${e.method} ${e.path}`).toBe(true)
    // A route Payload adds in a later version (or a plugin's) is shut; this fails so that the table says why.
    const unknown = shutRoutesOf(config).filter((r) => !(DOORS as readonly string[]).includes(r.door))
    expect(unknown.map((r) => `${r.owner} ${r.route}`)).toEqual([])
    expect(shutRoutesOf(config).map((r) => `${r.owner} ${r.route}`)).toEqual(expect.arrayContaining(['users POST /:id/duplicate', 'users POST /unlock', 'users GET /init', 'images GET /paste-url/:id?', 'projects POST /versions/:id', 'global:payload-jobs-stats POST /']))
  })

  it('the shut REST routes answer 404, for admins too', async () => {
    const admin = await authOf(w, 'admin')
    const project = await w.makeProject('approved')
    const probes: [Parameters<typeof api>[0], string][] = [
      ['POST', `/projects/${project.id}/duplicate`],
      ['POST', '/users/unlock'],
      ['GET', '/users/init'],
      ['GET', '/images/paste-url?src=http://127.0.0.1:5432/'],
      ['POST', `/projects/versions/${project.id}`],
      ['POST', '/payload-preferences'],
      ['POST', '/globals/payload-jobs-stats'],
    ]
    for (const [method, path] of probes) {
      const res = await api(method, path, { auth: admin, body: method === 'POST' ? {} : undefined })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('every GraphQL mutation is a listed door, and those not offered are refused even to an admin', async () => {
    const res = await gql('{ __schema { mutationType { fields { name } } } }')
    const mutations = (res.data?.__schema as { mutationType: { fields: { name: string }[] } }).mutationType.fields.map((f) => f.name)
    const names = new Map<string, { owner: string; global: boolean }>()
    for (const c of w.payload.config.collections) names.set(singular(c.slug), { owner: c.slug, global: false })
    for (const g of w.payload.config.globals) names.set(toWords((g.graphQL && g.graphQL.name) || formatNames(g.slug).singular, true), { owner: g.slug, global: true })
    const PREFIX: [string, Door][] = [['create', 'create'], ['update', 'update'], ['delete', 'delete'], ['duplicate', 'duplicate'], ['restoreVersion', 'restoreVersion'], ['refreshToken', 'refresh'], ['logout', 'logout'], ['unlock', 'unlock'], ['login', 'login'], ['forgotPassword', 'forgotPassword'], ['resetPassword', 'resetPassword'], ['verifyEmail', 'verifyEmail']]
    const unmapped: string[] = []
    const refusedToAdmin: string[] = []
    for (const m of mutations) {
      const prefix = PREFIX.find(([p]) => m.startsWith(p) && names.has(m.slice(p.length)))
      if (!prefix) {
        unmapped.push(m)
        continue
      }
      const { owner, global } = names.get(m.slice(prefix[0].length))!
      if (!offers(owner, prefix[1], global ? OFFERED_GLOBALS : OFFERED_COLLECTIONS)) refusedToAdmin.push(m)
    }
    expect(unmapped).toEqual([])
    expect(mutations.filter((m) => m.startsWith('duplicate'))).toEqual([])
    // Each mutation through a door not offered: refused, with the door named.
    const admin = await authOf(w, 'admin')
    expect(refusedToAdmin).toEqual(expect.arrayContaining(['createOauthCode', 'updateFollow', 'deletePayloadKv', 'updatePayloadJobsStat']))
    for (const m of refusedToAdmin.filter((x) => /^(update|delete)/.test(x))) {
      const global = names.get(m.replace(/^(update|delete)/, ''))?.global
      const call = async (id: string) => (await gql(`mutation { r: ${m}(${global ? '' : `id: ${id}, `}${m.startsWith('update') ? 'data: {}' : ''}) { ${global ? 'updatedAt' : 'id'} } }`.replace(', )', ')').replace('()', ''), {}, admin)).errors?.[0]?.message ?? ''
      let message = await call('"x"')
      if (/type|Expected|invalid value/.test(message)) message = await call("1")
      expect(message, m).toMatch(global ? /not allowed|not offered/ : /not offered/)
    }
    const codes = await count('oauth-codes')
    const code = await gql('mutation { createOauthCode(data: { codeHash: "x", app: "x", user: "x", scopes: "1", redirectUri: "https://x", expiresAt: "2030-01-01" }) { id } }', {}, admin)
    expect(code.errors?.[0]?.message).toMatch(/not offered/)
    expect(await count('oauth-codes')).toBe(codes)
  })
})

describe('the admin panel’s server functions', () => {
  it('every server function Payload’s admin offers is listed as offered or shut, and the shut ones are refused', () => {
    const source = readFileSync(path.join(process.cwd(), 'node_modules/@payloadcms/next/dist/utilities/handleServerFunctions.js'), 'utf8')
    const block = source.slice(source.indexOf('const baseServerFunctions = {'), source.indexOf('};', source.indexOf('const baseServerFunctions = {')))
    const names = [...block.matchAll(/^\s*'?([a-z-]+)'?:/gm)].map((m) => m[1])
    expect(names.length).toBeGreaterThan(8)
    expect(names.filter((n) => !OFFERED_SERVER_FUNCTIONS[n] && !SHUT_SERVER_FUNCTIONS[n])).toEqual([])
    for (const n of Object.keys(SHUT_SERVER_FUNCTIONS)) expect(() => assertServerFunctionOffered(n)).toThrow(/Unknown Server Function/)
    expect(() => assertServerFunctionOffered('__proto__')).toThrow(/Unknown Server Function/)
    for (const n of Object.keys(OFFERED_SERVER_FUNCTIONS)) expect(() => assertServerFunctionOffered(n)).not.toThrow()
  })
})

describe('version restore is judged like an update of the restored values', () => {
  it('an editor may restore an earlier version; values a rule forbids (a non-editor credited) are refused on restore too', async () => {
    const editor = await makeUser(w.payload, 'developer', { newsEditor: true })
    const outsider = await makeUser(w.payload)
    const lexical = { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, textStyle: '', children: [{ type: 'text', version: 1, text: 'Hello', detail: 0, format: 0, mode: 'normal', style: '' }] }] } }
    const article = await w.payload.create({ collection: 'news', data: { title: 'First title', slug: uniq('news'), summary: 'A summary.', content: lexical, authors: [editor.id], _status: 'draft' } as never, overrideAccess: true, draft: true })
    // An older version credited someone who is not an editor (written by the site, not by a user).
    await w.payload.update({ collection: 'news', id: article.id, data: { title: 'Credited wrongly', authors: [outsider.id] } as never, overrideAccess: true, draft: true })
    const wrong = (await w.payload.findVersions({ collection: 'news', where: { parent: { equals: article.id } }, sort: '-createdAt', overrideAccess: true, limit: 1 })).docs[0]
    await w.payload.update({ collection: 'news', id: article.id, data: { title: 'Second title', authors: [editor.id] } as never, overrideAccess: true, draft: true })
    const first = (await w.payload.findVersions({ collection: 'news', where: { parent: { equals: article.id }, 'version.title': { equals: 'First title' } }, overrideAccess: true, limit: 1 })).docs[0]

    const editorAuth = await authOf(w, 'admin')
    const stranger = await authOf(w, 'stranger')
    expect((await api('POST', `/news/versions/${first.id}`, { auth: stranger })).status).toBeGreaterThanOrEqual(400)
    expect((await w.payload.findByID({ collection: 'news', id: article.id, overrideAccess: true, draft: true })).title).toBe('Second title')

    const refused = await api('POST', `/news/versions/${wrong.id}`, { auth: editorAuth })
    expect(refused.status).toBe(403)
    const stored = await w.payload.findByID({ collection: 'news', id: article.id, overrideAccess: true, draft: true, depth: 0 })
    expect(stored.authors?.map((a) => relationId(a))).toEqual([editor.id])

    const restored = await api('POST', `/news/versions/${first.id}`, { auth: editorAuth })
    expect(restored.status).toBe(200)
    expect((await w.payload.findByID({ collection: 'news', id: article.id, overrideAccess: true, draft: true })).title).toBe('First title')
  })
})
