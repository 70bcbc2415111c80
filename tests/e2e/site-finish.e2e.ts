/** The public site's finish (issue 18): keyboard path on search pages, the lightbox from a description, version filters. */
import { expect, test, type Page } from '@playwright/test'

const focused = (page: Page) => page.locator(':focus')

test('a keyboard user reaches the search box on /mods within 3 Tabs, and the first result a few presses later', async ({ page }) => {
  await page.goto('/mods')
  await page.keyboard.press('Tab')
  await expect(focused(page)).toHaveText(/skip to main content/i)
  await page.keyboard.press('Enter')
  let tabs = 1
  while (tabs < 3 && !(await page.locator('#search-query').evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab')
    tabs++
  }
  await expect(page.locator('#search-query')).toBeFocused()

  // Past the search button to "Skip to results", which lands just before the first result.
  const firstResult = page.locator('.search-results .result-card__link').first()
  for (let presses = 0; presses < 6 && !(await firstResult.evaluate((el) => el === document.activeElement)); presses++) {
    const onSkip = await focused(page).evaluate((el) => el.textContent?.trim() === 'Skip to results')
    await page.keyboard.press(onSkip ? 'Enter' : 'Tab')
  }
  await expect(firstResult).toBeFocused()
  await expect(firstResult).toBeInViewport()
})

test('a gallery picture in a project description opens the lightbox', async ({ page, request }) => {
  const found = await request.get('/api/projects?depth=0&limit=1&where[status][equals]=approved&where[body][contains]=/api/images/file/')
  const project = (await found.json()).docs[0] as { slug: string; projectType: string; title: string }
  expect(project, 'the demo data has a description with a gallery picture').toBeTruthy()
  await page.goto(`/${project.projectType}/${project.slug}`)
  const picture = page.locator('.project-body img[role="button"]').first()
  await picture.click()
  const dialog = page.getByRole('dialog', { name: 'Image viewer' })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('img.lightbox__image')).toHaveJSProperty('complete', true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(picture).toBeFocused()
  // By keyboard too: the picture is a button.
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
})

test('the versions filters apply as they change, without an Apply button', async ({ page }) => {
  await page.goto('/mod/ember-lib/versions')
  const filters = page.getByRole('form', { name: /filter/i })
  await expect(filters.getByRole('button', { name: /apply/i })).toHaveCount(0)
  const before = await page.locator('.versions-count').textContent()
  await filters.getByRole('checkbox', { name: /beta/i }).check()
  await expect(page).toHaveURL(/[?&]c=beta/)
  await expect(page.locator('.versions-count')).not.toHaveText(before ?? '')
  await filters.getByRole('checkbox', { name: /beta/i }).uncheck()
  await expect(page).not.toHaveURL(/[?&]c=beta/)
  await expect(page.locator('.versions-count')).toHaveText(before ?? '')
})

test('a search page sends only the messages its own client parts use, and its tag icons as a cached stylesheet', async ({ request }) => {
  const html = await (await request.get('/mods')).text()
  expect(html).toContain('Developer mode enabled') // the shell's (site-wide)
  expect(html).not.toContain('What everyone sees on your profile page.') // account settings'
  expect(html).not.toContain('Drop files here, or choose them') // the version form's
  expect(html).not.toContain('--tag-icon:url(') // no inline icon CSS
  expect(html).toContain('/tag-icons.css?type=mod')
  const css = await request.get('/tag-icons.css?type=mod')
  expect(css.status()).toBe(200)
  expect(css.headers()['cache-control']).toMatch(/^public, max-age=\d+/)
  // A project page still gets its section's messages (the download dialog's, the gallery's).
  const project = (await (await request.get('/v2/search?limit=1&facets=[["project_type:mod"]]')).json()).hits[0]
  const page = await (await request.get(`/mod/${project.slug}`)).text()
  expect(page).toContain('Image {index} of {total}') // the lightbox's, in the project section's messages
  expect(page).not.toContain('What everyone sees on your profile page.')
})

test('the HTML of /mods and of a project page stays within its budget (DESIGN.md), the cards and filters sent once as markup and once as data', async ({ request }) => {
  const html = await (await request.get('/mods')).text()
  // Uncompressed, markup and RSC payload together.
  expect(Buffer.byteLength(html) / 1024).toBeLessThan(150)
  // The sidebar's rows and the cards reach the RSC payload as their data, not as a second copy of
  // their markup: class names of a row or a card appear in the markup only.
  const payload = [...html.matchAll(/<script>self\.__next_f\.push\((.*?)\)<\/script>/gs)].map((m) => JSON.parse(m[1]) as unknown[]).map((chunk) => (typeof chunk[1] === 'string' ? chunk[1] : '')).join('')
  expect(payload).toContain('"include":"/mods?c=') // a row's data
  expect(payload).not.toContain('filter-option__include')
  expect(payload).not.toContain('result-card__summary')
  expect(payload).toContain('"summary":')
  // Nothing of a hit the card does not show (its game versions, its license).
  expect(payload).not.toMatch(/"(versions|license|client_side|latest_version)":/)
  const project = (await (await request.get('/v2/search?limit=1&index=downloads&facets=[["project_type:mod"]]')).json()).hits[0]
  const page = await (await request.get(`/mod/${project.slug}`)).text()
  expect(Buffer.byteLength(page) / 1024).toBeLessThan(100)
})
