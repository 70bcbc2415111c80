/**
 * Accounts end to end (issue 12): sign up through the form, the verification mail caught by a real
 * SMTP server (scripts/test-app.mjs points the app at E2E_SMTP_PORT), its link followed; sign out;
 * sign in by username and by email; the wrong-password message; password recovery by mail; the
 * header's account menu; and the way back after signing in.
 */
import { expect, test, type Page } from '@playwright/test'

import { startMailbox, tokenFrom, type Mailbox } from '../helpers/mailbox'
import { DEMO_PASSWORD, expectNoSeriousAxe } from './helpers'

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125)
test.describe.configure({ mode: 'serial' })

let mailbox: Mailbox
test.beforeAll(async () => {
  mailbox = await startMailbox(SMTP_PORT)
})
test.afterAll(async () => {
  await mailbox?.close()
})

const username = `e2e${Date.now().toString(36)}`
const email = `${username}@example.test`
let password = 'first-password-1'

async function signInWith(page: Page, identifier: string, secret: string) {
  await page.getByLabel('Email or username').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(secret)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const accountButton = (page: Page, name: string) => page.getByRole('button', { name: `Account menu for ${name}` })

test('sign up through the form, verify the email from the mail, sign out', async ({ page }) => {
  await page.goto('/auth/sign-up')
  await expect(page.getByRole('link', { name: 'Continue with GitLab' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/legal/terms')
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill('something-else-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Passwords do not match!')).toBeVisible()
  // What was typed stays, the passwords too (the form is not reset; they are never sent back).
  await expect(page.getByLabel('Username')).toHaveValue(username)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password)
  await expect(page.getByLabel('Confirm password')).toHaveValue('something-else-1')
  await expectNoSeriousAxe(page, 'sign-up with a refusal', { include: 'main' })

  await page.getByLabel('Confirm password').fill(password)
  await page.getByLabel('Subscribe to updates about Blockforge').check()
  await page.getByRole('button', { name: 'Create account' }).click()
  // The same answer whether or not the address has an account (issue 27 L1): nobody is signed in yet.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(`We've sent an email to ${email}.`)).toBeVisible()
  // The card holds only the notice: its one way on is the notice's own "Sign in".
  await expect(page.getByText('Already have an account?')).toBeHidden()
  await expect(page.getByRole('link', { name: 'Continue with GitLab' })).toBeHidden()
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveCount(1)
  await expect(accountButton(page, username)).toHaveCount(0)

  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject === 'Verify your email')
  const link = mail.links.find((l) => new URL(l).pathname === '/auth/verify-email')!
  expect(tokenFrom(mail, '/auth/verify-email')).not.toBe('')
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible()
  await page.goto('/auth/sign-in')
  await signInWith(page, username, password)
  await expect(accountButton(page, username)).toBeVisible()
  await page.goto('/')
  await expect(accountButton(page, username)).toBeVisible()
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0)

  await accountButton(page, username).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(accountButton(page, username)).toHaveCount(0)
})

test('a bad verification link fails', async ({ page }) => {
  await page.goto('/auth/verify-email?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Email verification failed' })).toBeVisible()
})

test('sign in with the username and with the email; a wrong password gets one message', async ({ page }) => {
  await page.goto('/auth/sign-in')
  const formError = page.locator('.auth-form__error')
  await signInWith(page, username, 'wrong-password-1')
  await expect(formError).toHaveText('Incorrect email, username or password.')
  await expect(page.getByLabel('Email or username')).toHaveValue(username)
  await signInWith(page, 'nobody-here-at-all', 'wrong-password-1')
  await expect(page.getByLabel('Email or username')).toHaveValue('nobody-here-at-all')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await expect(formError).toHaveText('Incorrect email, username or password.')

  await signInWith(page, username.toUpperCase(), password)
  await expect(page).toHaveURL(/\/$/)
  await expect(accountButton(page, username)).toBeVisible()

  // The session cookie is Payload's own: HttpOnly, and it works on /api too.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'payload-token')
  expect(cookie?.httpOnly).toBe(true)
  const me = await page.goto('/api/users/me')
  expect((await me!.json()).user?.username).toBe(username)
  await page.goto('/')

  await accountButton(page, username).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(accountButton(page, username)).toHaveCount(0)

  await page.goto('/auth/sign-in')
  await signInWith(page, email, password)
  await expect(accountButton(page, username)).toBeVisible()
})

test('the header menu of a signed-in user; staff also get moderation', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await signInWith(page, username, password)
  await accountButton(page, username).click()
  const menu = page.locator('#user-menu-panel')
  await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/user/${username}`)
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
  await expect(menu.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/dashboard/notifications')
  await expect(menu.getByRole('link', { name: 'Moderation' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  await page.context().clearCookies()
  await page.goto('/auth/sign-in')
  await signInWith(page, 'admin', DEMO_PASSWORD)
  await accountButton(page, 'admin').click()
  await expect(page.locator('#user-menu-panel').getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation')
})

test('forgot password: the mail, a new password, and signing in with it', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/auth\/reset-password$/)
  const since = mailbox.mails.length
  await page.getByLabel('Email or username').fill(email)
  await page.getByRole('button', { name: 'Send recovery email' }).click()
  await expect(page.locator('.auth-form__notice')).toContainText('If an account with that email or username exists')

  const mail = await mailbox.waitFor((m) => mailbox.mails.indexOf(m) >= since && m.to.includes(email) && m.subject === 'Reset your password')
  await page.goto(mail.links.find((l) => new URL(l).pathname === '/auth/reset-password')!)
  password = 'second-password-2'
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.locator('.auth-form__notice')).toContainText('Your password has been reset.')
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth\/sign-in$/)
  await signInWith(page, username, password)
  await expect(accountButton(page, username)).toBeVisible()
})

test('a signed-out visitor of an (auth) page signs in and comes back to it', async ({ page }) => {
  await page.goto('/auth/welcome')
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fauth%2Fwelcome$/)
  await signInWith(page, username, password)
  await expect(page).toHaveURL(/\/auth\/welcome$/)
  await expect(page.getByRole('heading', { name: `Welcome to Blockforge, ${username}!` })).toBeVisible()
})
