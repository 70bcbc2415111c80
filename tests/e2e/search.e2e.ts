/** The search pages (/mods, /plugins, …) and hold-R: filters, exclusions, sort, pages, view modes, no-JS, a11y. */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { attachScreenshot, expectNoHorizontalOverflow } from './helpers'

const PAGES = [
  { path: '/mods', type: 'mod', heading: 'Mods', view: 'list' },
  { path: '/modpacks', type: 'modpack', heading: 'Modpacks', view: 'list' },
  { path: '/plugins', type: 'plugin', heading: 'Plugins', view: 'list' },
  { path: '/resourcepacks', type: 'resourcepack', heading: 'Resource Packs', view: 'gallery' },
  { path: '/shaders', type: 'shader', heading: 'Shaders', view: 'gallery' },
  { path: '/datapacks', type: 'datapack', heading: 'Data Packs', view: 'list' },
] as const

const PROJECT_PATH = /\/(mod|modpack|plugin|resourcepack|shader|datapack)\/[^/?#]+$/

const cards = (page: Page) => page.locator('.search-results .result-card')
const titles = (page: Page) => page.locator('.search-results .result-card__title').allInnerTexts()
const sidebar = (page: Page) => page.locator('#search-filters')
/** The include link of a sidebar row, by its visible label. */
const row = (page: Page, label: string) => sidebar(page).locator('.filter-option').filter({ has: page.locator('.filter-option__label', { hasText: new RegExp(`^${label}$`) }) })
/** Opens a page and waits until React has taken over (the no-JS Apply button goes away). */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await expect(page.locator('.toolbar-form button[type="submit"]')).toHaveCount(0)
}
async function countText(page: Page): Promise<string> {
  return (await page.locator('.search-toolbar__count').innerText()).trim()
}

test.describe('search pages', () => {
  for (const p of PAGES) {
    test(`${p.path} lists ${p.type} projects with a title, description and filters`, async ({ page, request }) => {
      const res = await page.goto(p.path)
      expect(res?.status()).toBe(200)
      await expect(page).toHaveTitle(`Search ${p.heading.toLowerCase()} — Blockforge`)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Search and browse Minecraft/)
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible()
      await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible()
      // Every listed project of the type; with no text, relevance is the most downloaded first.
      const api = await (
        await request.get(`/api/projects?where[status][in]=approved,archived&where[projectType][equals]=${p.type}&sort=-downloads&limit=20&depth=0&select[title]=true`)
      ).json()
      expect(api.totalDocs).toBeGreaterThan(0)
      await expect(cards(page)).toHaveCount(Math.min(20, api.totalDocs))
      expect(await titles(page)).toEqual(api.docs.map((d: { title: string }) => d.title))
      await expect(page.locator('.search-toolbar__count')).toContainText(`of ${api.totalDocs}`)
      // Every card links to /{displayed type}/{slug}.
      for (const href of await cards(page).locator('.result-card__link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(PROJECT_PATH)
      await expect(sidebar(page).getByText('Game versions')).toBeVisible()
      // The loaders' icons come from the cached stylesheet /tag-icons.css and paint (a mask is set).
      const fabric = sidebar(page).locator('.tag-icon--l-fabric').first()
      if (p.type === 'mod') await expect.poll(() => fabric.evaluate((el) => getComputedStyle(el).getPropertyValue('--tag-icon'))).toContain('data:image/svg+xml')
    })
  }

  test('plugins group their loaders into platforms and proxies; mods and modpacks filter by environment', async ({ page }) => {
    await page.goto('/plugins')
    for (const name of ['Platforms', 'Proxies', 'Categories', 'Game versions', 'License']) await expect(sidebar(page).getByText(name, { exact: true })).toBeVisible()
    for (const loader of ['Bukkit', 'Spigot', 'Paper', 'Purpur', 'Folia', 'Sponge', 'BungeeCord', 'Waterfall', 'Velocity']) await expect(row(page, loader)).toHaveCount(1)
    await expect(sidebar(page).getByText('Environment', { exact: true })).toHaveCount(0)
    await page.goto('/modpacks')
    await expect(sidebar(page).getByText('Environment', { exact: true })).toBeVisible()
    await page.goto('/shaders')
    for (const name of ['Categories', 'Features', 'Performance impact', 'Loaders']) await expect(sidebar(page).getByText(name, { exact: true })).toBeVisible()
    // Performance impact in spec §9 order.
    const impact = sidebar(page).locator('details', { hasText: 'Performance impact' }).locator('.filter-option__label')
    await expect(impact).toHaveText(['Potato', 'Low', 'Medium', 'High', 'Screenshot'])
  })

  test('filtering by a category changes the results and the URL', async ({ page }) => {
    await gotoHydrated(page, '/mods')
    const before = await countText(page)
    const technology = row(page, 'Technology')
    const count = Number(await technology.locator('.filter-option__count [aria-hidden="true"]').innerText())
    expect(count).toBeGreaterThan(0)
    await technology.locator('.filter-option__include').click()
    await expect(page).toHaveURL(/\/mods\?c=technology$/)
    await expect(cards(page)).toHaveCount(count)
    expect(await countText(page)).not.toBe(before)
    for (const card of await cards(page).all()) await expect(card.locator('.result-tag', { hasText: 'Technology' })).toHaveCount(1)
    await expect(technology).toHaveAttribute('data-mode', 'include')
    await expect(page.getByRole('link', { name: 'Remove filter: Technology' })).toBeVisible()
    // Clicking the row again turns it off.
    await technology.locator('.filter-option__include').click()
    await expect(page).toHaveURL(/\/mods$/)
  })

  test('excluding a category removes every project that has it', async ({ page }) => {
    await gotoHydrated(page, '/mods?n=100')
    const all = await titles(page)
    const withLibrary = await cards(page).filter({ has: page.locator('.result-tag', { hasText: /^Library$/ }) }).locator('.result-card__title').allInnerTexts()
    expect(withLibrary.length).toBeGreaterThan(0)
    await page.getByRole('link', { name: 'Exclude Library' }).click()
    await expect(page).toHaveURL(/x=library/)
    await expect(cards(page)).toHaveCount(all.length - withLibrary.length)
    const left = await titles(page)
    for (const title of withLibrary) expect(left).not.toContain(title)
    await expect(row(page, 'Library')).toHaveAttribute('data-mode', 'exclude')
    await expect(page.getByRole('link', { name: 'Remove filter: Not Library' })).toBeVisible()
    // The same button lifts the exclusion.
    await page.getByRole('link', { name: 'Stop excluding Library' }).click()
    await expect(cards(page)).toHaveCount(all.length)
  })

  test('loader and game version exclusions work too', async ({ page }) => {
    await gotoHydrated(page, '/mods?n=100')
    const total = await cards(page).count()
    await page.getByRole('link', { name: 'Exclude Fabric' }).click()
    await expect(page).toHaveURL(/xl=fabric/)
    await expect(cards(page).locator('.result-tag', { hasText: /^Fabric$/ })).toHaveCount(0)
    expect(await cards(page).count()).toBeLessThan(total)
  })

  test('sort, results per page and pagination work, and the back button restores each state', async ({ page }) => {
    await gotoHydrated(page, '/mods')
    await page.getByLabel('Per page').selectOption('5')
    await expect(page).toHaveURL(/\/mods\?n=5$/)
    await expect(cards(page)).toHaveCount(5)
    const first = await titles(page)
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/\/mods\?page=2&n=5$/)
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    const second = await titles(page)
    expect(second).toHaveLength(5)
    expect(second.filter((t) => first.includes(t))).toEqual([])
    await page.getByLabel('Sort by').selectOption('follows')
    await expect(page).toHaveURL(/\/mods\?s=follows&n=5$/)
    const followed = await page.locator('.result-card__stat:nth-child(2)').allInnerTexts()
    const numbers = followed.map((t) => Number(t.replace(/[^\d.kM]/g, '').replace(/([\d.]+)k/, (_, n) => String(Number(n) * 1e3)).replace(/([\d.]+)M/, (_, n) => String(Number(n) * 1e6))))
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers)
    await expect(page.getByLabel('Sort by')).toHaveValue('follows')

    await page.goBack()
    await expect(page).toHaveURL(/\/mods\?page=2&n=5$/)
    await expect.poll(() => titles(page)).toEqual(second)
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance')
    await page.goBack()
    await expect(page).toHaveURL(/\/mods\?n=5$/)
    await expect.poll(() => titles(page)).toEqual(first)
    await page.goForward()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(() => titles(page)).toEqual(second)
  })

  test('a changed page size keeps the first visible result on screen', async ({ page }) => {
    await gotoHydrated(page, '/mods?page=3&n=5')
    const firstOnPage3 = (await titles(page))[0]
    await page.getByLabel('Per page').selectOption('10')
    await expect(page).toHaveURL(/page=2&n=10/)
    expect(await titles(page)).toContain(firstOnPage3)
  })

  test('the search box updates the URL as you type, and back returns to the search before', async ({ page }) => {
    await gotoHydrated(page, '/mods?c=optimization')
    const box = page.getByRole('searchbox', { name: 'Search' })
    await box.pressSequentially('swift', { delay: 40 })
    await expect(page).toHaveURL(/\/mods\?c=optimization&q=swift$/)
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page).first()).toContainText('SwiftChunk')
    await box.fill('memory')
    await expect(page).toHaveURL(/q=memory/)
    await expect(cards(page).first()).toContainText('Memory Miser')
    // One history entry for the whole burst of typing.
    await page.goBack()
    await expect(page).toHaveURL(/\/mods\?c=optimization$/)
    await expect(box).toHaveValue('')
    await expect.poll(() => cards(page).count()).toBeGreaterThan(1)
  })

  test('no results: a message, and the filters can be cleared', async ({ page }) => {
    await page.goto('/mods?q=zzqxv-nothing-like-this&c=magic')
    await expect(page.getByText('No results found for your query!')).toBeVisible()
    await expect(cards(page)).toHaveCount(0)
    await page.getByRole('link', { name: 'Clear all filters' }).first().click()
    await expect(page).toHaveURL(/\/mods\?q=zzqxv-nothing-like-this$/)
  })

  test('view modes: defaults per type, the searchDisplayMode cookie, and the choice kept', async ({ page, context }) => {
    for (const p of PAGES) {
      await page.goto(p.path)
      await expect(page.locator('.search-results')).toHaveAttribute('data-view', p.view)
      await expect(page.getByRole('button', { name: p.view[0].toUpperCase() + p.view.slice(1) })).toHaveAttribute('aria-pressed', 'true')
    }
    await gotoHydrated(page, '/mods')
    await page.getByRole('button', { name: 'Grid' }).click()
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'grid')
    const cookie = (await context.cookies()).find((c) => c.name === 'searchDisplayMode')
    expect(cookie).toBeDefined()
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false })
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 120)
    expect(cookie!.expires - Date.now() / 1000).toBeLessThan(31_536_000 + 120)
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ mod: 'grid', plugin: 'list', resourcepack: 'gallery', modpack: 'list', shader: 'gallery', datapack: 'list' })
    // The server paints the stored choice; other types keep their defaults.
    const html = await (await page.request.get('/mods')).text()
    expect(html).toContain('data-view="grid"')
    await page.reload()
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'grid')
    await page.goto('/resourcepacks')
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'gallery')
    await expect(page.locator('.result-card__media img').first()).toBeVisible()
    await page.goto('/plugins')
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'list')
  })

  test('without JavaScript: filter links, the search form and the sort form still work', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/mods?c=utility')
    await page.getByRole('searchbox', { name: 'Search' }).fill('zoom')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/q=zoom/)
    expect(new URL(page.url()).searchParams.getAll('c')).toEqual(['utility'])
    await expect(cards(page).first()).toContainText('Legacy Zoom')
    await page.goto('/mods')
    await row(page, 'Storage').locator('.filter-option__include').click()
    await expect(page).toHaveURL(/c=storage/)
    await page.getByLabel('Sort by').selectOption('downloads')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/c=storage.*s=downloads/)
    await expect(page.getByLabel('Sort by')).toHaveValue('downloads')
    // The view switch posts to the server, which sets the cookie.
    await page.getByRole('button', { name: 'Gallery' }).click()
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'gallery')
    expect((await context.cookies()).find((c) => c.name === 'searchDisplayMode')?.value).toContain('gallery')
    await context.close()
  })

  test('every control works from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/mods')
    await row(page, 'Storage').locator('.filter-option__include').focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/c=storage/)
    await page.getByRole('button', { name: 'Gallery' }).focus()
    await page.keyboard.press('Space')
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'gallery')
    await page.getByLabel('Sort by').focus()
    await page.keyboard.press('ArrowDown')
    await expect(page).toHaveURL(/s=downloads/)
  })

  test('at a mobile width the filters open as a panel with the result count; "Show results" and Escape close it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/mods')
    const toggle = page.locator('.filters-toggle')
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAccessibleName('Filters')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page)).toBeHidden()
    await toggle.click()
    const panel = page.getByRole('dialog', { name: 'Filters' })
    await expect(panel).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(panel.getByRole('button', { name: 'Close filters' })).toBeFocused()
    // The panel shows the same count as the results behind it.
    const total = async () => (await countText(page)).match(/of (\S+)$/)?.[1]
    await expect(panel.getByRole('status')).toHaveText(`${await total()} results`)
    const axe = await new AxeBuilder({ page }).include('#search-filters').analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    // Picking a filter keeps the panel open for the next one, and its count follows.
    await row(page, 'Utility').locator('.filter-option__include').click()
    await expect(page).toHaveURL(/c=utility/)
    await expect(panel).toBeVisible()
    await expect(toggle).toContainText('1')
    await expect(panel.getByRole('status')).toHaveText(`${await total()} results`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // "Show results" closes it, back on the button (which counts the filters on).
    await panel.getByRole('button', { name: 'Show results' }).click()
    await expect(sidebar(page)).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // So does Escape.
    await page.keyboard.press('Enter')
    await expect(panel).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  test('"/" focuses the search box; one Tab from it is "Skip to results", which lands on the first result', async ({ page }) => {
    await gotoHydrated(page, '/mods')
    const box = page.getByRole('searchbox', { name: 'Search' })
    await page.locator('h1').click()
    await page.keyboard.press('/')
    await expect(box).toBeFocused()
    // The slash is a shortcut there, not typed.
    await expect(box).toHaveValue('')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to results' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    const first = page.locator('.search-results .result-card__link').first()
    await expect(first).toBeFocused()
    await expect(first).toBeInViewport()
  })
})

test.describe('hold R', () => {
  test('/random redirects to a listed project, uncached', async ({ request }) => {
    const res = await request.get('/random', { maxRedirects: 0 })
    expect(res.status()).toBe(302)
    expect(res.headers()['cache-control']).toContain('no-store')
    expect(res.headers().location).toMatch(PROJECT_PATH)
  })

  test('holding R outside a text field opens a random project', async ({ page }) => {
    // The page's clock is ours: holding for 800 ms is a fast-forward, not a wait.
    await page.clock.install()
    await gotoHydrated(page, '/mods')
    // In the search box R is just a letter.
    const box = page.getByRole('searchbox', { name: 'Search' })
    await box.focus()
    await page.keyboard.down('r')
    await page.clock.runFor(800)
    await page.keyboard.up('r')
    await expect(page).toHaveURL(/\/mods/)
    // A short tap does nothing either.
    await page.locator('h1').click()
    await page.keyboard.press('r')
    await page.clock.runFor(800)
    await expect(page).toHaveURL(/\/mods/)
    await page.keyboard.down('r')
    await page.clock.runFor(800)
    await page.waitForURL(PROJECT_PATH, { waitUntil: 'commit' })
    await page.keyboard.up('r')
    expect(new URL(page.url()).pathname).toMatch(PROJECT_PATH)
  })
})

test.describe('look and accessibility', () => {
  for (const p of PAGES) {
    test(`${p.path} has no serious or critical axe violations in light and dark`, async ({ page, context }) => {
      for (const theme of ['light', 'dark'] as const) {
        await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
        await page.goto(`${p.path}?c=${p.type === 'resourcepack' || p.type === 'shader' ? 'realistic' : 'utility'}&xg=1.12.2`)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const results = await new AxeBuilder({ page }).analyze()
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
      }
    })

    // Every type shares one template; the list view (/mods) and the gallery view (/resourcepacks) are
    // checked at every width and theme, the other types on a phone (where layouts break first).
    const full = p.path === '/mods' || p.path === '/resourcepacks'
    const variants = [...(full ? ([['light', 1280], ['dark', 1280]] as const) : []), [p.type.length % 2 ? 'dark' : 'light', 390] as const]
    for (const [theme, width] of variants) {
      test(`${p.path} shows results and filters without sideways scrolling, ${theme} at ${width}px`, async ({ page, context }) => {
        await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
        await page.setViewportSize({ width, height: 900 })
        await gotoHydrated(page, p.path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.locator('.result-card__link').first()).toBeVisible()
        if (width < 600) await page.locator('.filters-toggle').click()
        await expect(sidebar(page)).toBeVisible()
        await expectNoHorizontalOverflow(page)
        // Lazy images load once scrolled to; every icon in view then has loaded (none broken).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await page.waitForLoadState('networkidle')
        await page.evaluate(() => window.scrollTo(0, 0))
        const broken = await page.locator('.search-main img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 0).map((i) => (i as HTMLImageElement).src))
        expect(broken).toEqual([])
        await attachScreenshot(page, `search-${p.type}-${theme}-${width}.png`, { fullPage: true })
      })
    }
  }
})
