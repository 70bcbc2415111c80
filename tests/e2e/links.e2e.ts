/**
 * Every link in the header, the footer and /sitemap.xml leads somewhere: its target answers 200, or —
 * only for the pages listed below, which the spec names but are not built yet — the site's 404 page.
 */
import { expect, test, type Page } from '@playwright/test'

/** Spec pages linked from the shell that do not exist yet (each answers the site's 404 page). */
const NOT_YET_BUILT = new Set<string>([
])

/** Same-site hrefs of the links inside `selector`, as paths (external links are checked by nobody here). */
async function sitePaths(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
  const origin = new URL(page.url()).origin
  return [...new Set(hrefs.filter((h) => h.startsWith(origin)).map((h) => new URL(h).pathname + new URL(h).search))]
}

async function expectTargetsLoad(request: import('@playwright/test').APIRequestContext, paths: string[]) {
  const problems: string[] = []
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 5 })
    const expected = NOT_YET_BUILT.has(new URL(path, 'http://x').pathname) ? 404 : 200
    if (res.status() !== expected) problems.push(`${path}: ${res.status()} (expected ${expected})`)
  }
  expect(problems).toEqual([])
}

test('header and footer links load their targets', async ({ page, request }) => {
  await page.goto('/')
  const header = await sitePaths(page, 'header')
  const footer = await sitePaths(page, 'footer')
  expect(header.length).toBeGreaterThan(5)
  expect(footer.length).toBeGreaterThan(3)
  await expectTargetsLoad(request, [...new Set([...header, ...footer])])
})

test('every URL in /sitemap.xml loads', async ({ request }) => {
  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  const urls = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
  expect(urls).toContain('/mods')
  expect(urls.length).toBeGreaterThan(20)
  await expectTargetsLoad(request, urls)
})

test('the news and legal pages are built: they answer 200', async ({ request }) => {
  for (const path of ['/news', '/news/changelog', '/legal/terms', '/legal/privacy', '/legal/rules', '/legal/copyright', '/legal/security', '/legal/ccpa', '/legal/cmp', '/legal/cmp-info']) {
    expect(NOT_YET_BUILT.has(path), path).toBe(false)
    expect((await request.get(path)).status(), path).toBe(200)
  }
})

test('the not-yet-built pages answer the site 404 page, not an error', async ({ request }) => {
  for (const path of NOT_YET_BUILT) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(404)
    expect(await res.text(), path).toContain('<html')
  }
})
