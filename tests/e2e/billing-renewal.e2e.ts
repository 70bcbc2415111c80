/**
 * A subscription's renewals as its owner meets them (issue 29), in test mode against the production
 * build. Time is fast-forwarded the only way a running server allows: the test moves a charge's due
 * date (or last attempt) into the past in the database, and the renewal job (every 2 s in e2e,
 * scripts/test-app.mjs) picks it up as it would when the day comes.
 */
import { createHmac } from 'node:crypto'

import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import Stripe from 'stripe'

import { createAccount } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const user = { username: `renewal-${run}`, password: 'billing-pass-1' }
let db: pg.Client

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
})
test.afterAll(async () => {
  await db?.end()
})

/** The user's renewal charges, newest due first. */
async function renewals() {
  const { rows } = await db.query<{ id: string; status: string; attempts: string; payment_id: string | null }>(
    `SELECT c.id, c.status, c.attempts, c.payment_id FROM charges c JOIN users u ON u.id = c.user_id WHERE u.username = $1 AND c.type = 'renewal' ORDER BY c.due DESC`,
    [user.username],
  )
  return rows
}
/** Moves the user's next renewal (open, failed or cancelled) into the past: it falls due now. */
const fallDue = (status: string, column: 'due' | 'last_attempt' = 'due', ago = "interval '1 minute'") =>
  db.query(`UPDATE charges SET ${column} = now() - ${ago} WHERE id = (SELECT c.id FROM charges c JOIN users u ON u.id = c.user_id WHERE u.username = $1 AND c.type = 'renewal' AND c.status = $2 ORDER BY c.due DESC LIMIT 1)`, [user.username, status])

/** Reloads until `check` passes (the job runs in the background). */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 30_000 })
}

test('a renewal that fails: banner and notification, a retry, paid with another card; cancel keeps perks to the period end, then they end', async ({ page }) => {
  test.setTimeout(240_000)
  expect((await createAccount({ username: user.username, email: `${user.username}@example.test`, password: user.password })).status()).toBe(201)
  await page.goto('/auth/sign-in?redirect=%2Fplus')
  await page.getByLabel('Email or username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/plus$/)

  // The card that pays the first charge and fails every renewal.
  await page.getByRole('radio', { name: 'Visa •••• 0341 — fails on renewal' }).check()
  await page.getByRole('button', { name: 'Add card' }).click()
  await page.getByRole('radio', { name: /Monthly/ }).check()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByTestId('plus-status')).toContainText('Active')
  const banner = page.getByTestId('payment-failed-banner')
  await expect(banner).toHaveCount(0)

  // The month is over: the renewal job charges the card, which is declined.
  await fallDue('open')
  await page.goto('/')
  await eventually(page, () => expect(banner).toBeVisible({ timeout: 1_000 }))
  await expect(banner).toContainText('payment failed')
  expect((await renewals())[0]).toMatchObject({ status: 'failed', attempts: '1' })
  await page.goto('/dashboard/notifications')
  await expect(page.getByText('Your subscription payment failed', { exact: true })).toBeVisible()

  // Two days later it is tried again (and fails again): one more attempt, still one banner.
  await fallDue('failed', 'last_attempt', "interval '3 days'")
  await expect.poll(async () => (await renewals())[0].attempts, { timeout: 30_000 }).toBe('2')

  // Pay now with another card: the renewal is paid and the banner goes.
  await banner.getByRole('link').click()
  await expect(page).toHaveURL(/\/settings\/billing$/)
  const subscription = page.getByTestId('subscription')
  await expect(subscription).toContainText('Payment failed')
  await subscription.getByText('Add another card').click()
  await subscription.getByRole('radio', { name: 'Visa •••• 4242 — always pays' }).check()
  await subscription.getByRole('button', { name: 'Add card' }).click()
  const payWith = subscription.getByRole('group', { name: 'Pay with' })
  await payWith.getByRole('radio', { name: /Visa •••• 4242/ }).check()
  await subscription.getByRole('button', { name: 'Pay now' }).click()
  await expect(subscription).toContainText('Active')
  await page.reload()
  await expect(banner).toHaveCount(0)
  const [next, paid] = await renewals()
  expect(next.status).toBe('open')
  expect(paid.status).toBe('succeeded')

  // Cancel: the perks stay until the paid period ends…
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click()
  await page.getByRole('button', { name: 'Yes, cancel' }).click()
  await expect(subscription).toContainText('Cancelled — perks until')
  await page.goto(`/user/${user.username}`)
  await expect(page.getByTestId('plus-badge')).toBeVisible()
  // …then they end, and nothing is charged.
  const intentsBefore = (await renewals()).map((r) => r.payment_id)
  await fallDue('cancelled')
  await page.goto('/settings/billing')
  await eventually(page, () => expect(page.getByTestId('subscription')).toContainText('Ended', { timeout: 1_000 }))
  await page.goto(`/user/${user.username}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('plus-badge')).toHaveCount(0)
  expect((await renewals()).map((r) => r.payment_id)).toEqual(intentsBefore)
})

test('the webhook route: unsigned and forged events are refused with 400; a signed event is applied once and its replay changes nothing', async ({ request }) => {
  const url = '/api/billing/webhook'
  const { rows } = await db.query<{ id: string; status: string }>(`SELECT c.id, c.status FROM charges c JOIN users u ON u.id = c.user_id WHERE u.username = $1 ORDER BY c.created_at`, [user.username])
  const before = rows
  const body = JSON.stringify({ id: `evt_e2e_${run}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: `pi_e2e_${run}`, object: 'payment_intent', metadata: { chargeId: rows[0].id, attempt: '1' } } } })
  expect((await request.post(url, { data: body, headers: { 'content-type': 'application/json' } })).status()).toBe(400)
  const stripe = new Stripe('sk_test_unused')
  const forged = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_guessed' })
  expect((await request.post(url, { data: body, headers: { 'content-type': 'application/json', 'stripe-signature': forged } })).status()).toBe(400)
  // Test mode's signing secret is derived from the session secret (src/plugins/billing/providers/index.ts).
  const secret = `whsec_${createHmac('sha256', process.env.PAYLOAD_SECRET ?? '').update('billing-test-webhook').digest('hex')}`
  const signed = () => ({ 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret }) })
  const first = await request.post(url, { data: body, headers: signed() })
  expect(first.status()).toBe(200)
  expect(await first.json()).toMatchObject({ result: 'applied' })
  const replay = await request.post(url, { data: body, headers: signed() })
  expect(await replay.json()).toMatchObject({ result: 'replayed' })
  // The charge was long paid: neither the event nor its replay moved anything.
  const after = await db.query(`SELECT c.id, c.status FROM charges c JOIN users u ON u.id = c.user_id WHERE u.username = $1 ORDER BY c.created_at`, [user.username])
  expect(after.rows).toEqual(before)
})
