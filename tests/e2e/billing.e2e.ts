/**
 * Billing as a user meets it (issue 29), in test mode (no Stripe key: the test cards): a new user
 * adds the good test card and subscribes to Plus monthly, sees the charge, cancels (perks to the end
 * of the period) and resubscribes without being charged; the declined card refuses the subscription;
 * the test-mode notice is on every page that handles money, and each page passes axe.
 */
import { expect, test, type Page } from '@playwright/test'

import { createAccount, expectNoHorizontalOverflow, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const TEST_MODE = 'Test mode — no real money is charged'

async function newUser(name: string) {
  const username = `${name}-${run}`
  const password = 'billing-pass-1'
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  return { username, password }
}

async function signInHere(page: Page, user: { username: string; password: string }, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}$`))
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: 'main' })

/** Adds one of test mode's cards from the card form on the page. */
async function addTestCard(page: Page, name: string) {
  await page.getByRole('radio', { name }).check()
  await page.getByRole('button', { name: 'Add card' }).click()
}

test('Plus: add the good card, subscribe monthly, see the charge; cancel keeps the perks; resubscribe charges nothing yet', async ({ page }) => {
  // Four axe scans and a dozen page loads and actions: on two loaded cores that passes the default two minutes.
  test.setTimeout(240_000)
  const me = await newUser('plus')
  await signInHere(page, me, '/plus')
  await expect(page.getByText(TEST_MODE)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeDisabled()
  await noSeriousAxe(page, '/plus checkout')

  await addTestCard(page, 'Visa •••• 4242 — always pays')
  const payWith = page.getByRole('group', { name: 'Pay with' })
  await expect(payWith.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked()
  await page.getByRole('radio', { name: /Monthly/ }).check()
  await expect(page.getByText('You pay $4.99 now, then $4.99 a month until you cancel.')).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe' }).click()

  const status = page.getByTestId('plus-status')
  await expect(status).toContainText('Active')
  await expect(status).toContainText('Next charge: $4.99')
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await noSeriousAxe(page, '/plus subscribed')

  await page.getByRole('link', { name: 'Manage in billing settings' }).click()
  await expect(page).toHaveURL(/\/settings\/billing$/)
  await expect(page.getByText(TEST_MODE)).toBeVisible()
  const subscription = page.getByTestId('subscription')
  await expect(subscription).toContainText('Blockforge Plus')
  await expect(subscription).toContainText('Active')
  await expect(subscription).toContainText('Billed monthly')
  await expect(page.getByTestId('payment-method')).toContainText('Primary')
  await noSeriousAxe(page, '/settings/billing')

  // The only card of a subscription that renews cannot go: the service's refusal shows.
  await page.getByRole('button', { name: 'Remove Visa •••• 4242' }).click()
  await page.getByRole('button', { name: 'Remove card' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This is your only card' })).toBeVisible()
  await expect(page.getByTestId('payment-method')).toHaveCount(1)

  await page.getByRole('link', { name: 'View all charges' }).click()
  await expect(page).toHaveURL(/\/settings\/billing\/charges$/)
  await expect(page.getByText(TEST_MODE)).toBeVisible()
  const charges = page.getByTestId('charge')
  await expect(charges).toHaveCount(1)
  for (const text of ['$4.99', 'Blockforge Plus', 'Subscription', 'Paid', 'Visa •••• 4242']) await expect(charges.first()).toContainText(text)
  await noSeriousAxe(page, '/settings/billing/charges')

  await page.getByRole('link', { name: 'Back to billing' }).click()
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(subscription.getByText(/You keep its perks until/)).toBeVisible()
  await subscription.getByRole('button', { name: 'Yes, cancel' }).click()
  await expect(subscription).toContainText(/Cancelled — perks until \w+ \d+, \d{4}/)

  await subscription.getByRole('button', { name: 'Resubscribe' }).click()
  await expect(subscription.getByText("You won't be charged yet.")).toBeVisible()
  await expect(subscription).toContainText(/renews on \w+ \d+, \d{4} for \$4\.99/)
  await subscription.getByRole('button', { name: 'Confirm resubscribe' }).click()
  await expect(subscription).toContainText('Active')
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeVisible()
  // Resubscribing charged nothing.
  await page.goto('/settings/billing/charges')
  await expect(charges).toHaveCount(1)
  await expect(page.getByTestId('payment-failed-banner')).toHaveCount(0)
})

test('Plus: the declined card is refused and leaves no subscription', async ({ page }) => {
  const me = await newUser('declined')
  await signInHere(page, me, '/plus')
  await addTestCard(page, 'MasterCard •••• 0002 — declined')
  await expect(page.getByRole('group', { name: 'Pay with' }).getByRole('radio', { name: /MasterCard •••• 0002/ })).toBeChecked()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  await expect(page.getByTestId('plus-status')).toHaveCount(0)

  await page.goto('/settings/billing')
  await expect(page.getByText('You have no subscriptions.')).toBeVisible()
  await expect(page.getByTestId('subscription')).toHaveCount(0)
})

test('billing pages: the test-mode notice, accessible in dark, fit a phone', async ({ page, context, baseURL }) => {
  // Six page loads and three axe scans: on two loaded cores that passes the default two minutes.
  test.setTimeout(180_000)
  const me = await newUser('billing-look')
  await signInHere(page, me, '/settings/billing')
  await context.addCookies([{ name: 'color-mode', value: 'dark', url: baseURL! }])
  for (const path of ['/plus', '/settings/billing', '/settings/billing/charges']) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(path)
    await expect(page.getByText(TEST_MODE)).toBeVisible()
    await noSeriousAxe(page, `${path} dark`)
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(path)
    await expectNoHorizontalOverflow(page)
  }
})
