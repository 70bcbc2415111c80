/**
 * Project settings (issue 13): a creator edits every settings page of their project on the site,
 * bad input gets its message and keeps what was typed, a member without the bit sees the pages
 * read-only, outsiders get the 404 page, and the project can be renamed and deleted.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { createAccount, DEMO_PASSWORD, expectNoHorizontalOverflow, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'settings-pass-1'
let slug = `settings-walk-${run}`
let projectId = ''
let owner: Awaited<ReturnType<typeof account>>

async function login(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/users/login', { data: { username, password } })
  expect(res.ok(), `login ${username}`).toBe(true)
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` } }
}

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  const res = await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })
  expect(res.status(), await res.text()).toBe(201)
  return { ...(await login(request, username, PASSWORD)), username }
}

async function as(page: Page, token: string, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: token, url: baseURL }])
}

const stored = async (request: APIRequestContext) => (await request.get(`/api/projects/${projectId}?depth=0`, { headers: owner.headers })).json()

// The preview is the creator's own content (an image without alt text is the checklist's warning).
const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: '.project-settings', exclude: '[data-testid="markdown-preview"]' })

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'settings-owner')
})

test.afterAll(async ({ request }) => {
  if (projectId) await request.delete(`/api/projects/${projectId}`, { headers: (await login(request, 'admin')).headers })
})

test('a creator creates a draft from the account menu', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  // Escape closes a create dialog and gives focus back to its opener: the dashboard's button, or
  // the account menu's button when the dialog came from the menu (which closed meanwhile).
  await page.goto('/dashboard/projects')
  const opener = page.getByRole('main').getByRole('button', { name: 'Create a project' })
  await opener.click()
  await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeHidden()
  await expect(opener).toBeFocused()
  await page.goto('/mods')
  const menuButton = page.getByRole('button', { name: `Account menu for ${owner.username}` })
  await menuButton.click()
  await page.getByRole('button', { name: 'Create a project' }).click()
  await expect(page.getByRole('dialog', { name: 'Create a project' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menuButton).toBeFocused()
  await menuButton.click()
  await page.getByRole('button', { name: 'Create a project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a project' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Project type').selectOption('mod')
  await dialog.getByLabel('Name').fill('Settings Walkthrough')
  // The URL follows the name until edited.
  await expect(dialog.getByLabel('URL')).toHaveValue('settings-walkthrough')
  await dialog.getByLabel('URL').fill(slug)
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(dialog.locator('#np-summary-error')).toHaveText('This is too short.')
  await expect(dialog.getByLabel('Name')).toHaveValue('Settings Walkthrough')
  await dialog.getByLabel('Summary').fill('Made by the settings test.')
  const axe = await new AxeBuilder({ page }).include('.create-dialog').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}$`))
  await expect(page.getByRole('region', { name: 'Publishing checklist' })).toBeVisible()
  const found = (await (await request.get(`/api/projects?where[slug][equals]=${slug}&depth=0`, { headers: owner.headers })).json()).docs[0]
  expect(found).toMatchObject({ title: 'Settings Walkthrough', status: 'draft', requestedStatus: 'approved' })
  projectId = found.id
})

test('general: bad input is named and kept; a good save shows and is stored', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}`)
  await page.getByRole('link', { name: 'Project settings' }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/settings$`))
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible()

  await page.getByLabel('Name').fill('ab')
  await page.getByLabel('Summary').fill('A summary typed before the error.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('#ps-title-error')).toHaveText('This is too short.')
  await expect(page.getByLabel('Name')).toHaveValue('ab')
  await expect(page.getByLabel('Summary')).toHaveValue('A summary typed before the error.')
  await expect(page.locator('#ps-clientSide-error')).toHaveText('Choose one.')
  expect((await stored(request)).title).toBe('Settings Walkthrough')

  await page.getByLabel('Name').fill('Settings Walkthrough Renamed')
  await page.getByLabel('Client side').selectOption('required')
  await page.getByLabel('Server side').selectOption('optional')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  const saved = await stored(request)
  expect(saved).toMatchObject({ title: 'Settings Walkthrough Renamed', summary: 'A summary typed before the error.', clientSide: 'required', serverSide: 'optional' })

  // A taken slug is the collection's own message.
  const other = (await (await request.get('/api/projects?limit=1&depth=0&where[status][equals]=approved')).json()).docs[0]
  await page.getByLabel('URL').fill(other.slug)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('#ps-slug-error')).toHaveText('This slug is already taken.')
  // A new slug moves the page to its new address.
  slug = `${slug}-moved`
  await page.getByLabel('URL').fill(slug)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/settings`))
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL! }])
    await page.goto(`/mod/${slug}/settings`)
    await noSeriousAxe(page, `general ${theme}`)
  }
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('a stale form: a save over someone else’s newer change is refused, and what was typed is kept', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings`)
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible()
  // Meanwhile someone else on the team (here the same owner, through the API) changes the summary.
  expect((await request.patch(`/api/projects/${projectId}`, { headers: owner.headers, data: { summary: 'Changed elsewhere meanwhile.' } })).ok()).toBe(true)
  await page.getByLabel('Summary').fill('Typed on the stale page.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Someone changed this project since you opened this page' })).toBeVisible()
  await expect(page.getByLabel('Summary')).toHaveValue('Typed on the stale page.')
  expect((await stored(request)).summary).toBe('Changed elsewhere meanwhile.')

  await page.reload()
  await expect(page.getByLabel('Summary')).toHaveValue('Changed elsewhere meanwhile.')
  await page.getByLabel('Summary').fill('Saved after the reload.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  expect((await stored(request)).summary).toBe('Saved after the reload.')
})

test('icon: uploaded, resized, shown on the project page', async ({ page, request, baseURL }) => {
  const sharp = (await import('sharp')).default
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings`)
  await page.getByLabel(/^Image \(PNG/).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer() })
  await page.getByRole('button', { name: 'Upload icon' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The icon has been updated.' })).toBeVisible()
  expect((await stored(request)).icon).toBeTruthy()
  await page.goto(`/mod/${slug}`)
  await expect(page.locator('.project-header__icon img')).toBeVisible()
  await expect(page.locator('[data-nag="add-icon"]')).toHaveCount(0)
})

test('description: live preview through the sanitizer, saved to the project page', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings/description`)
  const markdown = '# Sorting golems\n\nGolems **sort** items.<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned=2">'
  await page.getByLabel('Description').fill(markdown)
  const preview = page.getByTestId('markdown-preview')
  await expect(preview.getByRole('heading', { name: 'Sorting golems' })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('sort')
  await expect(preview.locator('script')).toHaveCount(0)
  expect(await preview.innerHTML()).not.toContain('onerror')
  await noSeriousAxe(page, 'description')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  expect((await stored(request)).body).toBe(markdown)
  await page.goto(`/mod/${slug}`)
  await expect(page.locator('.markdown-body').getByRole('heading', { name: 'Sorting golems' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
})

test('description: an image is uploaded into the text (at most 1 MiB) and shows in the preview and on the page', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings/description`)
  const sharp = (await import('sharp')).default
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 160, b: 90 } } }).png().toBuffer()
  // Too large: refused with the spec's words, nothing inserted.
  const before = await page.getByLabel('Description').inputValue()
  await page.getByLabel('Image to insert').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1, 1) })
  await expect(page.getByRole('alert').filter({ hasText: 'File too large' })).toBeVisible()
  await expect(page.getByLabel('Description')).toHaveValue(before)

  await page.getByLabel('Description').focus()
  await page.keyboard.press('Control+End')
  await page.getByLabel('Image to insert').setInputFiles({ name: 'golem-sorter.png', mimeType: 'image/png', buffer: png })
  // Site-relative (issue 34 item 7): it loads on whatever host name the site is reached by.
  await expect(page.getByLabel('Description')).toHaveValue(/!\[golem-sorter\]\(\/api\/images\/file\/[^)]+\)\n$/)
  const src = /!\[golem-sorter\]\(([^)]+)\)/.exec(await page.getByLabel('Description').inputValue())![1]
  expect((await request.get(src)).headers()['content-type']).toMatch(/^image\//)
  await expect(page.getByTestId('markdown-preview').locator(`img[src="${src}"]`)).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  await page.goto(`/mod/${slug}`)
  await expect(page.locator('.markdown-body').locator(`img[src="${src}"]`)).toBeVisible()
})

test('license, links and tags', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings/license`)
  await page.getByLabel('Search licenses').fill('custom')
  await page.getByLabel('License', { exact: true }).selectOption('LicenseRef-Custom')
  await page.getByLabel('License URL').fill('not a link')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('#ps-licenseUrl-error')).toHaveText('Enter a full link starting with https:// or http://.')
  await expect(page.getByLabel('License URL')).toHaveValue('not a link')
  await page.getByLabel('License URL').fill('https://example.org/license.txt')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  expect(await stored(request)).toMatchObject({ license: 'LicenseRef-Custom', licenseUrl: 'https://example.org/license.txt' })

  await page.goto(`/mod/${slug}/settings/links`)
  await page.getByLabel('Source code').fill('https://github.com/example/golems')
  await page.getByLabel('Patreon').fill('https://patreon.com/golems')
  await page.getByLabel('Issue tracker').fill('ftp://example.org')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('#ps-issuesUrl-error')).toBeVisible()
  await expect(page.getByLabel('Source code')).toHaveValue('https://github.com/example/golems')
  await page.getByLabel('Issue tracker').fill('https://github.com/example/golems/issues')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  const links = await stored(request)
  expect(links).toMatchObject({ sourceUrl: 'https://github.com/example/golems', issuesUrl: 'https://github.com/example/golems/issues' })
  expect(links.donationUrls.map((d: { platform: string; url: string }) => [d.platform, d.url])).toEqual([['patreon', 'https://patreon.com/golems']])

  await page.goto(`/mod/${slug}/settings/tags`)
  const primary = page.getByRole('group', { name: 'Categories' })
  for (const name of ['Utility', 'Storage', 'Magic', 'Food']) await primary.getByRole('checkbox', { name }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(primary.getByRole('alert')).toHaveText('Choose at most 3 categories.')
  await expect(primary.getByRole('checkbox', { name: 'Food' })).toBeChecked()
  await primary.getByRole('checkbox', { name: 'Food' }).uncheck()
  await page.getByRole('group', { name: 'Additional tags' }).getByRole('checkbox', { name: 'Food' }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible()
  const tags = await stored(request)
  expect([...tags.categories].sort()).toEqual(['magic', 'storage', 'utility'])
  expect(tags.additionalCategories).toEqual(['food'])

  // The checklist on the project page now only misses a version.
  await page.goto(`/mod/${slug}`)
  const checklist = page.getByRole('region', { name: 'Publishing checklist' })
  await expect(checklist.getByText('1 required step left')).toBeVisible()
  await expect(checklist.locator('[data-nag="upload-version"]')).toBeVisible()
})

test('who may see and change the settings', async ({ page, request, baseURL }) => {
  const team = (await stored(request)).team as string
  const viewer = await account(request, 'settings-viewer')
  const invite = await request.post('/api/team-members', { headers: owner.headers, data: { team, user: viewer.id, permissions: 0 } })
  expect(invite.status()).toBe(201)
  expect((await request.patch(`/api/team-members/${(await invite.json()).doc.id}`, { headers: viewer.headers, data: { accepted: true } })).status()).toBe(200)

  // A member without EDIT_DETAILS sees the page read-only; the server would refuse anyway.
  await as(page, viewer.token, baseURL!)
  await page.goto(`/mod/${slug}/settings`)
  await expect(page.getByText('your role on this project does not let you change them')).toBeVisible()
  await expect(page.getByLabel('Name')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0)

  // Someone outside the team gets the 404 page; a signed-out visitor is sent to sign in.
  const stranger = await account(request, 'settings-stranger')
  await as(page, stranger.token, baseURL!)
  expect((await page.goto(`/mod/${slug}/settings/links`))?.status()).toBe(404)
  await page.context().clearCookies()
  await page.goto(`/mod/${slug}/settings/tags`)
  await expect(page).toHaveURL(new RegExp(`/auth/sign-in\\?redirect=${encodeURIComponent(`/mod/${slug}/settings/tags`)}`))
})

test('members: invite by username, edit role and bits, remove, transfer ownership', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings/members`)
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  const invite = page.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('Username').fill(`nobody-${run}`)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('alert')).toHaveText('User not found')
  await expect(invite.getByLabel('Username')).toHaveValue(`nobody-${run}`)

  const artist = await account(request, 'settings-artist')
  await invite.getByLabel('Username').fill(artist.username.toUpperCase())
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('status')).toHaveText(`${artist.username} has been invited. They can accept on the project page.`)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: artist.username }) })
  await expect(card.getByText('Invitation pending')).toBeVisible()
  const row = (await (await request.get(`/api/team-members?where[user][equals]=${artist.id}&depth=0`, { headers: owner.headers })).json()).docs[0]
  expect((await request.patch(`/api/team-members/${row.id}`, { headers: artist.headers, data: { accepted: true } })).status()).toBe(200)

  await page.reload()
  await expect(card.getByText('Invitation pending')).toHaveCount(0)
  await card.getByLabel('Role').fill('Artist')
  await card.getByRole('checkbox', { name: 'Upload versions' }).check()
  await card.getByRole('checkbox', { name: 'Edit description' }).check()
  await card.getByRole('button', { name: 'Save member' }).click()
  await expect(card.getByRole('status')).toHaveText('Member saved.')
  expect(await (await request.get(`/api/team-members/${row.id}?depth=0`, { headers: owner.headers })).json()).toMatchObject({ role: 'Artist', permissions: 1 | 8 })

  const viewerCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `settings-viewer-${run}` }) })
  await viewerCard.getByRole('button', { name: /^Remove/ }).click()
  await expect(viewerCard).toHaveCount(0)

  await page.getByLabel('New owner').selectOption({ label: artist.username })
  await page.getByRole('button', { name: 'Transfer ownership' }).click()
  // The page refreshes: the artist is the owner now, and the transfer is no longer ours to make.
  await expect(card.getByText('Owner', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0)
  expect((await (await request.get(`/api/team-members/${row.id}?depth=0`, { headers: owner.headers })).json()).isOwner).toBe(true)
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL! }])
    await page.reload()
    await noSeriousAxe(page, `members ${theme}`)
  }
})

test('delete asks for the name and then removes the project', async ({ page, request, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}/settings`)
  await page.getByLabel(/Type .* to confirm/).fill('wrong name')
  await page.getByRole('button', { name: 'Delete project' }).click()
  await expect(page.locator('#ps-delete-error')).toHaveText('The name you typed does not match the project’s name.')
  await page.getByLabel(/Type .* to confirm/).fill('Settings Walkthrough Renamed')
  await page.getByRole('button', { name: 'Delete project' }).click()
  await expect(page).toHaveURL(new RegExp(`/user/${owner.username}$`))
  expect((await request.get(`/api/projects/${projectId}`, { headers: owner.headers })).status()).toBe(404)
  projectId = ''
})
