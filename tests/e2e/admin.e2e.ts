/** The generated admin panel: sign-in, every collection filled with demo data, and a field error in the form. */
import { expect, test } from '@playwright/test'

import { DEMO_PASSWORD, signIn, attachScreenshot } from './helpers'

const COLLECTIONS = ['projects', 'versions', 'version-files', 'images', 'user-collections', 'users', 'teams', 'team-members', 'organizations', 'follows', 'reports', 'threads', 'thread-messages', 'notifications', 'news', 'changelog-entries', 'game-versions', 'loaders', 'categories', 'licenses', 'donation-platforms', 'report-types', 'access-tokens']

test('every collection holds demo data', async ({ request }) => {
  const auth = await signIn(request)
  for (const slug of COLLECTIONS) {
    const res = await request.get(`/api/${slug}?limit=1&depth=0`, { headers: auth })
    expect(res.status(), slug).toBe(200)
    expect((await res.json()).totalDocs, slug).toBeGreaterThan(0)
  }
})

async function adminSignIn(page: import('@playwright/test').Page, username: string) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
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
    await expect(page.getByText(/updated successfully/i)).toBeVisible()
    const stored = await (await request.get(`/api/projects/${project.id}?depth=0`, { headers: auth })).json()
    expect(stored.summary).toBe(summary)
    expect(stored.team).toBe(project.team)
    expect(stored.downloads).toBe(project.downloads)
  })
}

test.describe('admin panel', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin/login')
    await page.getByRole('textbox', { name: /email or username/i }).fill('admin')
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: /login/i }).click()
    await expect(page).toHaveURL(/\/admin\/?$/)
  })

  test('shows the collections and their documents', async ({ page }) => {
    await expect(page.getByRole('link', { name: /projects/i }).first()).toBeVisible()
    await page.goto('/admin/collections/projects')
    await expect(page.locator('table tbody tr').first()).toBeVisible()
    await attachScreenshot(page, 'admin-projects.png', { fullPage: false })
  })

  test('a duplicate slug in another letter case shows a field error and saves nothing', async ({ page, request }) => {
    const existing = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved')).json()).docs[0]
    await page.goto('/admin/collections/projects/create')
    await page.locator('#field-slug').fill(existing.slug.toUpperCase())
    await page.locator('#field-title').fill('Copycat Project')
    await page.locator('#field-summary').fill('A copy trying to take an existing slug.')
    await page.locator('#field-projectType').click()
    await page.getByRole('option', { name: 'mod', exact: true }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('This slug is already taken.')).toBeVisible()
    await expect(page).toHaveURL(/\/create$/)
  })
})
