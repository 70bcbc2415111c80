/** The public shell: home, header and footer, the error pages of spec §8, light/dark/mobile. */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { attachScreenshot, expectNoHorizontalOverflow } from './helpers'

/** axe on the whole page: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([])
}

const SEARCH_PAGES = ['/mods', '/modpacks', '/plugins', '/resourcepacks', '/shaders', '/datapacks']

test('home renders with the site header and footer', async ({ page }) => {
  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  const header = page.getByRole('banner')
  for (const href of [...SEARCH_PAGES, '/news', '/servers', '/auth/sign-in']) {
    await expect(header.locator(`a[href="${href}"]`).first()).toBeAttached()
  }
  const footer = page.getByRole('contentinfo')
  for (const href of ['/legal/terms', '/legal/privacy', '/legal/rules']) await expect(footer.locator(`a[href="${href}"]`)).toBeAttached()
})

test('home shows newest listed projects from the demo data', async ({ page, request }) => {
  const newest = (await (await request.get('/api/projects?limit=1&depth=0&sort=-published&where[status][in]=approved,archived')).json()).docs[0]
  await page.goto('/')
  await expect(page.getByText(newest.title).first()).toBeVisible()
})

for (const [theme, width] of [['light', 1280], ['dark', 1280], ['dark', 390], ['light', 390]] as const) {
  test(`home in ${theme} at ${width}px: header, footer, no sideways scrolling, accessible`, async ({ page, context }) => {
    await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeAttached()
    await expectNoHorizontalOverflow(page)
    await attachScreenshot(page, `home-${theme}-${width}.png`, { fullPage: true })
    await expectAccessible(page)
  })
}

test('an unknown path is a 404 with the generic message', async ({ page }) => {
  const res = await page.goto('/no/such/page/here')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByText("The page you were looking for doesn't seem to exist.")).toBeVisible()
  await expectAccessible(page)
})

for (const [path, title] of [
  ['/mod/no-such-project', 'Project not found'],
  ['/shader/no-such-project', 'Project not found'],
  ['/project/AAAAAAAA', 'Project not found'],
  ['/user/no-such-user', 'User not found'],
  ['/organization/no-such-org', 'Organization not found'],
  ['/collection/no-such-collection', 'Collection not found'],
] as const) {
  test(`${path} is a 404 saying "${title}"`, async ({ page }) => {
    const res = await page.goto(path)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    await expectAccessible(page)
  })
}

test('home features the projects downloaded most this week', async ({ page, request }) => {
  const { hits } = (await (await request.get('/v2/search?index=trending&limit=6')).json()) as { hits: { title: string }[] }
  expect(hits.length).toBeGreaterThan(0)
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Featured this week' })
  await expect(featured.getByRole('article')).toHaveCount(hits.length)
  await expect(featured.getByRole('article').first()).toContainText(hits[0].title)
})
