/**
 * Sessions and personal access tokens in account settings (issue 12 items 5 and 6): each sign-in
 * shows with its device; revoking one signs it out at once, also on /v2 and /api; a token is made
 * with a name, an expiry and scopes, shown once, works on /v2 only within its scopes, and stops
 * working when revoked.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { totpCode } from '../../src/lib/auth/totp'
import { createAccount, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

async function account(request: APIRequestContext, name: string, password = 'security-pass-1') {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  return { username, password }
}

async function signInHere(page: Page, identifier: string, password: string, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}$`))
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: '.settings-content' })

test('sessions: the list names each device; revoking one signs it out everywhere at once', async ({ page, request }) => {
  const me = await account(request, 'sessions')
  // A second sign-in, from a phone, through the API.
  const phone = await request.post('/api/users/login', { data: { username: me.username, password: me.password }, headers: { 'User-Agent': PHONE_UA } })
  const phoneToken = (await phone.json()).token as string
  expect((await request.get('/v2/user', { headers: { Authorization: phoneToken } })).status()).toBe(200)

  await signInHere(page, me.username, me.password, '/settings/sessions')
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible()
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')
  await expect(sessions).toHaveCount(2)
  await expect(sessions.first()).toContainText('This device')
  await expect(sessions.first()).toContainText('Chrome')
  await expect(sessions.first().getByRole('button')).toHaveCount(0)
  const phoneRow = sessions.filter({ hasText: 'iOS' })
  await expect(phoneRow).toContainText('Safari')
  await expect(phoneRow).toContainText(/Last active/)
  await noSeriousAxe(page, 'sessions')

  await phoneRow.getByRole('button', { name: /Revoke the session on iOS/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The session has been revoked.' })).toBeVisible()
  await expect(sessions).toHaveCount(1)
  expect((await request.get('/v2/user', { headers: { Authorization: phoneToken } })).status()).toBe(401)
  expect((await (await request.get('/api/users/me', { headers: { Authorization: `JWT ${phoneToken}` } })).json()).user).toBeNull()
  // This browser's own session goes on.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible()

  // The settings menu leads here and to the tokens page.
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Personal access tokens' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Personal access tokens' })).toBeVisible()
})

test('tokens: made with a name, expiry and scopes, shown once, bound to their scopes, revoked', async ({ page, request }) => {
  const me = await account(request, 'tokens')
  await signInHere(page, me.username, me.password, '/settings/pats')
  await expect(page.getByText('You have no tokens yet.')).toBeVisible()

  await page.getByRole('button', { name: 'Create a token' }).click()
  await page.getByLabel('Name').fill('ab')
  await page.getByRole('checkbox', { name: 'Read your profile' }).check()
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText('Enter a name of 3 to 255 characters.')).toBeVisible()
  await expect(page.getByText('Choose when the token expires.')).toBeVisible()
  // Nothing typed is lost.
  await expect(page.getByLabel('Name')).toHaveValue('ab')
  await expect(page.getByRole('checkbox', { name: 'Read your profile' })).toBeChecked()
  await noSeriousAxe(page, 'token form with errors')

  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('Name').fill('Release script')
  await page.getByLabel('Expires on').fill(expiry)
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText('Your new token, Release script. Copy it now: it is not shown again.')).toBeVisible()
  const token = await page.getByLabel('Token', { exact: true }).inputValue()
  expect(token).toMatch(/^mrp_[0-9A-Za-z]{60}$/)

  const row = page.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').filter({ hasText: 'Release script' })
  await expect(row).toContainText('1 scope: Read your profile')
  await expect(row).toContainText('Never used')

  // Within its scopes the token is the user; without them it is not; it can never manage tokens.
  const me2 = await request.get('/v2/user', { headers: { Authorization: token } })
  expect(me2.status()).toBe(200)
  expect((await me2.json()).username).toBe(me.username)
  expect((await request.get('/v2/pat', { headers: { Authorization: token } })).status()).toBe(401)
  await page.reload()
  await expect(row).toContainText('Last used')
  await expect(page.getByLabel('Token', { exact: true })).toHaveCount(0)

  // Edit: a new name and one more scope.
  await row.getByText('Edit', { exact: true }).click()
  await row.getByLabel('Name').fill('Release script (CI)')
  await row.getByRole('checkbox', { name: 'Create versions' }).check()
  await row.getByRole('button', { name: 'Save changes' }).click()
  await expect(row.getByRole('status').filter({ hasText: 'Token saved.' })).toBeVisible()
  await page.reload()
  const renamed = page.getByRole('list', { name: 'Your tokens' }).getByRole('listitem').filter({ hasText: 'Release script (CI)' })
  await expect(renamed).toContainText('2 scopes')

  await renamed.getByRole('button', { name: 'Revoke Release script (CI)' }).click()
  await expect(page.getByText('You have no tokens yet.')).toBeVisible()
  expect((await request.get('/v2/user', { headers: { Authorization: token } })).status()).toBe(401)
})

test('two-factor: set up with the app, then sign-in asks for the code; a wrong code is refused; a backup code works once', async ({ page, request }) => {
  const me = await account(request, 'twofactor')
  await signInHere(page, me.username, me.password, '/settings/account')
  const card = page.getByRole('region', { name: 'Two-factor authentication' })
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  await expect(card.getByRole('img', { name: 'QR code to add your account to an authenticator app' })).toBeVisible()
  const secret = (await card.locator('.two-factor__secret').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)

  await card.getByLabel('Code from the app').fill('000000')
  await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await expect(card.getByText('That code is not valid. Check your authenticator app and try again.')).toBeVisible()
  await card.getByLabel('Code from the app').fill(totpCode(secret))
  await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await expect(card.getByText('Two-factor authentication is on.')).toBeVisible()
  const backup = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  expect(backup).toHaveLength(8)
  await noSeriousAxe(page, 'two-factor backup codes')

  // The API without a code is refused.
  expect((await request.post('/api/users/login', { data: { username: me.username, password: me.password } })).status()).toBe(401)

  // Signed out, signing in now takes a second step.
  await page.context().clearCookies()
  await page.goto('/auth/sign-in?redirect=%2Fsettings%2Faccount')
  await page.getByLabel('Email or username').fill(me.username)
  await page.getByLabel('Password', { exact: true }).fill(me.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByLabel('Two-factor code')).toBeVisible()
  await page.getByLabel('Two-factor code').fill('123456')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not valid. Check your authenticator app and try again.')).toBeVisible()
  await page.getByLabel('Two-factor code').fill(totpCode(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/settings\/account$/)
  await expect(card.getByText(/Two-factor authentication is on\. 8 backup codes are left\./)).toBeVisible()

  // A backup code signs in once (through the API here), then it is spent.
  expect((await request.post('/api/users/login', { data: { username: me.username, password: me.password, totp: backup[0] } })).status()).toBe(200)
  expect((await request.post('/api/users/login', { data: { username: me.username, password: me.password, totp: backup[0] } })).status()).toBe(401)
  await page.reload()
  await expect(card.getByText(/7 backup codes are left\./)).toBeVisible()

  // Off again with a backup code.
  await card.getByLabel('Code from the app, or a backup code').fill(backup[1])
  await card.getByRole('button', { name: 'Turn off two-factor authentication' }).click()
  await expect(card.getByText('Two-factor authentication is off.')).toBeVisible()
  expect((await request.post('/api/users/login', { data: { username: me.username, password: me.password } })).status()).toBe(200)
})

test('a launcher signs in through the site: the app gets a session of its own, listed and revocable', async ({ page, request }) => {
  const me = await account(request, 'launcher')
  await page.context().clearCookies()
  await page.goto('/auth/sign-in?launcher=true')
  await expect(page.getByText(/Signing in to the app\./)).toBeVisible()
  // The other auth pages keep the launcher's sign-in going.
  await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/auth/sign-up?launcher=true')
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/reset-password?launcher=true')
  await page.getByLabel('Email or username').fill(me.username)
  await page.getByLabel('Password', { exact: true }).fill(me.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: "You're signed in to the app" })).toBeVisible()
  const code = new URL(page.url()).searchParams.get('code')
  expect(new URL(page.url()).pathname).toBe('/auth/launcher')
  expect(code).toBeTruthy()

  // The code is the app's session: it works on /v2, and it is not the browser's own.
  const asApp = { Authorization: code! }
  expect((await (await request.get('/v2/user', { headers: asApp })).json()).username).toBe(me.username)
  await page.goto('/settings/sessions')
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')
  await expect(sessions).toHaveCount(2)
  const appRow = sessions.filter({ hasText: 'Launcher' })
  await expect(appRow).toHaveCount(1)
  await appRow.getByRole('button', { name: /Revoke the session/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The session has been revoked.' })).toBeVisible()
  expect((await request.get('/v2/user', { headers: asApp })).status()).toBe(401)

  // Already signed in, the launcher's sign-in goes straight to the app with a fresh session.
  await page.goto('/auth/sign-in?launcher=true')
  await expect(page).toHaveURL(/\/auth\/launcher\?code=/)
  const again = new URL(page.url()).searchParams.get('code')!
  expect(again).not.toBe(code)
  expect((await request.get('/v2/user', { headers: { Authorization: again } })).status()).toBe(200)
})
