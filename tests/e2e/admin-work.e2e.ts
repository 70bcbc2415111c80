/**
 * The admin panel as a workplace (issue 18 items 2 and 4, issue 15 item 5): each role's dashboard
 * shows its own work under our brand (screenshots attached), a moderator approves a submitted
 * project from its edit view while a second moderator is refused by the first one's lock, the review
 * queue and the user_email search are staff's only, and our parts are axe-clean.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { attachScreenshot, createAccount, DEMO_PASSWORD, seriousAxeViolations, signIn } from './helpers'

// The admin panel is the heaviest page of the site (see admin.e2e.ts): longer waits for its loads.
test.describe.configure({ timeout: 150_000 })
const WAIT = { timeout: 45_000 }
// Wide enough for Payload to keep its nav open (it starts closed below 1440 px).
test.use({ viewport: { width: 1600, height: 1000 } })

async function adminSignIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill(username)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
}

/** Serious or critical axe findings inside our own components (Payload's stock chrome has its own; see admin-branding.e2e.ts). */
const seriousViolations = (page: Page, selector: string) => seriousAxeViolations(page, { include: selector })

async function expectBranding(page: Page) {
  await expect(page).toHaveTitle(/Blockforge admin/)
  await expect(page.locator('.bf-admin-icon svg').first()).toBeVisible()
  await expect(page.locator('.bf-admin-avatar').first()).toBeVisible()
}

const apiJson = async (request: APIRequestContext, url: string, auth: Record<string, string>) => {
  const res = await request.get(url, { headers: auth })
  expect(res.status(), url).toBe(200)
  return res.json()
}

const countOf = (locator: ReturnType<Page['locator']>) => locator.getAttribute('data-count').then(Number)

test('an admin’s dashboard: the review queue with its oldest item, open reports, flagged files, and the editorial drafts', async ({ page, request }) => {
  const auth = await signIn(request)
  const queue = await apiJson(request, '/api/projects?where[status][equals]=processing&sort=queued&limit=1&depth=0', auth)
  const reports = await apiJson(request, '/api/reports?where[closed][not_equals]=true&limit=1&depth=0', auth)
  expect(queue.totalDocs).toBeGreaterThan(0)

  await adminSignIn(page, 'admin')
  const work = page.getByTestId('admin-work')
  await expect(work.getByRole('heading', { name: 'Your work' })).toBeVisible()
  expect(await countOf(work.getByTestId('admin-work-queue'))).toBe(queue.totalDocs)
  await expect(work.getByTestId('admin-work-oldest').getByRole('link', { name: queue.docs[0].title })).toHaveAttribute('href', `/admin/collections/projects/${queue.docs[0].id}`)
  expect(await countOf(work.getByTestId('admin-work-reports'))).toBe(reports.totalDocs)
  await expect(work.getByRole('link', { name: 'Moderation on the site' })).toHaveAttribute('href', '/moderation')
  await expect(work.getByRole('link', { name: 'Reports on the site' })).toHaveAttribute('href', '/moderation/reports')
  await expect(work.getByRole('link', { name: 'Review queue (admin)' })).toHaveAttribute('href', '/admin/moderation-queue')
  // The technical review's files waiting for a verdict.
  await expect(work.getByTestId('admin-work-flagged')).toHaveAttribute('data-count', /^\d+$/)
  await expect(work.getByRole('link', { name: 'Technical review on the site' })).toHaveAttribute('href', '/moderation/technical-review')
  // Admins write news too: the seed's unpublished article is waiting.
  await expect(work.getByTestId('admin-work-draft-list')).toContainText('Creator rewards are live')
  await expectBranding(page)
  await attachScreenshot(page, 'admin-dashboard-admin.png', { fullPage: true })
  expect(await seriousViolations(page, '.bf-work')).toEqual([])
})

test('a moderator’s dashboard: staff work only, and the staff tools in the nav', async ({ page, request }) => {
  const auth = await signIn(request)
  const queue = await apiJson(request, '/api/projects?where[status][equals]=processing&sort=queued&limit=1&depth=0', auth)
  await adminSignIn(page, 'wren_mod')
  const work = page.getByTestId('admin-work')
  expect(await countOf(work.getByTestId('admin-work-queue'))).toBe(queue.totalDocs)
  await expect(work.getByTestId('admin-work-oldest')).toContainText(queue.docs[0].title)
  await expect(work.getByTestId('admin-work-reports')).toBeVisible()
  await expect(work.getByTestId('admin-work-editorial')).toHaveCount(0)
  await expect(work.getByTestId('admin-work-creator')).toHaveCount(0)
  await expect(page.locator('nav').getByRole('link', { name: 'Review queue', exact: true })).toBeVisible()
  await expect(page.locator('nav').getByRole('link', { name: 'Find user by email' })).toBeVisible()
  await expectBranding(page)
  await attachScreenshot(page, 'admin-dashboard-moderator.png', { fullPage: true })
  expect(await seriousViolations(page, '.bf-work')).toEqual([])
})

const lexical = (text: string) => ({ root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] } })

test('a news editor’s dashboard: drafts and the publication they scheduled, no staff work', async ({ page, request }) => {
  const run = Date.now().toString(36)
  const auth = await signIn(request, 'quillfeather')
  const created = await request.post('/api/news?draft=true', { headers: auth, data: { slug: `dash-scheduled-${run}`, title: `Scheduled for tomorrow ${run}`, summary: 'Goes out tomorrow.', _status: 'draft', content: lexical('Tomorrow.') } })
  expect(created.status()).toBe(201)
  const id = (await created.json()).doc.id as string

  // Scheduled the way editors do it: the admin's "Schedule publish" drawer (as in news-editor.e2e.ts), a day ahead.
  await adminSignIn(page, 'quillfeather')
  await page.goto(`/admin/collections/news/${id}`)
  const at = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000)
  await page.locator('#action-save-popup button').click()
  await page.locator('#schedule-publish').click()
  const drawer = page.locator('.schedule-publish__scheduler')
  await drawer.getByText('Publish', { exact: true }).click()
  const time = drawer.locator('#time input')
  await time.click()
  await time.fill(await page.evaluate((ms) => new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).replace(' at ', ' '), at.getTime()))
  await time.press('Enter')
  await drawer.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('.schedule-publish').getByRole('row').nth(1)).toBeVisible(WAIT)

  await page.goto('/admin')
  const work = page.getByTestId('admin-work')
  const drafts = work.getByTestId('admin-work-draft-list')
  await expect(drafts.getByRole('link', { name: 'Creator rewards are live' })).toHaveAttribute('href', /^\/admin\/collections\/news\/[0-9A-Za-z]{8}$/)
  await expect(drafts.getByRole('link', { name: `Scheduled for tomorrow ${run}` })).toHaveAttribute('href', `/admin/collections/news/${id}`)
  expect(await countOf(work.getByTestId('admin-work-drafts'))).toBeGreaterThanOrEqual(2)
  const scheduled = work.getByTestId('admin-work-scheduled-list')
  await expect(scheduled.getByRole('link', { name: `Scheduled for tomorrow ${run}` })).toHaveAttribute('href', `/admin/collections/news/${id}`)
  await expect(scheduled).toContainText('publishes')
  expect(await countOf(work.getByTestId('admin-work-scheduled'))).toBeGreaterThanOrEqual(1)
  await expect(work.getByTestId('admin-work-staff')).toHaveCount(0)
  await expect(page.locator('nav').getByRole('link', { name: 'Find user by email' })).toHaveCount(0)
  await expectBranding(page)
  await attachScreenshot(page, 'admin-dashboard-news-editor.png', { fullPage: true })
  expect(await seriousViolations(page, '.bf-work')).toEqual([])
})

test('a creator’s dashboard: their projects with status and checklist, nothing of staff or editors', async ({ page, request }) => {
  const auth = await signIn(request)
  const me = (await apiJson(request, '/api/users?where[username][equals]=pixelmoth&depth=0', auth)).docs[0]
  const teams = (await apiJson(request, `/api/team-members?where[user][equals]=${me.id}&where[accepted][equals]=true&limit=100&depth=0`, auth)).docs.map((m: { team: string }) => m.team)
  const own = (await apiJson(request, `/api/projects?where[team][in]=${teams.join(',')}&limit=100&depth=0`, auth)).docs as { id: string; title: string }[]
  expect(own.length).toBeGreaterThan(0)

  await adminSignIn(page, 'pixelmoth')
  const panel = page.getByTestId('admin-work-creator')
  for (const p of own) {
    const row = panel.locator(`[data-project="${p.id}"]`)
    await expect(row.getByRole('link', { name: p.title, exact: true })).toHaveAttribute('href', `/admin/collections/projects/${p.id}`)
    await expect(row.getByTestId('admin-work-project-status')).not.toBeEmpty()
    await expect(row.getByTestId('admin-work-project-checklist')).not.toBeEmpty()
  }
  await expect(page.getByTestId('admin-work-staff')).toHaveCount(0)
  await expect(page.getByTestId('admin-work-editorial')).toHaveCount(0)
  await expectBranding(page)
  await attachScreenshot(page, 'admin-dashboard-creator.png', { fullPage: true })
  expect(await seriousViolations(page, '.bf-work')).toEqual([])
})

test('a moderator approves a submitted project from its edit view; a second moderator is refused while the first holds the lock', async ({ page, browser, request }) => {
  // Two moderators' admin sessions side by side: the heaviest test here.
  test.setTimeout(300_000)
  const auth = await signIn(request)
  // The newest submission (the dashboard tests above look at the oldest).
  const project = (await apiJson(request, '/api/projects?where[status][equals]=processing&sort=-queued&limit=1&depth=0', auth)).docs[0] as { id: string; title: string }
  const second = `second-mod-${Date.now().toString(36)}`
  const password = 'second-moderator-pass-1'
  const created = await createAccount({ username: second, email: `${second}@example.test`, password })
  expect(created.status()).toBe(201)
  expect((await request.patch(`/api/users/${(await created.json()).doc.id}`, { headers: auth, data: { role: 'moderator' } })).status()).toBe(200)

  // The second moderator opens the project first, while nobody holds it.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await adminSignIn(other, second, password)
  await other.goto(`/admin/collections/projects/${project.id}`)
  const otherPanel = other.getByTestId('admin-moderation')
  await expect(otherPanel.getByTestId('admin-moderation-lock')).toContainText('Nobody is reviewing this project')

  // The moderator takes it for review from the queue view.
  await adminSignIn(page, 'wren_mod')
  await page.locator('nav').getByRole('link', { name: 'Review queue', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/moderation-queue$/, WAIT)
  await page.getByTestId('admin-queue').getByRole('link', { name: project.title, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/collections/projects/${project.id}`), WAIT)
  const panel = page.getByTestId('admin-moderation')
  await expect(panel.getByTestId('admin-moderation-status')).toHaveText('Status: Under review')
  await panel.getByRole('button', { name: 'Take for review' }).click()
  await expect(panel.getByTestId('admin-moderation-lock')).toContainText('You are reviewing this project until', WAIT)
  await expect(panel.getByText(/Nobody is reviewing/)).toHaveCount(0)

  // The second moderator's page still offers the decision: the server refuses it, naming the holder.
  await otherPanel.getByLabel('Message to the team').fill('Please add screenshots.')
  await otherPanel.getByRole('button', { name: 'Reject' }).click()
  await expect(otherPanel.getByRole('alert')).toContainText('Another moderator is reviewing this project', WAIT)
  await expect(otherPanel.getByRole('alert')).toContainText('wren_mod is reviewing this project until')
  expect((await apiJson(request, `/api/projects/${project.id}?depth=0`, auth)).status).toBe('processing')
  await otherContext.close()

  // Reject needs a message; approve does not.
  await panel.getByRole('button', { name: 'Reject' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Write a message to the team explaining what to change.', WAIT)
  expect(await seriousViolations(page, '.bf-moderation')).toEqual([])
  await panel.getByRole('button', { name: 'Approve' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Approved.' })).toHaveText('Approved. The team has been notified.', WAIT)
  await expect(panel.getByTestId('admin-moderation-status')).toHaveText('Status: Approved')
  await expect(panel.getByRole('list', { name: 'Thread with the team' })).toContainText('Status changed from Under review to Approved')
  expect((await apiJson(request, `/api/projects/${project.id}?depth=0`, auth)).status).toBe('approved')
  // The moderator answers the team in the thread without leaving the admin panel.
  const reply = `Approved; thanks for the screenshots (${Date.now().toString(36)}).`
  await panel.getByLabel('Your message').fill(reply)
  await panel.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Message sent.' })).toBeVisible(WAIT)
  await expect(panel.getByRole('list', { name: 'Thread with the team' })).toContainText(reply, WAIT)
  expect(await seriousViolations(page, '.bf-moderation')).toEqual([])
  await test.info().attach('admin-moderation-panel.png', { body: await panel.screenshot(), contentType: 'image/png' })
})

test('staff find a user by email in /admin/user_email; others get a 404 there and at the queue', async ({ page, browser, request }) => {
  const auth = await signIn(request)
  const target = (await apiJson(request, '/api/users?where[username][equals]=pixelmoth&depth=0', auth)).docs[0] as { id: string; username: string }

  await adminSignIn(page, 'wren_mod')
  await page.locator('nav').getByRole('link', { name: 'Find user by email' }).click()
  await expect(page).toHaveURL(/\/admin\/user_email$/, WAIT)
  await expect(page.getByRole('heading', { name: 'Find a user by email' })).toBeVisible()
  await page.getByLabel('Email address').fill('PixelMoth@example.com')
  await page.getByRole('button', { name: 'Find' }).click()
  const result = page.getByTestId('user-email-result')
  await expect(result.getByRole('link', { name: 'pixelmoth', exact: true })).toHaveAttribute('href', '/user/pixelmoth')
  await expect(result).toContainText(target.id)
  await expect(result.getByRole('link', { name: 'Staff details on the site' })).toHaveAttribute('href', '/user/pixelmoth#staff-user-details')
  expect(await seriousViolations(page, '.bf-admin-view')).toEqual([])
  await attachScreenshot(page, 'admin-user-email.png')
  await page.getByLabel('Email address').fill('nobody-at-all@example.com')
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(result).toHaveText('No account uses that address.')

  // A creator (signed in to the admin) and a visitor: not found, no form, no data.
  const creatorContext = await browser.newContext()
  const creator = await creatorContext.newPage()
  await adminSignIn(creator, 'pixelmoth')
  for (const path of ['/admin/user_email', '/admin/moderation-queue']) {
    const res = await creator.goto(path)
    expect(res?.status(), path).toBe(404)
    await expect(creator.getByLabel('Email address')).toHaveCount(0)
    await expect(creator.getByTestId('admin-queue')).toHaveCount(0)
  }
  await creatorContext.close()
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto('/admin/user_email')
  await expect(visitor.getByLabel('Email address')).toHaveCount(0)
  await expect(visitor.getByText(target.id)).toHaveCount(0)
  await visitorContext.close()
})
