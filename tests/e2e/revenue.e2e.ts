/**
 * A creator's revenue as they meet it (issue 30), in test mode (no payout rail configured: the test
 * rail), against the production build. Time is fast-forwarded the only way a running server allows:
 * the test writes past days' counted views into `analytics_daily` (as the counting endpoint would
 * have) and staff enter those days' income through the API; the revenue job (every 2 s in e2e,
 * scripts/test-app.mjs) pays the closed days into the ledger. Then: the revenue shown with how each
 * day was computed → a withdrawal to the test rail, its fee and net shown before confirming → the
 * transfer listed → the balance down; a payout waiting to be claimed is cancelled; "Pay Blockforge"
 * pays a Plus renewal; staff open the creator's ledger in /admin, hold the balance (the creator is
 * told, and cannot withdraw) and release it. Every revenue page passes axe in the light and the dark
 * theme.
 */
import { randomBytes } from 'node:crypto'

import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import pg from 'pg'

import { attachScreenshot, createAccount, DEMO_PASSWORD, expectNoHorizontalOverflow, expectNoSeriousAxe, seriousAxeViolations, signIn } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const me = { username: `earner-${run}`, password: 'revenue-pass-1' }
const TEST_MODE = 'Test mode — no real money is paid out'
const DAY_MS = 86_400_000
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10)
/** Long enough ago that its month ended more than the 60-day hold before today: available now. */
const PAID_DAY = dayAgo(100)
/** Closed (ended more than a day ago) but held: pending. */
const PENDING_DAY = dayAgo(3)

let db: pg.Client
let projectId = ''

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
})
test.afterAll(async () => {
  await db?.end()
})

async function signInHere(page: Page, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(me.username)
  await page.getByLabel('Password', { exact: true }).fill(me.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/.?]/g, '\\$&')}$`))
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: 'main' })

/** The page in the light and the dark theme: axe finds nothing serious in either. */
async function axeBothThemes(page: Page, baseURL: string, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL }])
    await page.reload()
    await noSeriousAxe(page, `${label} ${theme}`)
  }
}

/** A creator with an approved (listed), monetized project of their own, and a verified email. */
async function creatorWithProject(request: APIRequestContext) {
  expect((await createAccount({ username: me.username, email: `${me.username}@example.test`, password: me.password })).status()).toBe(201)
  const login = await request.post('/api/users/login', { data: { username: me.username, password: me.password } })
  const { token } = await login.json()
  const created = await request.post('/api/projects', {
    headers: { Authorization: `JWT ${token}` },
    data: { slug: `earning-${run}`, title: `Earning ${run}`, summary: 'A project whose page views earn revenue.', projectType: 'mod' },
  })
  expect(created.status()).toBe(201)
  projectId = (await created.json()).doc.id
  // A listed project has a version (Modrinth lists none without one; /v2 search hits name their latest).
  const jar = Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'earning', version: '1.0.0' })), 'com/example/Earning.class': new Uint8Array(randomBytes(256)) }))
  const version = await request.post('/v2/version', {
    headers: { Authorization: token },
    multipart: {
      data: JSON.stringify({ project_id: projectId, version_number: '1.0.0', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: false, dependencies: [], file_parts: ['jar'] }),
      jar: { name: `earning-${run}.jar`, mimeType: 'application/java-archive', buffer: jar },
    },
  })
  expect(version.status(), await version.text()).toBe(200)
  // Staff approve it through the API, so the search index follows as it does for any approval (a
  // status written behind the site's back left the search pages out of step with the database);
  // it is monetized, and the owner verified their email (both through flows tested elsewhere).
  expect((await request.patch(`/api/projects/${projectId}`, { headers: await signIn(request), data: { status: 'approved' } })).status()).toBe(200)
  await db.query(`UPDATE projects SET monetization_status = 'monetized' WHERE id = $1`, [projectId])
  await db.query(`UPDATE users SET email_verified = true WHERE username = $1`, [me.username])
}

const text = (page: Page, testId: string) => page.getByTestId(testId)

test('views counted → the daily job → the revenue explained; withdraw to the test rail (fee and net first); the transfer listed; the balance down', async ({ page, request, baseURL }) => {
  // Account, project, the job's runs, four pages with two axe scans each: well past two minutes on two loaded cores.
  test.setTimeout(360_000)
  await creatorWithProject(request)
  const other = (await db.query<{ id: string }>(`SELECT id FROM projects WHERE status = 'approved' AND monetization_status = 'monetized' AND id <> $1 ORDER BY id LIMIT 1`, [projectId])).rows[0].id

  // Views counted on the two days: 300 of the first day's 400 are the creator's project's, all 50 of the second's.
  await db.query(
    `INSERT INTO analytics_daily (kind, project_id, version_id, day, count) VALUES ('view', $1, '', $3, 300), ('view', $2, '', $3, 100), ('view', $1, '', $4, 50)
     ON CONFLICT (kind, project_id, version_id, day) DO UPDATE SET count = EXCLUDED.count`,
    [projectId, other, PAID_DAY, PENDING_DAY],
  )
  // Staff enter the days' ad income in /admin (here through the same collection's API): $100 and $20.
  const admin = await signIn(request)
  for (const [period, amount] of [[PAID_DAY, 10_000], [PENDING_DAY, 2_000]] as const) {
    expect((await request.post('/api/revenue-pools', { headers: admin, data: { period, amount, source: 'ads' } })).status()).toBe(201)
  }
  // The job pays every closed day from the first with income (62 a run, a run every 2 s).
  await expect.poll(async () => (await db.query(`SELECT 1 FROM revenue_days WHERE day = $1`, [PENDING_DAY])).rowCount, { timeout: 90_000 }).toBe(1)

  // The revenue page: $75.00 (¾ of the first day's $100) available, the second day's $20.00 pending and when it comes.
  await signInHere(page, '/dashboard/revenue')
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Revenue' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText(TEST_MODE)).toBeVisible()
  await expect(text(page, 'revenue-available')).toHaveText('$75.00')
  await expect(text(page, 'revenue-pending')).toHaveText('$20.00')
  await expect(text(page, 'revenue-schedule').getByRole('row')).toHaveCount(2)
  await expect(text(page, 'revenue-schedule')).toContainText('$20.00')
  await expect(page.getByRole('img', { name: /Your revenue per day and project/ })).toBeVisible()

  // How each day was computed: the newest first and open; the first day's pool, points and share.
  const days = text(page, 'revenue-explanations')
  await expect(days.locator('details').first()).toHaveAttribute('open', '')
  await expect(days.locator('details').first()).toContainText('you earned $20.00')
  await page.getByRole('link', { name: '90 days' }).click()
  await expect(page).toHaveURL(/days=90$/)
  await page.getByRole('link', { name: '365 days' }).click()
  const paidDay = days.locator('details', { hasText: 'you earned $75.00' })
  await paidDay.locator('summary').click()
  await expect(paidDay).toContainText('$100.00')
  await expect(paidDay).toContainText('300 views = 300 points, 75.00% of all points:')
  await expect(paidDay).toContainText('the project’s part is $75.00.')
  await expect(paidDay).toContainText('Your payout share is 100.00% of the team’s (1 member): $75.00 is yours.')
  await attachScreenshot(page, 'revenue.png', { fullPage: true })
  await axeBothThemes(page, baseURL!, '/dashboard/revenue')
  await page.context().addCookies([{ name: 'color-mode', value: 'light', url: baseURL! }])

  // Withdraw $20 to the test rail: the fee, the minimum and what arrives are shown while typing, and again before confirming.
  await page.getByRole('link', { name: 'Withdraw', exact: true }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/revenue\/withdraw$/)
  await expect(page.getByText(TEST_MODE)).toBeVisible()
  await expect(text(page, 'withdraw-available')).toHaveText('Available to withdraw: $75.00')
  await page.getByRole('radio', { name: /Test rail/ }).check()
  await page.getByLabel('Test rail email address').fill('earner@example.test')
  await page.getByLabel('Amount (USD)').fill('100')
  await expect(page.getByText('You have $75.00 available.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled()
  await page.getByLabel('Amount (USD)').fill('20')
  const quote = text(page, 'withdraw-quote')
  await expect(quote).toContainText('Fee$0.00')
  await expect(quote).toContainText('Minimum$0.01')
  await expect(quote).toContainText('Arrives$20.00')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  const review = text(page, 'withdraw-review')
  await expect(review).toContainText('Withdraw $20.00 through Test rail to earner@example.test.')
  await expect(review).toContainText('Fee: $0.00. Arrives: $20.00.')
  await expect(review).toContainText('Your balance afterwards: $55.00.')
  await attachScreenshot(page, 'withdraw-review.png', { fullPage: true })
  await axeBothThemes(page, baseURL!, '/dashboard/revenue/withdraw')
  // The reload went back to editing: the form is filled again and confirmed.
  await page.context().addCookies([{ name: 'color-mode', value: 'light', url: baseURL! }])
  await page.reload()
  await page.getByRole('radio', { name: /Test rail/ }).check()
  await page.getByLabel('Test rail email address').fill('earner@example.test')
  await page.getByLabel('Amount (USD)').fill('20')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Done: $20.00 withdrawn through Test rail, $20.00 paid out.' })).toBeVisible()
  await expect(text(page, 'withdraw-available')).toHaveText('Available to withdraw: $55.00')

  // A refusal says why and keeps what was typed: the test rail fails fail@example.test, the money comes back.
  await page.getByLabel('Test rail email address').fill('fail@example.test')
  await page.getByLabel('Amount (USD)').fill('1')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Test rail could not pay it' })).toContainText('The $1.00 is back in your balance.')
  await expect(page.getByLabel('Test rail email address')).toHaveValue('fail@example.test')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('1')
  await expect(text(page, 'withdraw-available')).toHaveText('Available to withdraw: $55.00')

  // One waiting to be claimed: in transit, then cancelled from the transfers page; the money comes back once.
  await page.getByLabel('Test rail email address').fill('unclaimed@example.test')
  await page.getByLabel('Amount (USD)').fill('5')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Sent: $5.00 withdrawn through Test rail' })).toBeVisible()
  await expect(text(page, 'withdraw-available')).toHaveText('Available to withdraw: $50.00')

  // The transfers: each with its method, masked destination, amounts, status and reason.
  await page.getByRole('navigation', { name: 'Revenue pages' }).getByRole('link', { name: 'Transfers' }).click()
  await expect(page).toHaveURL(/\/dashboard\/revenue\/transfers$/)
  const transfers = text(page, 'transfers')
  await expect(transfers.getByRole('row')).toHaveCount(4)
  const paid = transfers.getByRole('row').filter({ hasText: 'e•••@example.test' })
  await expect(paid).toContainText('Test rail')
  await expect(paid).toContainText('$20.00')
  await expect(paid).toContainText('Succeeded')
  await expect(transfers.getByRole('row').filter({ hasText: 'f•••@example.test' })).toContainText('Why: The test rail refused this destination')
  const waiting = transfers.getByRole('row').filter({ hasText: 'u•••@example.test' })
  await expect(waiting).toContainText('In transit')
  await attachScreenshot(page, 'transfers.png', { fullPage: true })
  await axeBothThemes(page, baseURL!, '/dashboard/revenue/transfers')
  await waiting.getByRole('button', { name: 'Cancel the withdrawal of $5.00 to u•••@example.test' }).click()
  await waiting.getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Cancelled: $5.00 is back in your balance.' })).toBeVisible()
  await expect(waiting).toContainText('Cancelled')
  await expect(waiting).toContainText('Why: You cancelled it before it was claimed.')

  // The balance: down by what was withdrawn, up by what came back.
  await page.getByRole('navigation', { name: 'Revenue pages' }).getByRole('link', { name: 'Overview' }).click()
  await expect(text(page, 'revenue-available')).toHaveText('$55.00')
  const { rows } = await db.query<{ status: string; n: string }>(`SELECT w.status, count(*)::text AS n FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.username = $1 GROUP BY 1 ORDER BY w.status::text`, [me.username])
  expect(rows).toEqual([{ status: 'cancelled', n: '1' }, { status: 'failed', n: '1' }, { status: 'succeeded', n: '1' }])
  await page.setViewportSize({ width: 390, height: 800 })
  for (const path of ['/dashboard/revenue', '/dashboard/revenue/transfers', '/dashboard/revenue/withdraw']) {
    await page.goto(path)
    await expectNoHorizontalOverflow(page)
  }
})

test('“Pay Blockforge” pays the Plus renewal from the balance', async ({ page }) => {
  test.setTimeout(240_000)
  await signInHere(page, '/plus')
  await page.getByRole('radio', { name: 'Visa •••• 4242 — always pays' }).check()
  await page.getByRole('button', { name: 'Add card' }).click()
  await expect(page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked()
  await page.getByRole('radio', { name: /Monthly/ }).check()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByTestId('plus-status')).toContainText('Active')
  const renewal = (await db.query<{ id: string }>(`SELECT c.id FROM charges c JOIN users u ON u.id = c.user_id WHERE u.username = $1 AND c.type = 'renewal' AND c.status = 'open'`, [me.username])).rows[0].id

  await page.goto('/dashboard/revenue/withdraw')
  await page.getByRole('radio', { name: /Pay Blockforge/ }).check()
  await expect(page.getByRole('radio', { name: /Blockforge Plus: \$4\.99, due/ })).toBeChecked()
  await expect(page.getByText('Takes $4.99 from your balance')).toBeVisible()
  await page.getByRole('button', { name: 'Review payment' }).click()
  await expect(text(page, 'withdraw-review')).toContainText('Your balance afterwards: $50.01.')
  await page.getByRole('button', { name: 'Confirm payment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Paid $4.99 ($4.99) from your balance.' })).toBeVisible()
  await expect(text(page, 'withdraw-available')).toHaveText('Available to withdraw: $50.01')
  const paid = (await db.query<{ status: string; payment_id: string; method_label: string }>(`SELECT status, payment_id, method_label FROM charges WHERE id = $1`, [renewal])).rows[0]
  expect(paid).toMatchObject({ status: 'succeeded', payment_id: expect.stringMatching(/^balance_\d+$/), method_label: 'Creator balance' })
  // Nothing else to pay now: the next renewal is a month later, still open (a second payment would be for it).
  await page.goto('/settings/billing/charges')
  await expect(page.getByText('Creator balance')).toBeVisible()
})

// The admin panel is the heaviest page of the site (see admin-work.e2e.ts): longer waits for its loads.
const WAIT = { timeout: 45_000 }

async function adminPage(browser: Browser) {
  const admin = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage()
  await admin.goto('/admin/login')
  await admin.getByRole('textbox', { name: /email or username/i }).fill('admin')
  await admin.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await admin.getByRole('button', { name: /login/i }).click()
  await expect(admin).toHaveURL(/\/admin\/?$/, WAIT)
  return admin
}

test('staff: the creator’s ledger in /admin/revenue; a hold stops withdrawals and says so; every act recorded; released', async ({ browser, page }) => {
  test.setTimeout(300_000)
  const admin = await adminPage(browser)
  await admin.goto('/admin/revenue')
  const overview = admin.getByTestId('admin-revenue-overview')
  await expect(overview.getByRole('heading', { level: 1, name: 'Creator revenue' })).toBeVisible(WAIT)
  await expect(overview.getByTestId('admin-revenue-failed-all')).toContainText(me.username)
  await overview.getByLabel('Username or user ID').fill(me.username)
  await overview.getByRole('button', { name: 'Open ledger' }).click()
  await expect(admin).toHaveURL(/\/admin\/revenue\/[A-Za-z0-9]+$/, WAIT)
  const view = admin.getByTestId('admin-revenue')
  await expect(view.getByRole('heading', { level: 1, name: `Revenue of ${me.username}` })).toBeVisible(WAIT)
  const balance = view.getByTestId('admin-revenue-balance')
  await expect(balance).toContainText('$50.01')
  await expect(balance).toContainText('Not held')
  await expect(view.getByTestId('admin-revenue-withdrawals').locator('tbody tr')).toHaveCount(3)
  await expect(view.getByTestId('admin-revenue-failed')).toContainText('fail@example.test')
  await expect(view.getByTestId('admin-revenue-entries')).toContainText('Paid Blockforge')

  // Hold: a reason is required and kept; the view shows the hold and the act.
  const form = view.getByTestId('revenue-hold-form')
  await form.getByLabel('Reason').fill('Chargebacks under review')
  await form.getByRole('button', { name: 'Hold balance' }).click()
  await expect(form.getByRole('status')).toHaveText('The balance is on hold: nothing can be withdrawn or paid from it.')
  await expect(balance).toContainText('Chargebacks under review')
  await expect(view.getByTestId('admin-revenue-acts').locator('tbody tr')).toHaveCount(1)
  await expect(view.getByTestId('admin-revenue-acts')).toContainText('Held the balance')
  await attachScreenshot(admin, 'admin-revenue.png', { fullPage: true })
  expect(await seriousAxeViolations(admin, { include: '[data-testid="admin-revenue"]' })).toEqual([])

  // The creator is told, and cannot withdraw or pay from it.
  await signInHere(page, '/dashboard/revenue/withdraw')
  await expect(page.getByRole('status').filter({ hasText: 'Your balance is on hold' })).toBeVisible()
  await page.getByRole('radio', { name: /Test rail/ }).check()
  await page.getByLabel('Test rail email address').fill('earner@example.test')
  await page.getByLabel('Amount (USD)').fill('1')
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled()
  await page.goto('/dashboard/revenue')
  await expect(page.getByTestId('revenue-held')).toBeVisible()

  // Released: the creator may withdraw again; both acts are listed with who and why.
  await form.getByLabel('Reason').fill('Cleared by the payments team')
  await form.getByRole('button', { name: 'Release balance' }).click()
  await expect(form.getByRole('status')).toHaveText('The balance is released.')
  await expect(balance).toContainText('Not held')
  const acts = view.getByTestId('admin-revenue-acts').locator('tbody tr')
  await expect(acts).toHaveCount(2)
  await expect(acts.filter({ hasText: 'Released the balance' })).toContainText('Cleared by the payments team')
  await expect(acts.filter({ hasText: 'Released the balance' })).toContainText('admin')
  await page.goto('/dashboard/revenue/withdraw')
  await expect(page.getByTestId('revenue-held')).toHaveCount(0)
  await page.getByRole('radio', { name: /Test rail/ }).check()
  await page.getByLabel('Test rail email address').fill('earner@example.test')
  await page.getByLabel('Amount (USD)').fill('1')
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled()

  // Nobody but staff opens these views.
  await page.goto(new URL(admin.url()).pathname)
  await expect(page.getByTestId('admin-revenue')).toHaveCount(0)
  await page.goto('/admin/revenue')
  await expect(page.getByTestId('admin-revenue-overview')).toHaveCount(0)
  await admin.context().close()
})
