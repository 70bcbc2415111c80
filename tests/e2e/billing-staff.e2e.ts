/**
 * Billing from the staff side and its perks (issue 29), in test mode: a user subscribes to Plus
 * with the good test card; their profile shows the Plus badge to everyone; the admin follows
 * "Manage billing" from the profile to /admin/billing/{id}, refunds 1.00 of the 4.99 charge with a
 * reason (a too precise amount is refused first), and the user's charges page shows the refund. The
 * view is staff's only. The house ad shows to signed-out visitors on the search and project pages,
 * and never to a signed-in user.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'

import { attachScreenshot, createAccount, DEMO_PASSWORD, expectNoSeriousAxe, seriousAxeViolations } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
// The admin panel is the heaviest page of the site (see admin-work.e2e.ts): longer waits for its loads.
const WAIT = { timeout: 45_000 }

type Account = { username: string; password: string }

async function newUser(name: string): Promise<Account> {
  const username = `${name}-${run}`
  const password = 'billing-staff-pass-1'
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  return { username, password }
}

async function signInHere(page: Page, user: Account, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/.]/g, '\\$&')}$`))
}

async function adminSignIn(page: Page) {
  await page.goto('/admin/login')
  await page.getByRole('textbox', { name: /email or username/i }).fill('admin')
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin\/?$/, WAIT)
}

/** Subscribes the signed-in user to Plus monthly in USD with test mode's good card, through /plus. */
async function subscribeToPlus(page: Page) {
  await page.goto('/plus')
  await page.getByRole('radio', { name: 'Visa •••• 4242 — always pays' }).check()
  await page.getByRole('button', { name: 'Add card' }).click()
  await expect(page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked()
  await page.getByRole('radio', { name: /Monthly/ }).check()
  await expect(page.getByText('You pay $4.99 now, then $4.99 a month until you cancel.')).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByTestId('plus-status')).toContainText('Active')
}

const newPage = async (browser: Browser, width = 1600) => (await browser.newContext({ viewport: { width, height: 1000 } })).newPage()

let subscriber: Account
let subscriberId = ''

test('a subscriber gets the Plus badge; staff refund 1.00 of their 4.99 charge from "Manage billing"; the user sees the refund', async ({ browser }) => {
  // A subscription, an admin sign-in, the admin view's first load and two axe scans: past the default two minutes on two loaded cores.
  test.setTimeout(300_000)
  subscriber = await newUser('plus-staff')
  const user = await newPage(browser, 1280)
  await signInHere(user, subscriber, '/plus')
  await subscribeToPlus(user)

  // The badge shows to everyone: the subscriber, a signed-out visitor.
  const profilePath = `/user/${subscriber.username}`
  await user.goto(profilePath)
  await expect(user.getByTestId('plus-badge')).toContainText('Plus')
  await expect(user.getByRole('link', { name: 'Manage billing' })).toHaveCount(0) // staff only
  const visitor = await newPage(browser, 1280)
  await visitor.goto(profilePath)
  await expect(visitor.getByTestId('profile-badges').getByTestId('plus-badge')).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Manage billing' })).toHaveCount(0)
  await visitor.context().close()

  // Staff: from the profile to the user's billing.
  const admin = await newPage(browser)
  await adminSignIn(admin)
  await admin.goto(profilePath)
  await expect(admin.getByTestId('plus-badge')).toBeVisible()
  await admin.getByRole('link', { name: 'Manage billing' }).click()
  await expect(admin).toHaveURL(/\/admin\/billing\/[A-Za-z0-9]+$/, WAIT)
  subscriberId = new URL(admin.url()).pathname.split('/').at(-1)!
  const view = admin.getByTestId('admin-billing')
  await expect(view.getByRole('heading', { level: 1, name: `Billing of ${subscriber.username}` })).toBeVisible(WAIT)
  await expect(view.getByRole('link', { name: subscriber.username }).first()).toHaveAttribute('href', profilePath)
  const subscription = view.getByTestId('admin-billing-subscriptions').locator('tr[data-subscription]')
  await expect(subscription).toHaveCount(1)
  for (const text of ['Blockforge Plus', 'Monthly', 'Active', '$4.99 on']) await expect(subscription).toContainText(text)
  await expect(view.getByTestId('admin-billing-methods')).toContainText('Visa •••• 4242')
  await expect(view.getByText('No staff acts yet.')).toBeVisible()

  const charge = view.getByTestId('admin-billing-charges').locator('tr[data-charge]:not([data-refund-of])')
  await expect(charge).toHaveCount(1)
  for (const text of ['First payment', 'Paid', '$4.99', 'Visa •••• 4242']) await expect(charge).toContainText(text)
  await charge.getByText('Refund…').click()
  const form = admin.getByRole('form', { name: /^Refund the charge of \$4\.99/ })
  const amount = form.getByLabel('Amount (USD)')
  await expect(amount).toHaveValue('4.99')
  await expect(form.getByText('Up to $4.99.', { exact: false })).toBeVisible()

  // A cent and a half cannot be refunded: refused with why, and what was typed stays.
  await amount.fill('1.005')
  await form.getByLabel('Reason').fill('Charged twice by mistake')
  await form.getByRole('button', { name: 'Refund' }).click()
  await expect(form.getByRole('alert')).toHaveText('USD amounts have at most 2 decimals.')
  await expect(form.getByLabel('Reason')).toHaveValue('Charged twice by mistake')

  await amount.fill('1.00')
  await form.getByRole('button', { name: 'Refund' }).click()
  await expect(form.getByRole('status')).toHaveText('Refunded $1.00.')
  // The view refreshed: the refund under its charge, what is left, and the act with who and why.
  const refundRow = view.locator('tr[data-refund-of]')
  await expect(refundRow).toHaveCount(1)
  for (const text of ['Refund of $4.99', 'Charged twice by mistake', 'Refunded', '-$1.00']) await expect(refundRow).toContainText(text)
  await expect(charge).toContainText('$1.00')
  await expect(amount).toHaveValue('3.99')
  await expect(form.getByLabel('Reason')).toHaveValue('')
  const act = view.getByTestId('admin-billing-acts').locator('tbody tr')
  await expect(act).toHaveCount(1)
  for (const text of ['admin', 'Refunded $1.00', 'Charged twice by mistake']) await expect(act).toContainText(text)
  // Perks were not ended: still active.
  await expect(subscription).toContainText('Active')
  await attachScreenshot(admin, 'admin-billing.png', { fullPage: true })
  expect(await seriousAxeViolations(admin, { include: '[data-testid="admin-billing"]' })).toEqual([])

  // The user's own charges page shows it.
  await user.goto('/settings/billing/charges')
  const charges = user.getByTestId('charge')
  await expect(charges).toHaveCount(2)
  const refund = charges.filter({ hasText: '-$1.00' })
  await expect(refund).toContainText('Refund')
  await expect(refund).toContainText('Reason: Charged twice by mistake')
  await expect(charges.filter({ hasText: '$4.99' })).toContainText('Refunded $1.00')
  // And the badge stays.
  await user.goto(profilePath)
  await expect(user.getByTestId('plus-badge')).toBeVisible()
  await user.context().close()
  await admin.context().close()
})

test('the staff billing view is staff’s only', async ({ browser }) => {
  const plain = await newUser('not-staff')
  const id = subscriberId
  expect(id).toBeTruthy()

  const page = await newPage(browser)
  // Signed out: nothing there.
  await page.goto(`/admin/billing/${id}`)
  await expect(page.getByTestId('admin-billing')).toHaveCount(0)
  // Signed in, not staff: a 404, and no way in from the profile either.
  await signInHere(page, plain, `/user/${subscriber.username}`)
  await expect(page.getByRole('link', { name: 'Manage billing' })).toHaveCount(0)
  const res = await page.goto(`/admin/billing/${id}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByTestId('admin-billing')).toHaveCount(0)
  await page.context().close()
})

test('the house ad: signed-out visitors see it on search and project pages, signed-in users never', async ({ browser, request }) => {
  const res = await request.get('/api/projects?where[status][equals]=approved&where[projectType][equals]=modpack&limit=1&depth=0&sort=title')
  const modpack = ((await res.json()) as { docs: { slug: string }[] }).docs[0]
  expect(modpack).toBeTruthy()
  const projectPath = `/modpack/${modpack.slug}`

  const visitor = await newPage(browser, 1280)
  await visitor.goto('/mods')
  const ad = visitor.getByRole('region', { name: 'Advertisement' })
  await expect(ad).toBeVisible()
  await expect(ad.getByText('Ad', { exact: true })).toBeVisible()
  await expect(ad.getByRole('link', { name: 'See Plus' })).toHaveAttribute('href', '/plus')
  await expect(visitor.locator('#search-filters').getByRole('region', { name: 'Advertisement' })).toHaveCount(1)
  await expectNoSeriousAxe(visitor, 'house ad (search)', { include: '[data-testid="house-ad"]' })
  // No third-party script anywhere on the page.
  const scripts = await visitor.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => new URL((n as HTMLScriptElement).src).origin))
  expect(scripts.filter((origin) => origin !== new URL(visitor.url()).origin)).toEqual([])

  // A project page, twice: the second may come from the page cache, and still carries the slot.
  for (let i = 0; i < 2; i++) {
    await visitor.goto(projectPath)
    const slot = visitor.locator('.project-sidebar').getByRole('region', { name: 'Advertisement' })
    await expect(slot).toBeVisible()
    await expect(slot.getByRole('link', { name: 'Get a server' })).toHaveAttribute('href', '/servers')
  }
  await attachScreenshot(visitor, 'house-ad-project.png')
  await visitor.context().close()

  // Signed in: never, also on the page a signed-out visitor just had kept.
  const member = await newUser('no-ads')
  const page = await newPage(browser, 1280)
  await signInHere(page, member, '/mods')
  await expect(page.getByRole('heading', { level: 1, name: 'Mods' })).toBeVisible()
  await expect(page.getByTestId('house-ad')).toHaveCount(0)
  const answer = await page.goto(projectPath)
  expect(answer?.headers()['x-page-cache']).not.toBe('hit')
  await expect(page.locator('.project-sidebar')).toBeVisible()
  await expect(page.getByTestId('house-ad')).toHaveCount(0)
  // A Plus subscriber is signed in too: none for them (their perk), checked on the search page.
  const plus = await newPage(browser, 1280)
  await signInHere(plus, subscriber, '/modpacks')
  await expect(plus.getByTestId('house-ad')).toHaveCount(0)
  await page.context().close()
  await plus.context().close()
})
