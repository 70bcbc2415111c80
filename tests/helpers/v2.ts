/**
 * Calls the `/v2` route handlers directly (no server): `v2('/project/abc')`, `v2('/version_files',
 * { body: {...} })`. Each call comes from its own client address unless `ip` is given, so the rate
 * limiter only gets in the way of the tests that are about it.
 */
import { createHash, randomInt } from 'node:crypto'
import type { Payload } from 'payload'

import { DELETE, GET, OPTIONS, PATCH, POST } from '../../src/app/v2/[...path]/route'
import { Scopes, type ScopeName } from '../../src/access/core/scopes'
import type { Project, User, Version } from '../../src/payload-types'
import type { World } from './world'
import { testJar } from './jar'

export type V2Response = { status: number; headers: Headers; text: string; json: <T = unknown>() => T }

// Counters live in the shared store (Postgres) for the whole run: each test file starts at its own
// random address, so one file's clients are not another's.
let client = randomInt(0, 1 << 23)
const handlers = { GET, POST, PATCH, DELETE, OPTIONS } as const

export async function v2(
  path: string,
  opts: { method?: keyof typeof handlers; body?: unknown; rawBody?: string; auth?: string | null; ip?: string; headers?: Record<string, string> } = {},
): Promise<V2Response> {
  client += 1
  const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? 'POST' : 'GET')
  const headers = new Headers({ 'x-forwarded-for': opts.ip ?? `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`, ...opts.headers })
  if (opts.auth != null) headers.set('authorization', opts.auth)
  const body = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined)
  const res = await handlers[method](new Request(`http://localhost/v2${path}`, { method, headers, body }))
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T }
}

/** `?ids=[…]`, encoded as a client would send it. */
export const ids = (values: string[]) => encodeURIComponent(JSON.stringify(values))

export const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex')
export const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('hex')

/** A personal access token for `user` with these scopes. */
export async function patFor(payload: Payload, user: User & { collection: 'users' }, scopes: ScopeName[]): Promise<string> {
  const bits = scopes.reduce((a, s) => a | Scopes[s], 0n)
  const created = (await payload.create({
    collection: 'access-tokens',
    data: { name: 'v2 tests', scopes: bits.toString(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    user,
    overrideAccess: false,
  })) as { token?: string }
  return created.token!
}

/** A session token (Payload JWT) for `user`. */
export async function sessionFor(payload: Payload, user: User): Promise<string> {
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' } })
  return token!
}

let seq = 0
const uniq = (p: string) => `${p}-${++seq}-${Date.now().toString(36)}`

export type MadeVersion = Version & { file: Buffer; sha1: string; sha512: string }

/** A version with one primary jar (real bytes, so Payload hashes it). */
export async function makeVersion(
  payload: Payload,
  project: Project,
  data: Partial<Pick<Version, 'status' | 'versionType' | 'featured' | 'datePublished' | 'dependencies' | 'changelog'>> & { versionNumber?: string; loaders?: string[]; gameVersions?: string[] } = {},
  extraFiles: { fileType: 'sources-jar' | 'signature' }[] = [],
): Promise<MadeVersion> {
  const version = await payload.create({
    collection: 'versions',
    data: { project: project.id, versionNumber: data.versionNumber ?? uniq('1.0'), gameVersions: data.gameVersions ?? ['1.21'], loaders: data.loaders ?? ['fabric'], ...data },
    overrideAccess: true,
    depth: 0,
  })
  const file = testJar(uniq(version.id))
  await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data: file, mimetype: 'application/java-archive', name: `${uniq('mod')}.jar`, size: file.length }, overrideAccess: true })
  for (const extra of extraFiles) {
    const bytes = testJar(`extra-${uniq(version.id)}`)
    await payload.create({ collection: 'version-files', data: { version: version.id, primary: false, fileType: extra.fileType }, file: { data: bytes, mimetype: 'application/java-archive', name: `${uniq('extra')}.jar`, size: bytes.length }, overrideAccess: true })
  }
  return { ...version, file, sha1: sha1(file), sha512: sha512(file) }
}

/** A project in `status` (team: owner, member, memberNoBits), with a slug in mixed case on input. */
export async function makeV2Project(w: World, status: Project['status'], data: Partial<Project> = {}): Promise<Project> {
  const p = await w.makeProject('draft')
  return w.payload.update({ collection: 'projects', id: p.id, data: { slug: uniq('v2-project'), status, published: new Date(Date.now() - 86_400_000).toISOString(), ...data }, overrideAccess: true, depth: 0 })
}

/** The exact top-level keys of a v2 project (labrinth `LegacyProject`). */
export const PROJECT_KEYS = [
  'id', 'slug', 'project_type', 'team', 'organization', 'title', 'description', 'body', 'body_url', 'published', 'updated', 'approved', 'queued',
  'status', 'requested_status', 'moderator_message', 'license', 'client_side', 'server_side', 'game_versions', 'loaders', 'categories',
  'additional_categories', 'versions', 'downloads', 'followers', 'icon_url', 'raw_icon_url', 'issues_url', 'source_url', 'wiki_url', 'discord_url',
  'donation_urls', 'gallery', 'color', 'thread_id', 'monetization_status', 'environment',
].sort()

export const VERSION_KEYS = [
  'id', 'project_id', 'author_id', 'featured', 'name', 'version_number', 'changelog', 'changelog_url', 'date_published', 'downloads', 'version_type',
  'status', 'requested_status', 'files', 'dependencies', 'game_versions', 'loaders', 'environment',
].sort()

export const USER_KEYS = [
  'id', 'username', 'name', 'avatar_url', 'bio', 'created', 'role', 'badges', 'auth_providers', 'email', 'email_verified', 'has_password', 'has_totp',
  'payout_data', 'github_id',
].sort()
