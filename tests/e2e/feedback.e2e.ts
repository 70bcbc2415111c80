/**
 * Toasts, the top loading bar, scroll-to-top and tooltips (spec §3, §4, §8, §9), in the browser.
 * Toasts are raised through real UI: the project page's follow button, with the server action's
 * answer replaced (a failing server) or its request pointed at a project that does not exist.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test'

import { DEMO_PASSWORD, attachScreenshot } from './helpers'

type Doc = { id: string; slug: string; projectType: string; loaders?: string[] }

/** A plain mod (shown under /mod/…) from the demo data. */
async function aModPath(request: APIRequestContext): Promise<{ path: string; id: string }> {
  const res = await request.get('/api/projects?where[status][equals]=approved&where[projectType][equals]=mod&limit=50&depth=0')
  expect(res.ok()).toBeTruthy()
  const docs = ((await res.json()) as { docs: Doc[] }).docs
  const mod = docs.find((p) => !(p.loaders ?? []).some((l) => ['datapack', 'bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge', 'bungeecord', 'waterfall', 'velocity'].includes(l)))
  expect(mod).toBeTruthy()
  return { path: `/mod/${mod!.slug}`, id: mod!.id }
}

const isServerAction = (route: Route) => route.request().method() === 'POST' && !!route.request().headers()['next-action']

/** Makes the follow button's server call fail with a plain-text 503 whose body is `message()`. */
async function failFollow(page: Page, path: string, message: () => string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => (isServerAction(route) ? route.fulfill({ status: 503, contentType: 'text/plain', body: message() }) : route.fallback()),
  )
}

/**
 * A page clock that only moves when the test says so: installed before the page loads, then
 * stopped once it has (time passed while loading does not count).
 */
async function stopClock(page: Page, load: () => Promise<unknown>) {
  await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') })
  await load()
  await page.clock.pauseAt(new Date('2030-01-01T01:00:00Z'))
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).locator('.toast')
const followButton = (page: Page) => page.getByRole('button', { name: /^Follow/ })

test.describe('toasts', () => {
  test('a failed follow shows an error toast; a repeat raises its count', async ({ page, request }) => {
    const mod = await aModPath(request)
    await failFollow(page, mod.path, () => 'Service unavailable')
    await page.goto(mod.path)
    await followButton(page).click()

    const toast = toasts(page)
    await expect(toast).toHaveCount(1)
    await expect(toast).toHaveAttribute('data-type', 'error')
    await expect(toast.locator('.toast__title')).toContainText('An error occurred')
    await expect(toast.locator('.toast__text')).toHaveText('Service unavailable')
    // Errors are read out assertively.
    await expect(page.getByRole('alert').filter({ hasText: 'Service unavailable' })).toHaveCount(1)
    await expect(toast.getByTestId('toast-count')).toHaveCount(0)
    // The visitor stays on the page.
    await expect(page).toHaveURL((url) => url.pathname === mod.path)

    await followButton(page).click()
    await expect(toast).toHaveCount(1)
    await expect(toast.getByTestId('toast-count')).toHaveText('2')
    await expect(toast).toContainText('Shown 2 times')

    const results = await new AxeBuilder({ page }).include('.toast-region').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  test('a toast closes after 30 s, but not while hovered', async ({ page, request }) => {
    const mod = await aModPath(request)
    let n = 0
    await failFollow(page, mod.path, () => `Failure ${++n}`)
    await stopClock(page, () => page.goto(mod.path))

    // Untouched: still there at 29 s, gone after 30 s.
    await followButton(page).click()
    await expect(toasts(page)).toHaveCount(1)
    await page.clock.fastForward(29_000)
    await expect(toasts(page)).toHaveCount(1)
    await page.clock.fastForward(2_000)
    await expect(toasts(page)).toHaveCount(0)

    // Hovered: the timer stops; once the pointer leaves it runs again with the time it had left.
    await followButton(page).click()
    await expect(toasts(page)).toHaveText(/Failure 2/)
    await page.clock.fastForward(10_000)
    await toasts(page).hover()
    await page.clock.fastForward(60_000)
    await expect(toasts(page)).toHaveCount(1)
    await page.mouse.move(5, 5)
    await page.clock.fastForward(19_000)
    await expect(toasts(page)).toHaveCount(1)
    await page.clock.fastForward(2_000)
    await expect(toasts(page)).toHaveCount(0)
  })

  test('dismiss closes one toast; clear all closes every toast', async ({ page, request }) => {
    const mod = await aModPath(request)
    let n = 0
    await failFollow(page, mod.path, () => `Failure ${++n}`)
    await page.goto(mod.path)
    const region = page.getByRole('region', { name: 'Notifications' })

    await followButton(page).click()
    await expect(toasts(page)).toHaveCount(1)
    await expect(region.getByRole('button', { name: 'Clear all' })).toHaveCount(0)
    await followButton(page).click()
    await followButton(page).click()
    await expect(toasts(page)).toHaveCount(3)

    // Keyboard: dismiss the first toast with Enter on its dismiss button.
    await toasts(page).first().getByRole('button', { name: 'Dismiss' }).focus()
    await page.keyboard.press('Enter')
    await expect(toasts(page)).toHaveCount(2)
    await expect(toasts(page).first()).toContainText('Failure 2')

    await region.getByRole('button', { name: 'Clear all' }).click()
    await expect(toasts(page)).toHaveCount(0)
    await expect(region).toHaveCount(0)
  })

  test('the error toast copies its title, text and error code', async ({ page, context, request, baseURL }) => {
    const mod = await aModPath(request)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    // Signed in, so the server looks the project up; the request is pointed at one that does not exist.
    const login = await page.request.post('/api/users/login', { data: { username: 'admin', password: DEMO_PASSWORD } })
    expect(login.ok()).toBeTruthy()
    await page.route(
      (url) => url.pathname === mod.path,
      (route) => (isServerAction(route) ? route.continue({ postData: (route.request().postData() ?? '').replace(mod.id, 'no-such-project') }) : route.fallback()),
    )
    await stopClock(page, () => page.goto(mod.path))
    await page.getByRole('button', { name: /^(Follow|Unfollow)/ }).click()

    const toast = toasts(page)
    await expect(toast).toHaveCount(1)
    await expect(toast.locator('.toast__text')).toHaveText('This project no longer exists or is not visible to you.')
    await toast.getByRole('button', { name: 'Copy error details' }).click()
    // The check mark shows for 2 s.
    await expect(toast.getByRole('button', { name: 'Copied' })).toHaveAttribute('data-copied', 'true')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('An error occurred\nThis project no longer exists or is not visible to you.\nError code: 404')
    await page.clock.fastForward(2_100)
    await expect(toast.getByRole('button', { name: 'Copy error details' })).toHaveAttribute('data-copied', 'false')
  })
})

for (const [theme, width] of [['light', 1280], ['dark', 1280], ['dark', 390], ['light', 390]] as const) {
  test(`toasts in ${theme} at ${width}px`, async ({ page, context, request }, testInfo) => {
    const mod = await aModPath(request)
    await context.addCookies([{ name: 'color-mode', value: theme, url: testInfo.project.use.baseURL! }])
    await page.setViewportSize({ width, height: 800 })
    const messages = ['The server is busy. Please try again in a few minutes.', 'Service unavailable']
    let n = 0
    await failFollow(page, mod.path, () => messages[n++ % 2])
    await page.goto(mod.path)
    // One click at a time, so the answers (and so the toasts) come in the order of the clicks.
    for (const shown of [1, 2, 2]) {
      await followButton(page).click()
      await expect(toasts(page)).toHaveCount(shown)
    }
    await expect(toasts(page).filter({ hasText: messages[0] }).getByTestId('toast-count')).toHaveText('2')
    const box = await page.getByRole('region', { name: 'Notifications' }).boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(width)
    await attachScreenshot(page, `toasts-${theme}-${width}.png`)
    const results = await new AxeBuilder({ page }).include('.toast-region').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test.describe('navigation', () => {
  /** Records every state the loading bar goes through from now on. */
  async function watchBar(page: Page) {
    await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('.loading-bar')!
      const seen: string[] = []
      ;(window as unknown as { barStates: string[] }).barStates = seen
      new MutationObserver(() => seen.push(bar.dataset.state ?? '')).observe(bar, { attributes: true, attributeFilter: ['data-state'] })
    })
  }
  const barStates = (page: Page) => page.evaluate(() => (window as unknown as { barStates: string[] }).barStates)

  test('the loading bar shows on a slow navigation and fades when it is done', async ({ page }) => {
    await page.goto('/mods')
    const link = page.locator('.result-card__link').first()
    const href = (await link.getAttribute('href'))!
    // Hold the page's data request for a second.
    await page.route(
      (url) => url.pathname === href,
      async (route) => {
        if (route.request().headers()['rsc']) await new Promise((r) => setTimeout(r, 1_000))
        await route.fallback()
      },
    )
    await watchBar(page)
    const bar = page.locator('.loading-bar')
    await expect(bar).toHaveCSS('height', '3px')
    await link.click()
    await expect(bar).toHaveAttribute('data-state', 'loading')
    await expect(page).toHaveURL((url) => url.pathname === href)
    await expect(bar).toHaveAttribute('data-state', 'idle')
    expect(await barStates(page)).toEqual(expect.arrayContaining(['loading', 'done', 'idle']))
  })

  test('typing a search and choosing a sort show the loading bar too, keeping the scroll position', async ({ page }) => {
    await page.goto('/mods')
    // Hold the search page's data requests so the bar has time to show.
    await page.route(
      (url) => url.pathname === '/mods',
      async (route) => {
        if (route.request().headers()['rsc']) await new Promise((r) => setTimeout(r, 800))
        await route.fallback()
      },
    )
    await watchBar(page)
    const bar = page.locator('.loading-bar')
    await page.getByRole('searchbox').first().fill('lib')
    await expect(bar).toHaveAttribute('data-state', 'loading')
    await expect(page).toHaveURL(/[?&]q=lib/)
    await expect(bar).toHaveAttribute('data-state', 'idle')

    await page.evaluate(() => window.scrollTo(0, 200))
    await page.locator('#search-sort').selectOption({ index: 1 })
    await expect(bar).toHaveAttribute('data-state', 'loading')
    await expect(page).toHaveURL(/[?&]s=/)
    await expect(bar).toHaveAttribute('data-state', 'idle')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('the loading bar stays hidden for a navigation under 50 ms', async ({ page }) => {
    await page.clock.install()
    await page.goto('/mods')
    const link = page.locator('.result-card__link').first()
    const href = (await link.getAttribute('href'))!
    await link.click()
    await expect(page).toHaveURL((url) => url.pathname === href)
    await expect(page.locator('.loading-bar')).toHaveAttribute('data-state', 'idle')
    // Back to a page the router keeps: it is shown at once, faster than the 50 ms throttle.
    await watchBar(page)
    await page.goBack()
    await expect(page).toHaveURL((url) => url.pathname === '/mods')
    // Past the throttle, in the page's time: a bar that were going to show would have by now.
    await page.clock.runFor(200)
    expect(await barStates(page)).not.toContain('loading')
  })

  test('a new page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 })
    await page.goto('/mods')
    const link = page.locator('.result-card__link').last()
    const href = (await link.getAttribute('href'))!
    await link.scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollBy(0, 200))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await link.click()
    await expect(page).toHaveURL((url) => url.pathname === href)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('banner')).toBeInViewport()
  })
})

test.describe('tooltips', () => {
  /** The tooltip that goes with a trigger (it stays in the document while closed). */
  const tooltipOf = (trigger: Locator) => trigger.locator('xpath=following-sibling::*[@role="tooltip"]')

  test('shows 200 ms after hover, 5 px above the trigger, and closes on Escape', async ({ page }) => {
    await stopClock(page, () => page.goto('/mods'))
    const button = page.getByRole('group', { name: 'View' }).getByRole('button').first()
    const tooltip = tooltipOf(button)
    await expect(tooltip).toBeHidden()
    await button.hover()
    await page.clock.runFor(150)
    await expect(tooltip).toBeHidden()
    await page.clock.runFor(100)
    await expect(tooltip).toBeVisible()
    // It names the icon-only button.
    const id = await tooltip.getAttribute('id')
    await expect(button).toHaveAttribute('aria-labelledby', id!)
    await expect(button).toHaveAccessibleName((await tooltip.textContent())!)
    await expect(tooltip).toHaveAttribute('data-placement', 'top')
    const [b, tip] = await Promise.all([button.boundingBox(), tooltip.boundingBox()])
    expect(Math.abs(tip!.y + tip!.height + 5 - b!.y)).toBeLessThan(1.5)
    expect(Math.abs(tip!.x + tip!.width / 2 - (b!.x + b!.width / 2))).toBeLessThan(1.5)

    await page.keyboard.press('Escape')
    await page.clock.runFor(200)
    await expect(tooltip).toBeHidden()
  })

  test('in the header it flips below the trigger and stays inside the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await stopClock(page, () => page.goto('/'))
    const button = page.locator('.theme-switch__button:visible')
    const tooltip = tooltipOf(button)
    await button.hover()
    await page.clock.runFor(250)
    await expect(tooltip).toBeVisible()
    await expect(tooltip).toHaveAttribute('data-placement', 'bottom')
    const [b, tip] = await Promise.all([button.boundingBox(), tooltip.boundingBox()])
    expect(Math.abs(tip!.y - (b!.y + b!.height + 5))).toBeLessThan(1.5)
    expect(tip!.x).toBeGreaterThanOrEqual(0)
    expect(tip!.x + tip!.width).toBeLessThanOrEqual(1280)
    await attachScreenshot(page, 'tooltip-header.png', { clip: { x: 0, y: 0, width: 1280, height: 160 } })
  })

  test('shows 200 ms after keyboard focus and goes with it', async ({ page }) => {
    await stopClock(page, () => page.goto('/'))
    const button = page.locator('.theme-switch__button:visible')
    const tooltip = tooltipOf(button)
    await page.getByRole('link', { name: /^Mods$/ }).first().focus()
    for (let i = 0; i < 30 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(button).toBeFocused()
    await page.clock.runFor(100)
    await expect(tooltip).toBeHidden()
    await page.clock.runFor(150)
    await expect(tooltip).toBeVisible()
    await page.keyboard.press('Tab')
    await page.clock.runFor(200)
    await expect(tooltip).toBeHidden()
  })
})
