/**
 * Appearance and language preferences (spec §3 cosmetic and locale cookies, §4 Theme and Locale,
 * §9 hl and the home search sample): the settings pages, what each cookie does on the site, the
 * header's theme button and the home page's live search.
 */
import { expect, test, type BrowserContext, type Cookie, type Page } from '@playwright/test'

import { attachScreenshot, expectNoSeriousAxe } from './helpers'

const YEAR_SECONDS = 31_536_000
/** A project of the demo seed whose description links to another site (its documentation). */
const DEMO_PROJECT = { path: '/mod/ember-lib', title: 'Ember Lib' }

const baseURL = () => test.info().project.use.baseURL!
const setCookies = (context: BrowserContext, cookies: Record<string, string>) =>
  context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL() })))

async function cookieNamed(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((c) => c.name === name)
}

/**
 * One year, site-wide, readable by scripts, with the given same-site. The tests run over plain http
 * (INSECURE_COOKIES), where `Secure` is left off; unit tests cover it being added on https.
 */
function expectYearCookie(cookie: Cookie | undefined, sameSite: 'Lax' | 'Strict') {
  expect(cookie).toBeDefined()
  expect(cookie!.path).toBe('/')
  expect(cookie!.sameSite).toBe(sameSite)
  expect(cookie!.httpOnly).toBe(false)
  expect(Math.abs(cookie!.expires - Date.now() / 1000 - YEAR_SECONDS)).toBeLessThan(600)
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

const expectNoSeriousAxeViolations = (page: Page) => expectNoSeriousAxe(page, 'axe')

const PAINTED = { light: 'rgb(245, 247, 250)', dark: 'rgb(17, 19, 23)', oled: 'rgb(0, 0, 0)', retro: 'rgb(31, 28, 25)' }

test.describe('dark theme options', () => {
  for (const option of ['oled', 'retro'] as const) {
    test(`choosing ${option} repaints at once and survives a reload, rendered by the server`, async ({ page, context }) => {
      await setCookies(context, { 'color-mode': 'dark' })
      await page.goto('/settings')
      expect(await bodyBackground(page)).toBe(PAINTED.dark)

      await page.getByRole('radio', { name: new RegExp(`^${option === 'oled' ? 'OLED' : 'Retro'}`) }).check()
      await expect(page.locator('html')).toHaveAttribute('data-dark-theme', option)
      expect(await bodyBackground(page)).toBe(PAINTED[option])
      expectYearCookie(await cookieNamed(context, 'preferredDarkTheme'), 'Lax')
      expect((await cookieNamed(context, 'preferredDarkTheme'))!.value).toBe(option)

      // No flash: the server's HTML already names the palette, so the first paint uses it.
      const html = await (await page.request.get('/')).text()
      expect(html).toMatch(new RegExp(`<html[^>]*data-dark-theme="${option}"`))
      await page.reload()
      await expect(page.getByRole('radio', { name: new RegExp(`^${option === 'oled' ? 'OLED' : 'Retro'}`) })).toBeChecked()
      expect(await bodyBackground(page)).toBe(PAINTED[option])
    })
  }

  test('the dark option applies with system on a dark OS and not on a light one', async ({ browser }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme })
      await setCookies(context, { 'color-mode': 'system', preferredDarkTheme: 'oled' })
      const page = await context.newPage()
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
      expect(await bodyBackground(page)).toBe(colorScheme === 'dark' ? PAINTED.oled : PAINTED.light)
      await context.close()
    }
  })

  test('is painted before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    await setCookies(context, { 'color-mode': 'dark', preferredDarkTheme: 'retro' })
    const page = await context.newPage()
    await page.goto('/mods')
    await expect(page.locator('body')).toHaveCSS('background-color', PAINTED.retro)
    await context.close()
  })
})

test.describe('header theme button', () => {
  test('switches to the opposite of the painted theme (spec §4 cycle), system included', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto('/')
    // System on a light OS paints light, so the button offers dark.
    const header = page.getByRole('banner')
    await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeHidden()
    await header.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect((await cookieNamed(context, 'color-mode'))?.value).toBe('dark')
    // Focus moves to the button that replaced the pressed one.
    await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await context.close()
  })

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await context.close()
  })
})

test.describe('appearance settings', () => {
  test('the colour theme choice applies and is stored for ten years', async ({ page, context }) => {
    await page.goto('/settings')
    await expect(page.getByRole('radio', { name: /^System/ })).toBeChecked()
    await page.getByRole('radio', { name: /^Light/ }).check()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await bodyBackground(page)).toBe(PAINTED.light)
    const mode = await cookieNamed(context, 'color-mode')
    expect(mode?.value).toBe('light')
    // Ten years are asked for (Max-Age, unit-tested); Chromium caps any cookie at 400 days.
    expect(mode!.expires - Date.now() / 1000).toBeGreaterThan(399 * 86_400)
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()
  })

  const TOGGLES = [
    ['rightSearchLayout', 'Filters on the right', false],
    ['leftContentLayout', 'Project sidebar on the left', false],
    ['advancedRendering', 'Advanced rendering', true],
    ['externalLinksNewTab', 'Open external links in a new tab', true],
    ['notUsingBlockers', "I'm not using a content blocker", false],
    ['hideModrinthAppPromos', 'Hide app promotions', false],
  ] as const

  test('each switch shows its default and stores its cookie (one year, lax, site-wide, script-readable)', async ({ page, context }) => {
    await page.goto('/settings')
    for (const [name, label, initial] of TOGGLES) {
      const toggle = page.getByRole('switch', { name: label })
      if (initial) await expect(toggle).toBeChecked()
      else await expect(toggle).not.toBeChecked()
      await toggle.click()
      await expect.poll(async () => (await cookieNamed(context, name))?.value).toBe(String(!initial))
      expectYearCookie(await cookieNamed(context, name), 'Lax')
      // Readable by scripts, as spec §3 says.
      expect(await page.evaluate((n) => document.cookie.includes(`${n}=`), name)).toBe(true)
    }
    await page.reload()
    for (const [, label, initial] of TOGGLES) {
      if (initial) await expect(page.getByRole('switch', { name: label })).not.toBeChecked()
      else await expect(page.getByRole('switch', { name: label })).toBeChecked()
    }
  })

  test('rightSearchLayout puts the search filters on the right', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/mods')
    const before = { sidebar: (await page.locator('.search-sidebar').boundingBox())!, main: (await page.locator('.search-main').boundingBox())! }
    expect(before.sidebar.x).toBeLessThan(before.main.x)
    await page.goto('/settings')
    await page.getByRole('switch', { name: 'Filters on the right' }).check()
    await page.goto('/mods')
    const after = { sidebar: (await page.locator('.search-sidebar').boundingBox())!, main: (await page.locator('.search-main').boundingBox())! }
    expect(after.sidebar.x).toBeGreaterThan(after.main.x)
    await attachScreenshot(page, 'mods-filters-right-1280.png')
  })

  test('leftContentLayout puts the project sidebar on the left', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(DEMO_PROJECT.path)
    const content = page.locator('.project-content')
    const sidebar = page.locator('.project-sidebar')
    expect((await sidebar.boundingBox())!.x).toBeGreaterThan((await content.boundingBox())!.x)
    await page.goto('/settings')
    await page.getByRole('switch', { name: 'Project sidebar on the left' }).check()
    await page.goto(DEMO_PROJECT.path)
    expect((await sidebar.boundingBox())!.x).toBeLessThan((await content.boundingBox())!.x)
    await attachScreenshot(page, 'project-sidebar-left-1280.png')
  })

  test('externalLinksNewTab opens description and sidebar links to other sites in a new tab, and off in the same tab', async ({ page }) => {
    await page.goto(DEMO_PROJECT.path)
    const external = page.locator('.project-body a[rel~="nofollow"]').first()
    const sidebarLink = page.locator('.project-sidebar a.sidebar-link').first()
    await expect(external).toHaveAttribute('target', '_blank')
    await expect(external).toHaveAttribute('rel', 'noopener nofollow ugc')
    await expect(sidebarLink).toHaveAttribute('target', '_blank')
    await page.goto('/settings')
    await page.getByRole('switch', { name: 'Open external links in a new tab' }).uncheck()
    await page.goto(DEMO_PROJECT.path)
    await expect(external).toBeVisible()
    await expect(external).not.toHaveAttribute('target', /.*/)
    await expect(sidebarLink).not.toHaveAttribute('target', /.*/)
  })

  test('advancedRendering off drops the header blur at once and on the next page', async ({ page }) => {
    await page.goto('/settings')
    const header = page.locator('.site-header')
    expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).not.toBe('none')
    await page.getByRole('switch', { name: 'Advanced rendering' }).uncheck()
    await expect(page.locator('html')).toHaveAttribute('data-advanced-rendering', 'off')
    expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none')
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-advanced-rendering', 'off')
    expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none')
  })

  test('the default view per type is stored in searchDisplayMode and used by the search page', async ({ page, context }) => {
    await page.goto('/settings')
    await page.getByLabel('Shaders', { exact: true }).selectOption('list')
    await expect.poll(async () => decodeURIComponent((await cookieNamed(context, 'searchDisplayMode'))?.value ?? '')).toContain('"shader":"list"')
    expectYearCookie(await cookieNamed(context, 'searchDisplayMode'), 'Lax')
    await page.goto('/shaders')
    await expect(page.locator('.search-results')).toHaveAttribute('data-view', 'list')
  })

  test('works without JavaScript through the Save button', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/settings')
    await page.getByRole('radio', { name: /^Retro/ }).check()
    await page.getByRole('switch', { name: 'Filters on the right' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-dark-theme', 'retro')
    expect((await cookieNamed(context, 'rightSearchLayout'))?.value).toBe('true')
    expect((await cookieNamed(context, 'advancedRendering'))?.value).toBe('true')
    await context.close()
  })

  for (const palette of ['light', 'dark', 'oled', 'retro'] as const) {
    test(`/settings has no serious axe violations and is screenshotted in ${palette}`, async ({ page, context }) => {
      await setCookies(context, palette === 'light' ? { 'color-mode': 'light' } : { 'color-mode': 'dark', preferredDarkTheme: palette })
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto('/settings')
      expect(await bodyBackground(page)).toBe(PAINTED[palette])
      await expectNoSeriousAxeViolations(page)
      await attachScreenshot(page, `settings-${palette}-1280.png`, { fullPage: true })
    })
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`/settings at 390px in ${theme}`, async ({ page, context }) => {
      await setCookies(context, { 'color-mode': theme })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto('/settings')
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await attachScreenshot(page, `settings-${theme}-390.png`, { fullPage: true })
    })
  }
})

test.describe('language', () => {
  for (const hl of ['en-US', 'en', 'EN-us']) {
    test(`?hl=${hl} gives en-US`, async ({ page }) => {
      await page.goto(`/?hl=${hl}`)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    })
  }

  test('an unsupported ?hl falls back to the cookie, then the browser, then en-US', async ({ browser }) => {
    // Only en-US ships, so every fallback ends there; the order itself is unit-tested (languages.test.ts).
    for (const setup of [{ cookie: 'en-US' }, { acceptLanguage: 'fr-FR, en-GB;q=0.7' }, { acceptLanguage: 'de-DE' }]) {
      const context = await browser.newContext(setup.acceptLanguage ? { extraHTTPHeaders: { 'accept-language': setup.acceptLanguage } } : {})
      if (setup.cookie) await setCookies(context, { locale: setup.cookie })
      const page = await context.newPage()
      const res = await page.goto('/mods?hl=xx')
      expect(res?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
      await context.close()
    }
  })

  test('choosing a language sets the locale cookie (one year, strict) and Automatic clears it', async ({ page, context }) => {
    await page.goto('/settings/language')
    await expect(page.getByRole('radio', { name: /^Automatic/ })).toBeChecked()
    await page.getByRole('radio', { name: /^English \(United States\)/ }).check()
    await expect.poll(async () => (await cookieNamed(context, 'locale'))?.value).toBe('en-US')
    expectYearCookie(await cookieNamed(context, 'locale'), 'Strict')
    await expect(page.getByRole('status').filter({ hasText: 'Language saved.' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await attachScreenshot(page, 'settings-language-1280.png', { fullPage: true })

    await page.reload()
    await expect(page.getByRole('radio', { name: /^English \(United States\)/ })).toBeChecked()
    await page.getByRole('radio', { name: /^Automatic/ }).check()
    await expect.poll(async () => cookieNamed(context, 'locale')).toBeUndefined()
    await page.reload()
    await expect(page.getByRole('radio', { name: /^Automatic/ })).toBeChecked()
  })

  test('/settings/language has no serious axe violations', async ({ page, context }) => {
    for (const theme of ['light', 'dark'] as const) {
      await setCookies(context, { 'color-mode': theme })
      await page.goto('/settings/language')
      await expectNoSeriousAxeViolations(page)
    }
  })
})

test.describe('home live search', () => {
  test('shows at most three results as you type, and Enter opens the search page', async ({ page }) => {
    await page.goto('/')
    const field = page.getByRole('searchbox', { name: 'Search mods' })
    const sample = page.waitForResponse((r) => r.url().includes('/v2/search') && r.url().includes('limit=3'))
    await field.pressSequentially('Ember', { delay: 40 })
    await sample
    const hits = page.locator('.home-search__hit')
    await expect(hits.filter({ hasText: DEMO_PROJECT.title })).toBeVisible()
    expect(await hits.count()).toBeLessThanOrEqual(3)
    await expect(page.getByRole('status').filter({ hasText: /results?\./ })).toBeAttached()
    await expectNoSeriousAxeViolations(page)
    await attachScreenshot(page, 'home-search-1280.png')

    // Keyboard: the down arrow enters the results, Escape comes back.
    await field.press('ArrowDown')
    await expect(hits.first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(field).toBeFocused()

    await field.press('Enter')
    await page.waitForURL(/\/mods\?q=Ember$/)
    await expect(page.getByRole('searchbox').first()).toHaveValue('Ember')
  })

  test('never shows more than three results', async ({ page, request }) => {
    // A word many demo mods share, found through the same API the sample uses.
    let broad = ''
    for (const word of ['the', 'and', 'mod', 'block', 'world']) {
      const res = await request.get(`/v2/search?query=${word}&limit=10&facets=${encodeURIComponent('[["project_type:mod"]]')}`)
      if ((await res.json()).total_hits > 3) {
        broad = word
        break
      }
    }
    expect(broad, 'a query with more than three demo results').not.toBe('')
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Search mods' }).fill(broad)
    await expect(page.locator('.home-search__hit')).toHaveCount(3)
    await expect(page.getByRole('status').filter({ hasText: '3 results.' })).toBeAttached()
  })

  test('a result opens its project page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Search mods' }).fill(DEMO_PROJECT.title)
    await page.locator('.home-search__hit', { hasText: DEMO_PROJECT.title }).first().click()
    await page.waitForURL(new RegExp(`${DEMO_PROJECT.path}$`))
  })

  test('is a plain form to the search page without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Search mods' }).fill('Ember')
    await page.getByRole('searchbox', { name: 'Search mods' }).press('Enter')
    await page.waitForURL(/\/mods\?q=Ember$/)
    await context.close()
  })

  test('at 390px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByRole('searchbox', { name: 'Search mods' }).fill('Ember')
    await expect(page.locator('.home-search__hit').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await attachScreenshot(page, 'home-search-390.png')
  })
})
