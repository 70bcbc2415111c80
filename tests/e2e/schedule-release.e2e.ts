/**
 * Scheduling a release on the site (issue 13 item 7): the creator picks a date and time a few
 * seconds ahead on the version's edit page; until then the version is hidden from the public (page
 * and /v2) and its team sees when it goes out; then the releaseScheduled job (run by the server's
 * own cron, RELEASE_SCHEDULED_CRON in scripts/test-app.mjs) lists it and the public sees it.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, request as requests, test, type APIRequestContext, type Page } from '@playwright/test'
import { createAccount } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'schedule-pass-1'
let owner: { token: string; id: string; headers: Record<string, string> }
let admin: Record<string, string>
/** A visitor: its own cookie jar, never signed in (the `request` fixture keeps the logins' cookies). */
let visitor: APIRequestContext
const projects: string[] = []

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  const { token, user } = await (await request.post('/api/users/login', { data: { username, password: PASSWORD } })).json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` } }
}

async function signedIn(page: Page, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: owner.token, url: baseURL }])
}

/** `2030-01-31T12:00:05` in the browser's time zone, as a datetime-local input takes it. */
const localValue = (page: Page, at: number) => page.evaluate((ms) => {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}, at)

test.beforeAll(async ({ request, baseURL }) => {
  owner = await account(request, 'scheduler')
  visitor = await requests.newContext({ baseURL })
  const staff = await requests.newContext({ baseURL })
  const login = await staff.post('/api/users/login', { data: { username: 'admin', password: process.env.DEMO_PASSWORD ?? 'demo-password' } })
  admin = { Authorization: `JWT ${(await login.json()).token}` }
  await staff.dispose()
})

test.afterAll(async ({ request }) => {
  for (const id of projects) await request.delete(`/api/projects/${id}`, { headers: admin })
  await visitor.dispose()
})

test('a creator schedules a version: hidden from the public until its time, then released', async ({ page, request, baseURL }) => {
  const slug = `sundial-${run}`
  const created = await request.post('/api/projects', { headers: owner.headers, data: { slug, title: `Sundial ${run}`, summary: 'A project for the scheduled release test.', projectType: 'mod' } })
  expect(created.status()).toBe(201)
  const projectId = (await created.json()).doc.id as string
  projects.push(projectId)
  // Staff approve it, so the public sees the project and its listed versions.
  expect((await request.patch(`/api/projects/${projectId}`, { headers: admin, data: { status: 'approved' } })).status()).toBe(200)
  const gameVersion = (await (await request.get('/api/game-versions?where[versionType][equals]=release&sort=-date&limit=1&depth=0')).json()).docs[0].id as string
  const version = await request.post('/api/versions', { headers: owner.headers, data: { project: projectId, versionNumber: '2.0.0', name: 'Sundial 2', gameVersions: [gameVersion], loaders: ['fabric'], status: 'draft' } })
  expect(version.status()).toBe(201)
  const versionId = (await version.json()).doc.id as string
  const publicPage = `/mod/${slug}/version/${versionId}`

  await signedIn(page, baseURL!)
  await page.goto(`${publicPage}/edit`)
  const section = page.getByRole('region', { name: 'Schedule release' })
  await expect(section).toBeVisible()
  // Time enough to check that the public cannot see it before it goes out — on a loaded machine the
  // steps below (axe among them) took more than 20 s, and the release came first.
  test.setTimeout(300_000)
  const releaseAt = Date.now() + 90_000
  await section.getByLabel('Release date and time').fill(await localValue(page, releaseAt))
  await section.getByLabel('Release as').selectOption('listed')
  await section.getByRole('button', { name: 'Schedule release' }).click()
  await expect(section.getByRole('status')).toHaveText('Release scheduled.')
  await expect(section.getByTestId('scheduled-release')).toContainText('Scheduled: released as Listed on', { timeout: 20_000 })
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

  // The team sees when it goes out; the public sees nothing yet.
  await page.goto(publicPage)
  await expect(page.getByTestId('scheduled-release')).toContainText('Scheduled to be released as Listed on')
  expect((await visitor.get(publicPage)).status()).toBe(404)
  expect((await visitor.get(`/v2/version/${versionId}`)).status()).toBe(404)
  expect(Date.now()).toBeLessThan(releaseAt)

  // Then the server's job releases it: /v2 and the public page answer.
  await expect.poll(async () => (await visitor.get(`/v2/version/${versionId}`)).status(), { timeout: 150_000, intervals: [1000] }).toBe(200)
  expect(await (await visitor.get(`/v2/version/${versionId}`)).json()).toMatchObject({ status: 'listed', requested_status: null })
  await page.context().clearCookies()
  await page.goto(publicPage)
  await expect(page.getByRole('heading', { level: 2, name: 'Sundial 2' })).toBeVisible()
  await expect(page.getByTestId('scheduled-release')).toHaveCount(0)
})

test('a creator calls a scheduled release off: the version stays a draft', async ({ page, request, baseURL }) => {
  const slug = `moondial-${run}`
  const created = await request.post('/api/projects', { headers: owner.headers, data: { slug, title: `Moondial ${run}`, summary: 'A project for calling a release off.', projectType: 'mod' } })
  const projectId = (await created.json()).doc.id as string
  projects.push(projectId)
  const gameVersion = (await (await request.get('/api/game-versions?where[versionType][equals]=release&sort=-date&limit=1&depth=0')).json()).docs[0].id as string
  const versionId = (await (await request.post('/api/versions', { headers: owner.headers, data: { project: projectId, versionNumber: '0.9.0', gameVersions: [gameVersion], loaders: ['fabric'], status: 'draft' } })).json()).doc.id as string

  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}/version/${versionId}/edit`)
  const section = page.getByRole('region', { name: 'Schedule release' })
  // A time in the past is refused with the reason.
  await section.getByLabel('Release date and time').fill(await localValue(page, Date.now() - 3_600_000))
  await section.getByRole('button', { name: 'Schedule release' }).click()
  await expect(section.getByRole('alert')).toHaveText('You cannot schedule a version to be released in the past!')

  await section.getByLabel('Release date and time').fill(await localValue(page, Date.now() + 86_400_000))
  await section.getByLabel('Release as').selectOption('unlisted')
  await section.getByRole('button', { name: 'Schedule release' }).click()
  // The page refreshes from the server (slow while the browser prefetches links on a busy machine).
  await expect(section.getByTestId('scheduled-release')).toContainText('released as Unlisted', { timeout: 20_000 })
  await section.getByRole('button', { name: 'Cancel release (keep as a draft)' }).click()
  await expect(section.getByRole('status')).toHaveText('The scheduled release was cancelled.')
  await expect(section.getByTestId('scheduled-release')).toHaveCount(0, { timeout: 20_000 })
  expect(await (await request.get(`/api/versions/${versionId}?depth=0`, { headers: owner.headers })).json()).toMatchObject({ status: 'draft', requestedStatus: null })
})
