/**
 * Account settings (issue 12): the public profile (username, bio, avatar) and the account (email,
 * password, delete) — each refusal named, nothing saved on a refusal, in light and dark.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createAccount, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)

async function account(request: APIRequestContext, name: string, password = 'account-pass-1') {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  const res = await request.post('/api/users/login', { data: { username, password } })
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` }, username, password }
}
const login = (request: APIRequestContext, username: string, password: string) => request.post('/api/users/login', { data: { username, password } })

async function as(page: Page, token: string, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: token, url: baseURL }])
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: '.settings-content' })

test('signed-out visitors are sent to sign in and back', async ({ page }) => {
  await page.goto('/settings/account')
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fsettings%2Faccount$/)
})

test('profile: username and bio, a taken username refused, an avatar', async ({ page, request, baseURL }) => {
  const me = await account(request, 'profile')
  const other = await account(request, 'taken')
  await as(page, me.token, baseURL!)
  await page.goto('/settings')
  await page.getByRole('link', { name: 'Profile' }).first().click()
  await expect(page).toHaveURL(/\/settings\/profile$/)

  await page.getByLabel('Username').fill(other.username.toUpperCase())
  await page.getByLabel('Bio').fill('Builds sorting golems.')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.locator('#acct-username-error')).toBeVisible()
  await expect(page.getByLabel('Bio')).toHaveValue('Builds sorting golems.')

  const renamed = `renamed-${run}`
  await page.getByLabel('Username').fill(renamed)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible()
  await page.goto(`/user/${renamed}`)
  await expect(page.getByText('Builds sorting golems.')).toBeVisible()

  const sharp = (await import('sharp')).default
  await page.goto('/settings/profile')
  await page.getByLabel(/^Image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 128, height: 128, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer() })
  await page.getByRole('button', { name: 'Upload avatar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your avatar has been updated.' })).toBeVisible()
  const stored = await (await request.get(`/api/users/${me.id}?depth=0`, { headers: me.headers })).json()
  expect(stored.avatar).toBeTruthy()
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL! }])
    await page.reload()
    await noSeriousAxe(page, `profile ${theme}`)
  }
})

test('account: password and email need the current password; the new password works', async ({ page, request, baseURL }) => {
  const me = await account(request, 'secure')
  await as(page, me.token, baseURL!)
  await page.goto('/settings/account')
  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel('Current password').fill('wrong-password-1')
  await password.getByLabel('New password', { exact: true }).fill('brand-new-pass-1')
  await password.getByLabel('Confirm new password').fill('brand-new-pass-2')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.locator('#pw-confirmPassword-error')).toHaveText('Passwords do not match!')
  await password.getByLabel('Confirm new password').fill('brand-new-pass-1')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.locator('#pw-currentPassword-error')).toHaveText('That is not your current password.')
  await password.getByLabel('Current password').fill(me.password)
  await password.getByLabel('New password', { exact: true }).fill('brand-new-pass-1')
  await password.getByLabel('Confirm new password').fill('brand-new-pass-1')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByRole('status')).toContainText('Your password has been changed.')
  expect((await login(request, me.username, me.password)).status()).toBe(401)
  expect((await login(request, me.username, 'brand-new-pass-1')).ok()).toBe(true)

  const email = page.getByRole('region', { name: 'Email address' })
  await email.getByLabel('Email address').fill(`new-${me.username}@example.test`)
  await email.getByLabel('Current password').fill('brand-new-pass-1')
  await email.getByRole('button', { name: 'Change email' }).click()
  await expect(email.getByRole('status')).toContainText(`Your email is now new-${me.username}@example.test`)
  const token = (await (await login(request, me.username, 'brand-new-pass-1')).json()).token
  const stored = await (await request.get(`/api/users/${me.id}?depth=0`, { headers: { Authorization: `JWT ${token}` } })).json()
  expect(stored).toMatchObject({ email: `new-${me.username}@example.test`, emailVerified: false })
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL! }])
    await page.reload()
    await noSeriousAxe(page, `account ${theme}`)
  }
})

test('email notifications: a kind switched off stays off after a reload; the defaults; unsubscribe links are checked', async ({ page, request, baseURL }) => {
  const me = await account(request, 'mailprefs')
  await as(page, me.token, baseURL!)
  await page.goto('/settings/account')
  const prefs = page.getByRole('region', { name: 'Email notifications' })
  const invitations = prefs.getByRole('switch', { name: 'Team and organization invitations' })
  await expect(invitations).toBeChecked()
  await expect(prefs.getByRole('switch', { name: 'Moderation decisions on your projects' })).toBeChecked()
  await expect(prefs.getByRole('switch', { name: 'New versions of projects you follow' })).not.toBeChecked()
  await invitations.click()
  await expect(invitations).not.toBeChecked()
  await expect(prefs.getByRole('status')).toContainText('Email preferences saved.')
  await page.reload()
  await expect(prefs.getByRole('switch', { name: 'Team and organization invitations' })).not.toBeChecked()
  await expect(prefs.getByRole('switch', { name: 'Payouts' })).toBeChecked()
  const stored = await (await request.get(`/api/users/${me.id}?depth=0`, { headers: me.headers })).json()
  expect(stored.emailNotifications).toMatchObject({ team_invite: false, payout: true, project_update: false })

  // A forged link changes nothing: the page says so, the one-click POST is refused.
  const forged = `${me.id}.payout.${'A'.repeat(43)}`
  await page.goto(`/unsubscribe?token=${forged}`)
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
  expect((await request.post(`/unsubscribe/one-click?token=${forged}`, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(400)
  const after = await (await request.get(`/api/users/${me.id}?depth=0`, { headers: me.headers })).json()
  expect(after.emailNotifications.payout).toBe(true)
})

test('delete: an owner of a project is refused; without projects the account goes', async ({ page, request, baseURL }) => {
  const owner = await account(request, 'owner')
  expect((await request.post('/api/projects', { headers: owner.headers, data: { slug: `owned-${run}`, title: 'Owned Project', summary: 'Owned by the account being deleted.', projectType: 'mod' } })).status()).toBe(201)
  await as(page, owner.token, baseURL!)
  await page.goto('/settings/account')
  const danger = page.getByRole('region', { name: 'Delete account' })
  await danger.getByLabel(/Type your username/).fill(owner.username)
  await danger.getByLabel('Current password').fill(owner.password)
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(danger.getByRole('alert')).toContainText('still owns projects or organizations')
  expect((await login(request, owner.username, owner.password)).ok()).toBe(true)

  const leaving = await account(request, 'leaving')
  await as(page, leaving.token, baseURL!)
  await page.goto('/settings/account')
  await danger.getByLabel(/Type your username/).fill('someone-else')
  await danger.getByLabel('Current password').fill(leaving.password)
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(danger.locator('#del-confirm-error')).toHaveText('That is not your username.')
  await danger.getByLabel(/Type your username/).fill(leaving.username)
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect((await login(request, leaving.username, leaving.password)).status()).toBe(401)
})

test('an account without an email is asked to add one; adding it asks to verify it', async ({ page, request, baseURL }) => {
  const username = `noemail-${run}`
  expect((await createAccount({ username, password: 'account-pass-1' })).status()).toBe(201)
  const { token } = await (await login(request, username, 'account-pass-1')).json()
  await as(page, token, baseURL!)
  await page.goto('/mods')
  const banner = page.getByTestId('add-email-banner')
  await expect(banner).toContainText('Your account has no email address')
  await banner.getByRole('link', { name: 'Add an email' }).click()
  await expect(page).toHaveURL(/\/settings\/account$/)
  const email = page.getByRole('region', { name: 'Email address' })
  await email.getByLabel('Email address').fill(`${username}@example.test`)
  await email.getByLabel('Current password').fill('account-pass-1')
  await email.getByRole('button', { name: 'Change email' }).click()
  await expect(email.getByRole('status')).toContainText(`Your email is now ${username}@example.test`)
  // The banners follow at once (the save refreshes the layout).
  await expect(page.getByTestId('add-email-banner')).toHaveCount(0)
  await page.goto('/mods')
  await expect(page.getByTestId('add-email-banner')).toHaveCount(0)
  await expect(page.getByTestId('verify-email-banner')).toBeVisible()
})
