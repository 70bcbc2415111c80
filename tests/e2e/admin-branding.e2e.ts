/** The admin panel wears the site's brand (issue 18): logo, name, favicon, our own account picture; axe-clean. */
import { expect, test, type Page } from '@playwright/test'

import { attachScreenshot, createAccount, DEMO_PASSWORD, seriousAxeViolations } from './helpers'

test.describe.configure({ timeout: 120_000 })
const WAIT = { timeout: 45_000 }

/**
 * Serious or critical axe findings in what we put into the admin panel (logo, nav mark, account
 * picture); `whole` scans the page. Payload's stock dashboard and list views have findings of their
 * own (an unlabelled react-select input in the step nav, unlabelled row checkboxes, low-contrast
 * column headings) that only Payload can fix, so those pages are scanned in our parts only.
 */
const seriousViolations = (page: Page, whole = false) =>
  seriousAxeViolations(page, whole ? { exclude: 'nextjs-portal' } : { include: ['.bf-admin-icon', '.bf-admin-avatar'], exclude: 'nextjs-portal' })

const gravatarImages = (page: Page) => page.locator('img[src*="gravatar"]')

test('the sign-in page shows the site logo and name, the favicon and title are ours', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.locator('.bf-admin-logo')).toContainText('Blockforge')
  await expect(page.locator('.bf-admin-logo svg')).toBeVisible()
  await expect(page).toHaveTitle(/Blockforge admin/)
  await expect(page.locator('link[rel="icon"][href*="/icon.svg"]')).toHaveCount(1)
  // The icon it names answers (it used to be served only under a hashed name).
  const icon = await page.request.get(await page.locator('link[rel="icon"]').getAttribute('href') ?? '')
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toContain('image/svg+xml')
  await page.goto('/')
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/icon.svg')
  expect(await seriousViolations(page, true)).toEqual([])
})

for (const { username, theme } of [
  { username: 'admin', theme: 'light' as const },
  { username: 'pixelmoth', theme: 'dark' as const },
]) {
  test(`${username}'s dashboard carries our brand and account picture (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.goto('/admin/login')
    await page.getByRole('textbox', { name: /email or username/i }).fill(username)
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: /login/i }).click()
    await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
    await expect(page.locator('.bf-admin-icon svg').first()).toBeVisible()
    // The demo accounts have an uploaded avatar: it is shown, from our own image collection.
    const avatar = page.locator('img.bf-admin-avatar')
    await expect(avatar).toBeVisible()
    await expect(avatar).toHaveAttribute('src', /\/api\/images\/file\//)
    await expect(avatar).toHaveJSProperty('complete', true)
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(gravatarImages(page)).toHaveCount(0)
    await attachScreenshot(page, `admin-dashboard-${username}-${theme}.png`)
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('an account without a picture gets a generated one, not an external avatar', async ({ page }) => {
  const username = `plain-${Date.now().toString(36)}`
  const password = 'plain-account-pass-1'
  expect((await createAccount({ username, email: `${username}@example.com`, password })).ok()).toBe(true)
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
  await expect(page.locator('.bf-admin-avatar--generated')).toHaveText('P')
  await expect(gravatarImages(page)).toHaveCount(0)
})

test('lists and relations show names, not ids', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill('admin')
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
  await page.goto('/admin/collections/thread-messages')
  await expect(page.getByRole('searchbox').or(page.getByPlaceholder(/search by text/i)).first()).toBeVisible()
  const firstCell = page.locator('table tbody tr').first().locator('td').nth(1)
  await expect(firstCell).not.toHaveText(/^[0-9A-Za-z]{8}$/)
  await page.goto('/admin/collections/versions')
  await expect(page.locator('table tbody tr').first()).toContainText(/\d+\.\d+/)
})
