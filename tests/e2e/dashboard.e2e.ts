/**
 * The creator dashboard (issue 14): downloads counted for real — through the site and through /v2,
 * once per address and version in a window — shown on the overview and in analytics (chart, table,
 * CSV, each range); an invitation arrives as a notification and on the invitee's overview.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createHash, randomBytes } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import { createAccount, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'dashboard-pass-1'
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex')
const jar = (version: string) => Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'beacons', version })), 'com/example/Beacons.class': new Uint8Array(randomBytes(512)) }))

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  const login = await (await request.post('/api/users/login', { data: { username, password: PASSWORD } })).json()
  return { id: login.user.id as string, username, token: login.token as string, headers: { Authorization: login.token as string } }
}

async function signedIn(page: Page, token: string, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: token, url: baseURL }])
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: '.settings-content' })

let creator: Awaited<ReturnType<typeof account>>
let project: { id: string; slug: string; team: string; title: string }
const jars = { '1.0.0': jar('1.0.0'), '1.1.0': jar('1.1.0'), '1.2.0': jar('1.2.0') }

test.beforeAll(async ({ request }) => {
  creator = await account(request, 'dash')
  const created = await request.post('/v2/project', {
    headers: creator.headers,
    multipart: { data: JSON.stringify({ title: `Beacons ${run}`, slug: `beacons-${run}`, description: 'Beacons that light the way home.', project_type: 'mod', body: 'Beacons.', client_side: 'required', server_side: 'required', license_id: 'MIT', initial_versions: [], is_draft: true }) },
  })
  expect(created.status(), await created.text()).toBe(200)
  project = await created.json()
  for (const [number, bytes] of Object.entries(jars)) {
    const res = await request.post('/v2/version', {
      headers: creator.headers,
      multipart: {
        data: JSON.stringify({ project_id: project.id, version_number: number, version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['jar'] }),
        jar: { name: `beacons-${number}-${run}.jar`, mimeType: 'application/java-archive', buffer: bytes },
      },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
})

/** As a launcher does: the file's address from /v2 by its hash, then the file (this draft project's files need the creator's token). */
async function launcherDownload(request: APIRequestContext, bytes: Buffer) {
  const found = await request.get(`/v2/version_file/${sha1(bytes)}/download`, { headers: creator.headers, maxRedirects: 0 })
  expect(found.status()).toBe(302)
  const file = await request.get(found.headers().location, { headers: { Authorization: `JWT ${creator.token}` } })
  expect(file.status()).toBe(200)
  expect(sha1(Buffer.from(await file.body()))).toBe(sha1(bytes))
}

const downloadsOf = async (request: APIRequestContext) => (await (await request.get(`/v2/project/${project.id}`, { headers: creator.headers })).json()).downloads as number

test('downloads count for real: through the site and /v2, once per address and version', async ({ page, request, baseURL }) => {
  expect(await downloadsOf(request)).toBe(0)
  await signedIn(page, creator.token, baseURL!)

  // Through the site: the version page's download button.
  await page.goto(`/mod/${project.slug}/version/1.0.0`)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('article').getByRole('link', { name: 'Download', exact: true }).click()])
  expect(sha1(await streamToBuffer(await download.createReadStream()))).toBe(sha1(jars['1.0.0']))
  await expect.poll(() => downloadsOf(request)).toBe(1)

  // Through /v2, as a launcher does: the file of 1.1.0 by its hash.
  await launcherDownload(request, jars['1.1.0'])
  await expect.poll(() => downloadsOf(request)).toBe(2)

  // The same address fetching 1.0.0 again within the window does not count; 1.2.0 does.
  await launcherDownload(request, jars['1.0.0'])
  await launcherDownload(request, jars['1.2.0'])
  await expect.poll(() => downloadsOf(request)).toBe(3)
  const versions = (await (await request.get(`/v2/project/${project.id}/version`, { headers: creator.headers })).json()) as { version_number: string; downloads: number }[]
  expect(Object.fromEntries(versions.map((v) => [v.version_number, v.downloads]))).toEqual({ '1.0.0': 1, '1.1.0': 1, '1.2.0': 1 })
})

test('the overview and analytics show them: chart for each range, table, CSV', async ({ page, request, baseURL }) => {
  await signedIn(page, creator.token, baseURL!)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page.locator('.dashboard-stats')).toContainText('Downloads3')
  await expect(page.getByRole('row', { name: new RegExp(project.title) })).toContainText('Draft')
  await noSeriousAxe(page, 'overview')

  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  const ranges = page.getByRole('navigation', { name: 'Date range' })
  for (const name of ['This month', 'Last month', 'Previous 30 days']) {
    await ranges.getByRole('link', { name }).click()
    await expect(ranges.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('img', { name: /Downloads per day/ })).toBeVisible()
  }
  // The previous 30 days include today's three downloads.
  await expect(page.getByRole('link', { name: /Downloads\s*3/ })).toHaveAttribute('aria-current', 'page')
  await noSeriousAxe(page, 'analytics chart')

  await page.getByRole('link', { name: 'Show as a table' }).click()
  const today = new Date().toISOString().slice(0, 10)
  const table = page.getByRole('table', { name: /Downloads per day/ })
  await expect(table.getByRole('columnheader', { name: project.title })).toBeVisible()
  await expect(table.getByRole('row', { name: new RegExp(`^${today}`) })).toContainText('3')
  await noSeriousAxe(page, 'analytics table')

  // A custom range that ends before it starts is refused with a clear message.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-02-10')
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-02-01')
  await page.getByRole('button', { name: 'Custom range' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'could not be read' })).toContainText('choose a start day on or before the end day')

  // The export, as the person downloads it from the page (their session cookie goes along).
  await page.goto('/dashboard/analytics?range=previous-30-days&metric=downloads')
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export as CSV' }).click()])
  expect(file.suggestedFilename()).toMatch(/^downloads-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await streamToBuffer(await file.createReadStream())).toString('utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toMatch(new RegExp(`^project,.*,${today},total$`))
  expect(lines.find((l) => l.startsWith(project.title))).toMatch(/,3,3$/)

  // On the project's own settings, the same figures.
  await page.goto(`/mod/${project.slug}/settings/analytics?view=table`)
  await expect(page.getByRole('table', { name: /Downloads per day/ }).getByRole('row', { name: new RegExp(`^${today}`) })).toContainText('3')
  // Anonymous exports nothing.
  expect((await request.get('/dashboard/analytics/export', { headers: {} })).status()).toBe(401)
})

test('an invitation reaches the invitee as a notification and on their overview', async ({ page, request, baseURL }) => {
  const invitee = await account(request, 'dash-invitee')
  expect((await request.post(`/v2/team/${project.team}/members`, { headers: creator.headers, data: { user_id: invitee.id, role: 'Artist', permissions: 0 } })).status()).toBe(204)
  await signedIn(page, invitee.token, baseURL!)
  await page.goto('/dashboard')
  await expect(page.getByText(`You have been invited to join ${project.title}`).first()).toBeVisible()
  await page.getByRole('link', { name: 'All notifications' }).click()
  const list = page.getByRole('list', { name: 'Notifications' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).toContainText(`${creator.username} invited you`)
  await noSeriousAxe(page, 'notifications')
  await list.getByRole('button', { name: /Mark .* as read/ }).click()
  await expect(page.getByText('You have no unread notifications.')).toBeVisible()
  await page.getByRole('link', { name: 'View history' }).click()
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(1)

  // The notification leads to the project, where the invitation is answered.
  await page.getByRole('link', { name: /^Open/ }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${project.slug}$`))
})

test('every dashboard section loads from its navigation', async ({ page, baseURL }) => {
  await signedIn(page, creator.token, baseURL!)
  await page.goto('/dashboard')
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' })
  for (const [link, heading] of [['Notifications', 'Notifications'], ['Projects', 'Projects'], ['Analytics', 'Analytics'], ['Organizations', 'Organizations'], ['Collections', 'Collections'], ['Reports', 'Reports'], ['Overview', 'Overview']]) {
    await nav.getByRole('link', { name: link, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page')
  }
  await page.goto('/dashboard/reports')
  await expect(page.getByText('You have not reported anything.')).toBeVisible()
  await noSeriousAxe(page, 'reports')
})

test('links of several projects are edited at once from /dashboard/projects; a bad link saves nothing', async ({ page, request, baseURL }) => {
  const second = await request.post('/v2/project', {
    headers: creator.headers,
    multipart: { data: JSON.stringify({ title: `Lanterns ${run}`, slug: `lanterns-${run}`, description: 'Lanterns for the long night.', project_type: 'mod', body: 'Lanterns.', client_side: 'required', server_side: 'required', license_id: 'MIT', initial_versions: [], is_draft: true }) },
  })
  expect(second.status(), await second.text()).toBe(200)
  const lanterns = await second.json()
  await signedIn(page, creator.token, baseURL!)
  await page.goto('/dashboard/projects')
  await page.getByRole('checkbox', { name: `Select ${project.title} for editing links` }).check()
  await page.getByRole('checkbox', { name: `Select Lanterns ${run} for editing links` }).check()
  await page.getByText('Edit links of selected projects').click()
  const form = page.locator('form#bulk-links')
  await form.getByRole('textbox', { name: 'Source code' }).fill('git.example/no-scheme')
  await form.getByRole('textbox', { name: 'Wiki' }).fill('https://wiki.example/beacons')
  await form.getByRole('button', { name: 'Save links' }).click()
  await expect(form.getByRole('alert')).toContainText('Enter a full link starting with https:// or http://.')
  const linksOf = async (id: string) => (await (await request.get(`/v2/project/${id}`, { headers: creator.headers })).json()) as { source_url: string | null; wiki_url: string | null }
  expect((await linksOf(project.id)).wiki_url).toBeNull()

  await form.getByRole('textbox', { name: 'Source code' }).fill('https://git.example/lights')
  await form.getByRole('button', { name: 'Save links' }).click()
  await expect(form.getByRole('status')).toHaveText('Links saved on 2 projects.')
  for (const id of [project.id, lanterns.id]) expect(await linksOf(id)).toMatchObject({ source_url: 'https://git.example/lights', wiki_url: 'https://wiki.example/beacons' })

  // "Remove this link" clears it on the ticked ones only.
  await page.goto('/dashboard/projects')
  await page.getByRole('checkbox', { name: `Select Lanterns ${run} for editing links` }).check()
  await page.getByText('Edit links of selected projects').click()
  await form.getByRole('checkbox', { name: 'Remove the Wiki link' }).check()
  await form.getByRole('button', { name: 'Save links' }).click()
  await expect(form.getByRole('status')).toHaveText('Links saved on 1 project.')
  expect((await linksOf(lanterns.id)).wiki_url).toBeNull()
  expect((await linksOf(project.id)).wiki_url).toBe('https://wiki.example/beacons')
  await noSeriousAxe(page, 'projects with bulk links')
})

test('a phone-sized dashboard keeps its content in view', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page, creator.token, baseURL!)
  for (const path of ['/dashboard', '/dashboard/projects', '/dashboard/analytics', '/dashboard/notifications', '/dashboard/reports']) {
    await page.goto(path)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
})

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}
