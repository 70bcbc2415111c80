/** News, changelog and legal pages (issue 16) as a visitor uses them, their feeds, 404s and axe in both themes. */
import { expect, test, type Page } from '@playwright/test'

import { demoLegalPages } from '../../src/seed/data/legal'
import { expectNoSeriousAxe } from './helpers'

/** The seed's newest published article, which uses every block. */
const FEATURED = { slug: 'datapack-tips', title: 'Five tips for faster data packs' }

const expectNoSeriousAxeViolations = (page: Page, label: string) => expectNoSeriousAxe(page, label, { exclude: 'nextjs-portal' })

test('a visitor reads the featured article, then the changelog filtered by product', async ({ page }) => {
  // The featured article is the newest published one: the seed's, unless another spec (the editor's)
  // has just published its own — maybe between this page load and the API call, so both are tried again.
  const featured = page.getByTestId('featured-article')
  await expect(async () => {
    await page.goto('/news')
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
    const newest = ((await (await page.request.get('/api/news?where[_status][equals]=published&sort=-publishedAt&limit=1&depth=0')).json()) as { docs: { title: string }[] }).docs[0]!
    await expect(featured.getByRole('heading', { name: newest.title })).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 45_000 })
  // The seed's article has a thumbnail on its card.
  const card = page.locator('.news-card', { hasText: FEATURED.title })
  await expect(card.locator('img.news-card__thumb')).toBeVisible()
  // The draft never shows.
  await expect(page.getByText('Creator rewards are live')).toHaveCount(0)

  await card.getByRole('link', { name: FEATURED.title }).click()
  await expect(page).toHaveURL(new RegExp(`/news/article/${FEATURED.slug}$`))
  const article = page.getByTestId('news-article')
  await expect(article.getByRole('heading', { level: 1, name: FEATURED.title })).toBeVisible()
  await expect(article.getByRole('link', { name: 'quillfeather' })).toBeVisible()
  // Every block of src/blocks is rendered: highlighted code, a callout, an image and a video.
  await expect(article.locator('[data-block="code"] code.hljs.language-json')).toBeVisible()
  await expect(article.locator('[data-block="code"] .hljs-attr').first()).toHaveText('"pack"')
  await expect(article.locator('[data-block="callout"]')).toContainText('Never run a function from itself')
  await expect(article.locator('[data-block="image"] img')).toBeVisible()
  await expect(article.locator('[data-block="videoEmbed"] iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/Kp3mN8qR2tZ/)
  // OpenGraph/Twitter metadata and the feeds in <head>.
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', FEATURED.title)
  await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute('content', /^http/)
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/news\/feed\/rss\.xml$/)

  await page.getByRole('navigation', { name: 'News sections' }).getByRole('link', { name: 'Changelog' }).click()
  await expect(page).toHaveURL(/\/news\/changelog$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible()
  const entries = page.locator('.changelog-entry')
  await expect(entries.first()).toBeVisible()
  expect(new Set(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-product'))))).toEqual(new Set(['web', 'app', 'servers']))

  await page.getByRole('navigation', { name: 'Filter by product' }).getByRole('link', { name: 'App' }).click()
  await expect(page).toHaveURL(/\/news\/changelog\?product=app$/)
  await expect(page.getByRole('link', { name: 'App', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(entries).toHaveCount(3)
  expect(new Set(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-product'))))).toEqual(new Set(['app']))
  await expect(entries.first()).toContainText('Version 0.9.3')

  await entries.first().locator('.changelog-entry__date a').click()
  await expect(page).toHaveURL(/\/news\/changelog\/app\/\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('App changelog for')
  await expect(page.getByTestId('changelog-entry')).toContainText('Fixed instances failing to launch')
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', /\/news\/changelog\/app\/feed\/atom\.xml$/)
})

test('every legal page answers 200 with its title and a "Last updated" date', async ({ page, request }) => {
  expect(demoLegalPages.map((p) => p.slug).sort()).toEqual(['ccpa', 'cmp', 'cmp-info', 'copyright', 'privacy', 'rules', 'security', 'terms'])
  for (const { slug, title } of demoLegalPages) {
    const res = await request.get(`/legal/${slug}`)
    expect(res.status(), slug).toBe(200)
    expect(await res.text(), slug).toContain(`<title>${title}`)
  }
  await page.goto('/legal/privacy')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByTestId('legal-page')).toContainText('Last updated')
})

test('unknown articles, drafts, changelog days, products and legal pages are 404', async ({ request }) => {
  for (const path of ['/news/article/no-such-article', '/news/article/creator-rewards', '/news/changelog/web/2001-01-01', '/news/changelog/web/2026-02-31', '/news/changelog/toaster/2026-01-01', '/news/changelog/toaster/feed/rss.xml', '/legal/no-such-page', '/news?page=99']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
})

test('the feeds answer RSS and Atom with absolute links', async ({ request, baseURL }) => {
  for (const [path, type] of [['/news/feed/rss.xml', 'application/rss+xml'], ['/news/feed/atom.xml', 'application/atom+xml'], ['/news/changelog/web/feed/rss.xml', 'application/rss+xml'], ['/news/changelog/servers/feed/atom.xml', 'application/atom+xml']] as const) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['content-type'], path).toContain(type)
    const body = await res.text()
    expect(body, path).toContain(`${baseURL}/news/`)
  }
  expect(await (await request.get('/news/feed/rss.xml')).text()).toContain(`${baseURL}/news/article/${FEATURED.slug}`)
})

test('axe finds no serious violations on /news, an article and a legal page, light and dark', async ({ page }) => {
  // Eight pages, each loaded and scanned by axe: on two loaded cores that passes the default minute.
  test.setTimeout(180_000)
  const base = test.info().project.use.baseURL!
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: base }])
    for (const path of ['/news', `/news/article/${FEATURED.slug}`, '/news/changelog', '/legal/terms']) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSeriousAxeViolations(page, `${path} (${theme})`)
    }
  }
})
