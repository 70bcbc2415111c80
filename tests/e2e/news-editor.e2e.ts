/**
 * A news editor at work in the admin panel (issue 16 item 2): writes an article with every block of
 * src/blocks, saves a draft and sees it in the live preview (the public page, shown to editors only),
 * publishes it; a visitor then reads it with its blocks and finds it in the feeds (parsed as RSS and
 * Atom by a feed parser). A scheduled article goes out when its time comes (Payload's schedulePublish
 * job, run by the server's own job cron every few seconds: RELEASE_SCHEDULED_CRON in
 * scripts/test-app.mjs).
 */
import { expect, request as requests, test, type APIRequestContext, type Page } from '@playwright/test'
import { parseAtomFeed, parseRssFeed } from 'feedsmith'
import sharp from 'sharp'

import { DEMO_PASSWORD, signIn } from './helpers'

test.describe.configure({ mode: 'serial', timeout: 240_000 })
// The admin panel is the heaviest page of the site: on two loaded cores a save can take tens of seconds.
const SAVE_WAIT = { timeout: 60_000 }
const EDITOR = 'quillfeather'
const run = Date.now().toString(36)
const INTRO = 'An article written in the admin panel.'
const ARTICLE = { slug: `blocks-${run}`, title: `Every block, ${run}`, summary: 'Written in the admin panel with every block.' }

/** A visitor: its own cookie jar, never signed in. */
let visitor: APIRequestContext

test.beforeAll(async ({ baseURL }) => {
  visitor = await requests.newContext({ baseURL })
})
test.afterAll(async () => {
  await visitor.dispose()
})

async function adminSignIn(page: Page) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(EDITOR)
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, SAVE_WAIT)
}

/**
 * Runs `change` on a field inside a block and waits for the block to take it: each change goes to the
 * server (a server action rebuilds the block's form state, `value` included) before it reaches the
 * document, and a save made before that answer would save the block without it.
 */
async function inBlock(page: Page, value: string, change: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && !!r.request().headers()['next-action'] && (r.request().postData() ?? '').includes(value), SAVE_WAIT)
  await change()
  await answered
}

/**
 * Inserts a block through the editor's slash menu on a new line after the article's first paragraph
 * (so blocks are inserted in reverse order of where they end up).
 */
async function insertBlock(page: Page, slug: string) {
  await page.locator('.rich-text-lexical p', { hasText: INTRO }).click()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type(`/${slug}`)
  await page.locator(`.slash-menu-popup__item-block-${slug}`).click()
  const block = page.locator(`.LexicalEditorTheme__block-${slug}`)
  await expect(block).toHaveCount(1)
  return block
}

test('an editor writes an article with every block, previews it, publishes it; a visitor reads it and finds it in the feeds', async ({ page, baseURL }) => {
  await adminSignIn(page)
  await page.goto('/admin/collections/news/create')
  await page.locator('#field-title').fill(ARTICLE.title)
  await page.locator('#field-slug').fill(ARTICLE.slug)
  await page.locator('#field-summary').fill(ARTICLE.summary)
  await page.locator('.rich-text-lexical [contenteditable="true"]').first().click()
  await page.keyboard.type(INTRO)
  // The editor writes in the site's typeface, loaded from the site itself (not a fallback).
  const editor = page.locator('.rich-text-lexical [contenteditable="true"]').first()
  expect(await editor.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Inter Variable"?,/)
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"') && [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded')))).toBe(true)

  // (The text fields inside blocks are found by id: their labels point at another id.)
  const video = await insertBlock(page, 'videoEmbed')
  await inBlock(page, 'Kp3mN8qR2tZ', () => video.locator('#field-videoId').fill('Kp3mN8qR2tZ'))

  const callout = await insertBlock(page, 'callout')
  await inBlock(page, 'Back up your world first.', () => callout.locator('#field-text').fill('Back up your world first.'))

  const code = await insertBlock(page, 'code')
  // The code first: a choice in a select reloads the block's form state from the server, and a value
  // typed while that is under way can be lost.
  await inBlock(page, 'pack_format', () => code.locator('#field-code').fill('{ "pack": { "pack_format": 48 } }'))
  await code.locator('#field-language').click()
  await inBlock(page, 'json', () => page.getByRole('option', { name: 'json', exact: true }).click())
  await expect(code.locator('#field-language')).toContainText('json')

  const image = await insertBlock(page, 'image')
  const caption = 'The field, as promised.'
  await inBlock(page, caption, () => image.locator('#field-caption').fill(caption))
  await image.getByRole('button', { name: 'Create New' }).click()
  const upload = page.locator('.drawer', { hasText: 'Creating new Image' })
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3a7d44' } }).png().toBuffer()
  await upload.locator('input[type="file"]').setInputFiles({ name: 'news-image.png', mimeType: 'image/png', buffer: png })
  await upload.locator('#field-alt').fill('A green field')
  // The block takes the new image with the caption already in it.
  await inBlock(page, caption, () => upload.getByRole('button', { name: 'Save', exact: true }).click())
  await expect(image.getByText('news-image')).toBeVisible(SAVE_WAIT)

  await expect(code.locator('#field-code')).toHaveValue('{ "pack": { "pack_format": 48 } }')
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/news\/[A-Za-z0-9]{8}$/, SAVE_WAIT)
  await expect(page.getByRole('button', { name: 'Save Draft' })).toBeVisible()
  // Not published yet: visitors get a 404.
  expect((await visitor.get(`/news/article/${ARTICLE.slug}`)).status()).toBe(404)

  // Live preview: the public page of the draft, blocks and all, beside the form.
  // (The panel remembers whether the editor left it open.)
  const frame = page.locator('iframe[src*="/news/article/"]')
  if ((await frame.count()) === 0) await page.getByRole('button', { name: /live preview/i }).click()
  const preview = frame.contentFrame()
  await expect(preview.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible(SAVE_WAIT)
  await expect(preview.getByRole('note')).toContainText('Draft')
  await expect(preview.locator('[data-block="callout"]')).toContainText('Back up your world first.')
  await expect(preview.locator('[data-block="code"]')).toContainText('pack_format')
  await expect(preview.locator('[data-block="image"]')).toContainText('The field, as promised.')
  // Saving again refreshes the preview with what was just written.
  await page.locator('#field-summary').fill(`${ARTICLE.summary} Now with a preview.`)
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(preview.getByText(`${ARTICLE.summary} Now with a preview.`)).toBeVisible(SAVE_WAIT)

  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText(/published successfully|updated successfully/i).first()).toBeVisible(SAVE_WAIT)

  // A visitor reads it, with every block rendered.
  const reader = await page.context().browser()!.newPage({ baseURL })
  await reader.goto(`/news/article/${ARTICLE.slug}`)
  const article = reader.getByTestId('news-article')
  await expect(article.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible()
  await expect(article.getByRole('note')).toHaveCount(0)
  await expect(article.getByRole('link', { name: EDITOR })).toBeVisible()
  await expect(article.locator('[data-block="image"] img')).toHaveAttribute('alt', 'A green field')
  await expect(article.locator('[data-block="image"]')).toContainText('The field, as promised.')
  await expect(article.locator('[data-block="code"] code.hljs.language-json .hljs-attr').first()).toHaveText('"pack"')
  await expect(article.locator('[data-block="callout"]')).toContainText('Back up your world first.')
  await expect(article.locator('[data-block="videoEmbed"] iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/Kp3mN8qR2tZ/)
  await reader.close()

  // The feeds list it: parsed as RSS 2.0 and Atom by a feed parser (which refuses any other format).
  const link = `${baseURL}/news/article/${ARTICLE.slug}`
  const rss = parseRssFeed(await (await visitor.get('/news/feed/rss.xml')).text())
  expect(rss.items?.find((i) => i.link === link)?.title).toBe(ARTICLE.title)
  const atom = parseAtomFeed(await (await visitor.get('/news/feed/atom.xml')).text())
  expect(atom.entries?.find((e) => e.links?.some((l) => l.href === link))?.title?.value).toBe(ARTICLE.title)
})

test('a scheduled article appears at its time', async ({ page, request }) => {
  const slug = `scheduled-${run}`
  const auth = await signIn(request, EDITOR)
  const created = await request.post('/api/news?draft=true', {
    headers: auth,
    data: { slug, title: `Scheduled ${run}`, summary: 'Goes out by itself.', _status: 'draft', content: { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Right on time.', format: 0, detail: 0, mode: 'normal', style: '' }] }] } } },
  })
  expect(created.status()).toBe(201)
  const id = (await created.json()).doc.id as string

  await adminSignIn(page)
  await page.goto(`/admin/collections/news/${id}`)
  // The picker takes whole minutes: the next minute at least 20 seconds from now.
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
  await page.locator('#action-save-popup button').click()
  await page.locator('#schedule-publish').click()
  const drawer = page.locator('.schedule-publish__scheduler')
  // A draft that was never published is scheduled to be published: the type is preselected (left as
  // it comes here, as an editor in a hurry would).
  await expect(drawer.getByRole('radio', { name: 'Publish', exact: true })).toBeChecked()
  await expect(drawer.getByRole('radio', { name: 'Unpublish', exact: true })).not.toBeChecked()
  const time = drawer.locator('#time input')
  await time.click()
  await time.fill(await page.evaluate((ms) => new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).replace(' at ', ' '), at.getTime()))
  await time.press('Enter')
  await drawer.getByRole('button', { name: 'Save', exact: true }).click()
  // Listed under the upcoming events of the drawer (a job row editors may read).
  await expect(page.locator('.schedule-publish').getByRole('row').nth(1)).toBeVisible(SAVE_WAIT)

  expect((await visitor.get(`/news/article/${slug}`)).status()).toBe(404)
  await expect.poll(async () => (await visitor.get(`/news/article/${slug}`)).status(), { timeout: 120_000, intervals: [2_000] }).toBe(200)
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  expect(await (await visitor.get('/news/feed/rss.xml')).text()).toContain(`/news/article/${slug}`)
})

test('the schedule drawer starts in the editor’s own timezone', async ({ browser, request }) => {
  const auth = await signIn(request, EDITOR)
  const created = await request.post('/api/news?draft=true', { headers: auth, data: { slug: `zone-${run}`, title: `Zone ${run}`, summary: 'Scheduled from Berlin.', _status: 'draft' } })
  expect(created.status()).toBe(201)
  const id = (await created.json()).doc.id as string
  // An editor whose browser is set to Berlin (the machine running the tests is not), and one on UTC
  // (which Payload's own list lacks: it showed "Select a value").
  for (const [timezoneId, shown] of [['Europe/Berlin', 'Berlin'], ['UTC', 'Coordinated Universal Time']] as const) {
    const context = await browser.newContext({ timezoneId, baseURL: test.info().project.use.baseURL })
    const page = await context.newPage()
    try {
      await adminSignIn(page)
      await page.goto(`/admin/collections/news/${id}`)
      await page.locator('#action-save-popup button').click()
      await page.locator('#schedule-publish').click()
      const drawer = page.locator('.schedule-publish__scheduler')
      await expect(drawer.getByRole('radio', { name: 'Publish', exact: true })).toBeChecked()
      await expect(drawer.locator('.timezone-picker')).toContainText(shown)
    } finally {
      await context.close()
    }
  }
})

test('an editor previews a changelog entry draft beside its form; visitors see nothing until it is published', async ({ page, request }) => {
  const auth = await signIn(request, EDITOR)
  // A day of its own (no other entry of the app that day), from this run's id.
  const day = new Date(Date.UTC(2001, 0, 1) + (parseInt(run, 36) % 3000) * 86_400_000).toISOString().slice(0, 10)
  const created = await request.post('/api/changelog-entries?draft=true', {
    headers: auth,
    data: { date: `${day}T10:00:00.000Z`, product: 'app', version: '0.9.1', body: `Faster start-up, run ${run}.`, _status: 'draft' },
  })
  expect(created.status()).toBe(201)
  const id = (await created.json()).doc.id as string
  expect((await visitor.get(`/news/changelog/app/${day}`)).status()).toBe(404)

  await adminSignIn(page)
  await page.goto(`/admin/collections/changelog-entries/${id}`)
  const frame = page.locator('iframe[src*="/news/changelog/app/"]')
  if ((await frame.count()) === 0) await page.getByRole('button', { name: /live preview/i }).click()
  const preview = frame.contentFrame()
  await expect(preview.getByText(`Faster start-up, run ${run}.`)).toBeVisible(SAVE_WAIT)
  await expect(preview.getByRole('note')).toContainText('Draft')

  // Saving a draft refreshes the preview with what was just written; the public page still has nothing.
  await page.locator('#field-body').fill(`Faster start-up and a smaller download, run ${run}.`)
  await page.getByRole('button', { name: 'Save Draft' }).click()
  await expect(preview.getByText(`Faster start-up and a smaller download, run ${run}.`)).toBeVisible(SAVE_WAIT)
  expect((await visitor.get(`/news/changelog/app/${day}`)).status()).toBe(404)
  expect((await visitor.get(`/news/changelog/app/${day}?preview=${id}`)).status()).toBe(404)

  await page.getByRole('button', { name: 'Publish changes' }).click()
  await expect(page.getByText(/published successfully|updated successfully/i).first()).toBeVisible(SAVE_WAIT)
  const published = await visitor.get(`/news/changelog/app/${day}`)
  expect(published.status()).toBe(200)
  expect(await published.text()).toContain(`Faster start-up and a smaller download, run ${run}.`)
})
