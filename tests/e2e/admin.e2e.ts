/** The generated admin panel: sign-in, every collection filled with demo data, and a field error in the form. */
import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

import { attachScreenshot, createAccount, DEMO_PASSWORD, signIn } from './helpers'

// The admin panel is the heaviest page of the site: under two workers on two cores a save can take
// tens of seconds to answer, so these tests wait longer than the default (a slow save is not a bug
// these tests look for; a save that never lands is).
test.describe.configure({ timeout: 120_000 })
const SAVE_WAIT = { timeout: 45_000 }

const COLLECTIONS = ['projects', 'versions', 'version-files', 'images', 'user-collections', 'users', 'teams', 'team-members', 'organizations', 'follows', 'reports', 'threads', 'thread-messages', 'notifications', 'news', 'changelog-entries', 'game-versions', 'loaders', 'categories', 'licenses', 'donation-platforms', 'report-types', 'access-tokens']

test('every collection holds demo data', async ({ request }) => {
  const auth = await signIn(request)
  for (const slug of COLLECTIONS) {
    const res = await request.get(`/api/${slug}?limit=1&depth=0`, { headers: auth })
    expect(res.status(), slug).toBe(200)
    expect((await res.json()).totalDocs, slug).toBeGreaterThan(0)
  }
})

async function adminSignIn(page: import('@playwright/test').Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, SAVE_WAIT)
}

// The admin form sends the whole document back: the write rules must let unchanged values through
// (team, counters, dates) while the edited field is saved.
for (const username of ['admin', 'wren_mod']) {
  test(`${username} edits a project in the admin panel and the change is saved`, async ({ page, request }) => {
    const auth = await signIn(request)
    const project = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved&sort=-downloads', { headers: auth })).json()).docs[0]
    await adminSignIn(page, username)
    await page.goto(`/admin/collections/projects/${project.id}`)
    const summary = `Edited in the admin panel by ${username}.`
    await page.locator('#field-summary').fill(summary)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/updated successfully/i)).toBeVisible(SAVE_WAIT)
    const stored = await (await request.get(`/api/projects/${project.id}?depth=0`, { headers: auth })).json()
    expect(stored.summary).toBe(summary)
    expect(stored.team).toBe(project.team)
    expect(stored.downloads).toBe(project.downloads)
  })
}

// Creators edit their own content in the admin panel too (issue 13): they see only theirs, not the staff's collections.
test('a creator signs into the admin panel, sees only their own projects, and the checklist on the edit view', async ({ page, request }) => {
  const username = `admin-creator-${Date.now().toString(36)}`
  const password = 'admin-creator-pass-1'
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  const token = (await (await request.post('/api/users/login', { data: { username, password } })).json()).token as string
  const created = await request.post('/api/projects', { headers: { Authorization: `JWT ${token}` }, data: { slug: `${username}-tools`, title: 'Creator Tools', summary: 'A project its creator edits in the admin panel.', projectType: 'mod' } })
  expect(created.status()).toBe(201)
  const project = (await created.json()).doc as { id: string }

  await adminSignIn(page, username, password)
  const nav = page.locator('nav')
  await expect(nav.getByRole('link', { name: 'Projects', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0)
  await page.goto('/admin/collections/projects')
  await expect(page.locator('table tbody tr')).toHaveCount(1)
  await expect(page.locator('table tbody')).toContainText('Creator Tools')

  await page.goto(`/admin/collections/projects/${project.id}`)
  const checklist = page.getByRole('region', { name: 'Publishing checklist' })
  await expect(checklist).toContainText('Upload a version')
  await expect(checklist.getByRole('link', { name: /Fix: Upload a version/ })).toHaveAttribute('href', `/mod/${username}-tools/version/new`)
  // Nothing a creator is not asked for: no raw colour number, no thread relation, no moderator box while empty.
  await expect(page.locator('#field-summary')).toBeVisible()
  for (const field of ['#field-color', '#field-thread', '#field-moderatorMessage__message']) await expect(page.locator(field)).toHaveCount(0)
  await page.locator('#field-summary').fill('Edited by its creator in the admin panel.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/updated successfully/i)).toBeVisible(SAVE_WAIT)
  expect((await (await request.get(`/api/projects/${project.id}?depth=0`, { headers: { Authorization: `JWT ${token}` } })).json()).summary).toBe('Edited by its creator in the admin panel.')
})

test.describe('admin panel', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin/login')
    await page.getByRole('textbox', { name: /email or username/i }).fill('admin')
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: /login/i }).click()
    await expect(page).toHaveURL(/\/admin\/?$/, SAVE_WAIT)
  })

  test('shows the collections and their documents', async ({ page }) => {
    await expect(page.getByRole('link', { name: /projects/i }).first()).toBeVisible()
    await page.goto('/admin/collections/projects')
    await expect(page.locator('table tbody tr').first()).toBeVisible()
    // Labels, not stored values (issue 34 item 3).
    await expect(page.locator('table tbody').getByText('Approved', { exact: true }).first()).toBeVisible()
    await expect(page.locator('table tbody').getByText('approved', { exact: true })).toHaveCount(0)
    await attachScreenshot(page, 'admin-projects.png', { fullPage: false })
  })

  test('a duplicate slug in another letter case shows a field error and saves nothing', async ({ page, request }) => {
    const existing = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved')).json()).docs[0]
    await page.goto('/admin/collections/projects/create')
    await page.locator('#field-slug').fill(existing.slug.toUpperCase())
    await page.locator('#field-title').fill('Copycat Project')
    await page.locator('#field-summary').fill('A copy trying to take an existing slug.')
    // The form speaks the site's words: no ID to type, no raw values, no developer notes.
    await expect(page.locator('#field-id:not([type="hidden"])')).toHaveCount(0)
    await expect(page.locator('label[for="field-id"]')).toHaveCount(0)
    await expect(page.getByText('the v2 "description"')).toHaveCount(0)
    await page.locator('#field-projectType').click()
    for (const label of ['Resource pack', 'Data pack']) await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible()
    await expect(page.getByRole('option', { name: 'resourcepack', exact: true })).toHaveCount(0)
    await page.getByRole('option', { name: 'Mod', exact: true }).click()
    // Each change sends the form's state to the server, and an answer still on its way when Save's
    // answer lands clears the field errors Save set (CI saw the slug error vanish so). Nothing on the
    // page tells when the form is quiet, so a user would press Save again: so does the test.
    await expect(async () => {
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('This slug is already taken.')).toBeVisible({ timeout: 5_000 })
    }).toPass(SAVE_WAIT)
    await expect(page).toHaveURL(/\/create$/)
  })
})

/**
 * A second instance on the same build and database, reached by an address SITE_URL does not name
 * (another port): the admin panel still saves (issue 18 — the CSRF list used to trust SITE_URL only).
 */
test.describe('an instance on another port', () => {
  test.describe.configure({ mode: 'serial' })
  const port = Number(process.env.E2E_PORT ?? 3123) + 12
  const otherURL = `http://127.0.0.1:${port}`
  let server: ChildProcess | undefined
  test.use({ baseURL: otherURL })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
      stdio: 'ignore',
      // SITE_URL stays the first instance's address, as on a machine reached by its LAN name.
      env: { ...process.env, NODE_ENV: 'production', SITE_URL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3123' },
    })
    await expect
      .poll(async () => (await fetch(`${otherURL}/`).catch(() => null))?.status ?? 0, { timeout: 110_000, intervals: [500] })
      .toBe(200)
  })
  test.afterAll(() => {
    server?.kill('SIGTERM')
  })

  test('an admin signs in and saves there', async ({ page, request }) => {
    const auth = await signIn(request)
    const project = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved&sort=downloads', { headers: auth })).json()).docs[0]
    await adminSignIn(page, 'admin')
    await page.goto(`/admin/collections/projects/${project.id}`)
    const summary = `Saved on port ${port}.`
    await page.locator('#field-summary').fill(summary)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/updated successfully/i)).toBeVisible(SAVE_WAIT)
    const stored = await (await request.get(`/api/projects/${project.id}?depth=0`, { headers: auth })).json()
    expect(stored.summary).toBe(summary)
  })

  test('a page of another origin still cannot use the session cookie', async ({ page, request }) => {
    await adminSignIn(page, 'admin')
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const me = async (origin: string) => (await (await request.get('/api/users/me', { headers: { cookie: cookies, origin } })).json()).user
    expect((await me(otherURL))?.username).toBe('admin')
    expect(await me('http://evil.example')).toBeNull()
  })
})
