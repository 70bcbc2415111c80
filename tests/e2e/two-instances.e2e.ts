/**
 * Two app processes on one PostgreSQL database and one object store (issue 17, item 9): the shared
 * parts really are shared. Rate limits count requests through either instance against one allowance;
 * a file uploaded through one downloads through the other (from the bucket — each instance has its
 * own empty MEDIA_DIR); an edit through one is what the other's next `/v2` read answers.
 *
 * An e2e spec rather than an integration test because it needs real server processes, and
 * only the e2e run has the production build (shared by every spec, so this costs two process starts).
 * Ports: E2E_PORT+20 and +21 for the instances, +22 for the local S3 server (s3rver, in this worker);
 * TWO_INSTANCES_PORT moves the three.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import pg from 'pg'
import { strToU8, zipSync } from 'fflate'

import { startS3 } from '../helpers/s3Server'

const base = Number(process.env.TWO_INSTANCES_PORT ?? Number(process.env.E2E_PORT ?? 3123) + 20)
const [portA, portB, s3Port] = [base, base + 1, base + 2]
const LIMIT = 40
const run = Date.now().toString(36)

type Instance = { url: string; media: string; server: ChildProcess }
let a: Instance
let b: Instance
let s3: Awaited<ReturnType<typeof startS3>>
// The project test 2 creates (its draft becomes public in test 3).
let made: { id: string; slug: string } | undefined

// Every request names its own client (the instances trust one proxy hop), so the rest of the suite's
// traffic from 127.0.0.1 does not count against the allowance measured here.
const client = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`

function startInstance(port: number): Instance {
  const url = `http://127.0.0.1:${port}`
  const media = mkdtempSync(path.join(os.tmpdir(), `bf-instance-${port}-`))
  // The production server (`npm start` runs the same): Next behind the /v2 fast path.
  const server = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, ...s3.env, NODE_ENV: 'production', SITE_URL: url, MEDIA_DIR: media, V2_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' },
  })
  return { url, media, server }
}

test.describe('two instances', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    // Two production servers starting on two cores shared with the rest of the run: minutes, not seconds.
    test.setTimeout(240_000)
    s3 = await startS3(s3Port)
    a = startInstance(portA)
    b = startInstance(portB)
    for (const { url } of [a, b]) {
      await expect.poll(async () => (await fetch(`${url}/robots.txt`).catch(() => null))?.status ?? 0, { timeout: 220_000, intervals: [500] }).toBe(200)
    }
  })
  test.afterAll(async () => {
    for (const instance of [a, b]) {
      instance?.server.kill('SIGTERM')
      if (instance) rmSync(instance.media, { recursive: true, force: true })
    }
    await s3?.stop()
  })

  test('share one rate limit: requests through A and B together hit it', async () => {
    const ip = client()
    const get = (instance: Instance) => fetch(`${instance.url}/v2/tag/side_type`, { headers: { 'x-forwarded-for': ip } })
    let allowed = 0
    let refused: Response | undefined
    for (let i = 0; i < LIMIT * 3 && !refused; i++) {
      const res = await get(i % 2 ? b : a)
      if (res.status === 429) refused = res
      else {
        expect(res.status).toBe(200)
        allowed += 1
      }
      await res.arrayBuffer()
    }
    // Counted in each process and reconciled in batches: together they may allow a little more, at most
    // LIMIT - 1 + 2 * max(1, floor(LIMIT / 16)) (src/plugins/api-v2/http/sharedRateLimit.ts).
    const bound = LIMIT - 1 + 2 * Math.max(1, Math.floor(LIMIT / 16))
    expect(allowed).toBeGreaterThanOrEqual(LIMIT)
    expect(refused?.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // Both refuse the client now, the other at the latest once its next batch has read the total back
    // (it waits for that batch before allowing past its slice); another client is unaffected.
    for (const instance of [a, b]) {
      let res: Response
      while ((res = await get(instance)).status === 200) allowed += 1
      expect(res.status).toBe(429)
    }
    expect(allowed).toBeLessThanOrEqual(bound)
    expect((await fetch(`${b.url}/v2/tag/side_type`, { headers: { 'x-forwarded-for': client() } })).status).toBe(200)
  })

  test('a file uploaded through A downloads through B from the bucket, and an edit through A shows on B', async () => {
    const headers = { 'x-forwarded-for': client() }
    const username = `two-instances-${run}`
    const password = 'two-instances-pass-1'
    // Over the API only an administrator makes accounts (people sign up at /auth/sign-up).
    const adminLogin = (await (await fetch(`${a.url}/api/users/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'demo-password' }) })).json()) as { token: string }
    const signUp = await fetch(`${a.url}/api/users`, { method: 'POST', headers: { ...headers, authorization: `JWT ${adminLogin.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ username, email: `${username}@example.test`, password }) })
    expect(signUp.status, await signUp.clone().text()).toBe(201)
    const login = (await (await fetch(`${a.url}/api/users/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).json()) as { token: string }
    // PROJECT_CREATE, PROJECT_READ, PROJECT_WRITE, VERSION_CREATE, VERSION_READ, VERSION_WRITE (labrinth's scope bits).
    const scopes = [10, 11, 12, 14, 15, 16].reduce((sum, bit) => sum + 2 ** bit, 0)
    const pat = await fetch(`${a.url}/v2/pat`, { method: 'POST', headers: { ...headers, authorization: login.token, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'two instances', scopes, expires: new Date(Date.now() + 86_400_000).toISOString() }) })
    expect(pat.status, await pat.clone().text()).toBe(200)
    const auth = { ...headers, authorization: ((await pat.json()) as { access_token: string }).access_token }

    const projectForm = new FormData()
    projectForm.append('data', JSON.stringify({ title: 'Twin Lamps', slug: `twin-lamps-${run}`, description: 'Lamps that light on two servers at once.', project_type: 'mod', body: 'Lamps.', client_side: 'required', server_side: 'required', license_id: 'MIT', initial_versions: [], is_draft: true }))
    const created = await fetch(`${a.url}/v2/project`, { method: 'POST', headers: auth, body: projectForm })
    expect(created.status, await created.clone().text()).toBe(200)
    const project = (await created.json()) as { id: string; slug: string }
    made = project

    const bytes = Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'twinlamps', version: '1.0.0' })), 'com/example/Lamp.class': new Uint8Array(randomBytes(2048)) }))
    const versionForm = new FormData()
    versionForm.append('data', JSON.stringify({ project_id: project.id, version_number: '1.0.0', name: 'Twin Lamps 1.0.0', changelog: 'First light.', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['jar'] }))
    versionForm.append('jar', new Blob([new Uint8Array(bytes)], { type: 'application/java-archive' }), `twin-lamps-${run}.jar`)
    const uploaded = await fetch(`${a.url}/v2/version`, { method: 'POST', headers: auth, body: versionForm })
    expect(uploaded.status, await uploaded.clone().text()).toBe(200)
    const version = (await uploaded.json()) as { files: { filename: string; hashes: { sha1: string } }[] }
    const { filename, hashes } = version.files[0]

    // Through B: the v2 download leads to B's file URL, which redirects to a signed URL of the object.
    const download = await fetch(`${b.url}/v2/version_file/${hashes.sha1}/download`, { headers: auth, redirect: 'manual' })
    expect(download.status).toBe(302)
    const fileUrl = download.headers.get('location')!
    expect(fileUrl.startsWith(`${b.url}/api/version-files/file/`)).toBe(true)
    const signed = await fetch(fileUrl, { headers: auth, redirect: 'manual' })
    expect(signed.status).toBe(302)
    const objectUrl = new URL(signed.headers.get('location')!)
    expect(`${objectUrl.origin}${decodeURIComponent(objectUrl.pathname)}`).toBe(`http://127.0.0.1:${s3Port}/blockforge-test/files/${filename}`)
    expect(objectUrl.searchParams.get('X-Amz-Signature')).toBeTruthy()
    const body = Buffer.from(await (await fetch(objectUrl)).arrayBuffer())
    expect(createHash('sha1').update(body).digest('hex')).toBe(createHash('sha1').update(bytes).digest('hex'))
    // Neither instance wrote it to its own disk.
    for (const instance of [a, b]) expect(readdirSync(instance.media, { recursive: true }).map(String)).not.toContain(path.join('files', filename))

    // An edit through A is what B's next read answers (B read it just before, too).
    const read = async (instance: Instance) => ((await (await fetch(`${instance.url}/v2/project/${project.id}`, { headers: auth })).json()) as { title: string }).title
    expect(await read(b)).toBe('Twin Lamps')
    const edit = await fetch(`${a.url}/v2/project/${project.id}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Twin Lamps, Relit' }) })
    expect(edit.status, await edit.clone().text()).toBe(204)
    expect(await read(b)).toBe('Twin Lamps, Relit')
    // And the other way round, through Payload's REST API on B, read on A.
    const restEdit = await fetch(`${b.url}/api/projects/${project.id}`, { method: 'PATCH', headers: { ...headers, authorization: `JWT ${login.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Twin Lamps, Rewired' }) })
    expect(restEdit.status, await restEdit.clone().text()).toBe(200)
    expect(await read(a)).toBe('Twin Lamps, Rewired')
  })

  test('anonymous visitors of B see an edit made through A on their next page, /v2 read and search (both instances cache them)', async () => {
    expect(made, 'test 2 made the project').toBeTruthy()
    const { id, slug } = made!
    const headers = { 'x-forwarded-for': client() }
    const admin = (await (await fetch(`${a.url}/api/users/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD ?? 'demo-password' }) })).json()) as { token: string }
    const patch = async (instance: Instance, data: Record<string, unknown>) => {
      const res = await fetch(`${instance.url}/api/projects/${id}`, { method: 'PATCH', headers: { ...headers, authorization: `JWT ${admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify(data) })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    await patch(a, { status: 'approved' })

    const anonymous = { 'x-forwarded-for': client() }
    const v2Title = async (instance: Instance) => ((await (await fetch(`${instance.url}/v2/project/${slug}`, { headers: anonymous })).json()) as { title: string }).title
    const pageHtml = async (instance: Instance) => (await fetch(`${instance.url}/mod/${slug}`, { headers: anonymous })).text()
    const found = async (instance: Instance, query: string) =>
      ((await (await fetch(`${instance.url}/v2/search?query=${encodeURIComponent(query)}`, { headers: anonymous })).json()) as { hits: { slug: string }[] }).hits.some((h) => h.slug === slug)
    // Both instances have read (and so cached) the public project before the edit.
    for (const instance of [a, b]) {
      await expect.poll(() => v2Title(instance)).toBe('Twin Lamps, Rewired')
      expect(await pageHtml(instance)).toContain('Twin Lamps, Rewired')
    }

    // B answers from its cache: a change made behind the application's back (plain SQL, which no
    // hook announces) does not show there…
    const v2Summary = async (instance: Instance) => ((await (await fetch(`${instance.url}/v2/project/${slug}`, { headers: anonymous })).json()) as { description: string }).description
    const summary = await v2Summary(b)
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await db.connect()
    try {
      await db.query('UPDATE projects SET summary = $1 WHERE id = $2', [`Changed behind the app ${run}.`, id])
    } finally {
      await db.end()
    }
    expect(await v2Summary(b)).toBe(summary)

    // …while an edit through A, once committed, drops B's copy.
    const relit = `Twin Lamps Aglow ${run}`
    await patch(a, { title: relit })
    // B hears of the commit through Postgres NOTIFY within milliseconds; the poll only absorbs that.
    const soon = { timeout: 3000, intervals: [25, 50, 100] }
    await expect.poll(() => v2Title(b), soon).toBe(relit)
    expect(await v2Summary(b)).toBe(`Changed behind the app ${run}.`)
    await expect.poll(async () => (await pageHtml(b)).includes(relit), soon).toBe(true)
    expect(await pageHtml(b)).not.toContain('Twin Lamps, Rewired')
    await expect.poll(() => found(b, relit), soon).toBe(true)
    // And A, which made the edit, shows it on its very next request.
    expect(await v2Title(a)).toBe(relit)
  })
})
