/**
 * The admin pages creators and editors use, checked with axe in light and dark (issue 34 item 3):
 * nothing serious or critical on the dashboard, the project and version lists and forms, the news
 * and changelog lists and forms (the rich-text editor) and the Schedule Publish drawer. Payload's
 * admin takes its theme from the `payload-theme` cookie (getRequestTheme in @payloadcms/next), the
 * same cookie its account settings set.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'

import { DEMO_PASSWORD, seriousAxeViolations, signIn } from './helpers'

// Each test loads and scans several admin pages twice (light and dark) on two loaded cores.
test.describe.configure({ timeout: 300_000 })
const WAIT = { timeout: 60_000 }
const CREATOR = 'tinkerfox'
const EDITOR = 'quillfeather'
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

async function adminPage(browser: Browser, username: string, theme: Theme): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!
  const context = await browser.newContext({ baseURL, colorScheme: theme })
  await context.addCookies([{ name: 'payload-theme', value: theme, url: baseURL }])
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  return page
}

/**
 * Opens `path`, waits for `ready` (the part that shows the page has rendered its form or list) and
 * records axe's serious and critical findings under `label` (soft: every page is scanned).
 */
async function scan(page: Page, label: string, path: string | null, ready: string) {
  if (path) await page.goto(path)
  await expect(page.locator(ready).first()).toBeVisible(WAIT)
  // No spinner or form-state request left: the form is what a person would see.
  await expect(page.locator('.loading-overlay, .shimmer-effect')).toHaveCount(0, WAIT)
  expect.soft(await seriousAxeViolations(page), label).toEqual([])
}

async function firstRowHref(page: Page, list: string): Promise<string> {
  await page.goto(list)
  const link = page.locator('table tbody tr').first().locator('a').first()
  await expect(link).toBeVisible(WAIT)
  const href = await link.getAttribute('href')
  expect(href).toMatch(/^\/admin\/collections\//)
  return href!
}

for (const theme of THEMES) {
  test(`a creator's admin pages have no serious axe finding (${theme})`, async ({ browser }) => {
    const page = await adminPage(browser, CREATOR, theme)
    try {
      await scan(page, `dashboard (${theme})`, null, '.dashboard')
      await scan(page, `projects list (${theme})`, '/admin/collections/projects', 'table tbody tr')
      const project = await firstRowHref(page, '/admin/collections/projects')
      await scan(page, `project edit (${theme})`, project, '#field-summary')
      await scan(page, `project create (${theme})`, '/admin/collections/projects/create', '#field-summary')
      await scan(page, `versions list (${theme})`, '/admin/collections/versions', 'table tbody tr')
      const version = await firstRowHref(page, '/admin/collections/versions')
      await scan(page, `version edit (${theme})`, version, '.collection-edit form')
    } finally {
      await page.context().close()
    }
  })

  test(`a news editor's admin pages have no serious axe finding (${theme})`, async ({ browser, request }) => {
    const auth = await signIn(request, EDITOR)
    const draft = await request.post('/api/news?draft=true', {
      headers: auth,
      data: {
        slug: `a11y-${theme}-${Date.now().toString(36)}`,
        title: `Accessible ${theme}`,
        summary: 'Checked with axe.',
        _status: 'draft',
      },
    })
    expect(draft.status()).toBe(201)
    const newsId = (await draft.json()).doc.id as string
    const entries = await (
      await request.get('/api/changelog-entries?limit=1&depth=0&draft=true', {
        headers: auth,
      })
    ).json()
    const entryId = entries.docs[0].id as string

    const page = await adminPage(browser, EDITOR, theme)
    try {
      await scan(page, `editor dashboard (${theme})`, null, '.dashboard')
      await scan(page, `news list (${theme})`, '/admin/collections/news', 'table tbody tr')
      await scan(page, `news edit (${theme})`, `/admin/collections/news/${newsId}`, '.rich-text-lexical [contenteditable="true"]')
      // Beside its live preview (the panel remembers whether the editor left it open): the site's
      // article page in a frame, which axe scans too.
      const frame = page.locator('iframe#live-preview-iframe')
      if ((await frame.count()) === 0) await page.getByRole('button', { name: /live preview/i }).click()
      await expect(frame.contentFrame().getByRole('heading', { level: 1 })).toHaveText(`Accessible ${theme}`, WAIT)
      await scan(page, `news edit beside its live preview (${theme})`, null, '#live-preview-iframe')
      await scan(page, `news create (${theme})`, '/admin/collections/news/create', '.rich-text-lexical [contenteditable="true"]')
      await scan(page, `changelog list (${theme})`, '/admin/collections/changelog-entries', 'table tbody tr')
      await scan(page, `changelog edit (${theme})`, `/admin/collections/changelog-entries/${entryId}`, '#field-body')

      await page.goto(`/admin/collections/news/${newsId}`)
      await page.locator('#action-save-popup button').click()
      await page.locator('#schedule-publish').click()
      await expect(page.locator('.schedule-publish__scheduler').getByRole('radio', { name: 'Publish', exact: true })).toBeChecked(WAIT)
      await scan(page, `schedule publish drawer (${theme})`, null, '.schedule-publish__scheduler')
    } finally {
      await page.context().close()
    }
  })
}
