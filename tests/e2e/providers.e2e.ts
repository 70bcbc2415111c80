/**
 * Signing in with an external provider (issue 12 item 4), against a real OpenID provider started here
 * (tests/helpers/oidcProvider.ts; the app's GitLab issuer points at it): sign up by provider, sign
 * in again, an account with the same email is never taken over, link and unlink in settings.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { startOidcProvider } from '../helpers/oidcProvider'
import { createAccount } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3126)
let oidc: Awaited<ReturnType<typeof startOidcProvider>>

test.beforeAll(async ({ baseURL }) => {
  oidc = await startOidcProvider(OIDC_PORT, [`${baseURL}/auth/provider/gitlab/callback`])
})
test.afterAll(async () => {
  await oidc?.close()
})

/** At the provider: its own sign-in page, then its consent page. */
async function atProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/`))
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

async function account(request: APIRequestContext, name: string, email: string, password = 'provider-pass-1') {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email, password })).status()).toBe(201)
  return { username, password }
}

test('sign up with a provider, then sign in with it again', async ({ page }) => {
  const login = `gl-${run}`
  await page.goto('/auth/sign-in?redirect=%2Fsettings%2Faccount')
  await page.getByRole('link', { name: 'Continue with GitLab' }).click()
  await atProvider(page, login)
  // A new account: welcomed, named after the provider account, its verified email kept.
  await expect(page).toHaveURL(/\/auth\/welcome$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(login)
  await page.goto('/settings/account')
  await expect(page.getByText(`${login}@oidc.example (verified)`)).toBeVisible()
  const linked = page.getByRole('region', { name: 'Linked accounts' })
  await expect(linked).toContainText(`Linked as ${login}@oidc.example`)

  // Signed out, the same provider account signs in to the same account and comes back to the page asked for.
  await page.context().clearCookies({ name: 'payload-token' })
  await page.goto('/auth/sign-in?redirect=%2Fsettings%2Fsessions')
  await page.getByRole('link', { name: 'Continue with GitLab' }).click()
  // The provider remembers the person and the consent: it sends them straight back.
  await expect(page).toHaveURL(/\/settings\/sessions$/)
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first()).toContainText('This device')
})

test('a provider account never takes over an account with its email; the owner links it from settings, and unlinks it', async ({ page, request }) => {
  const login = `owner-${run}`
  const me = await account(request, 'owner', `${login}@oidc.example`)

  await page.goto('/auth/sign-in')
  await page.getByRole('link', { name: 'Continue with GitLab' }).click()
  await atProvider(page, login)
  await expect(page).toHaveURL(/\/auth\/sign-in\?error=emailTaken/)
  await expect(page.getByRole('alert').filter({ hasText: 'An account with the email of your GitLab account already exists.' })).toBeVisible()
  // Nobody was signed in by it.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()

  // The owner signs in with the password and links GitLab.
  await page.getByLabel('Email or username').fill(me.username)
  await page.getByLabel('Password', { exact: true }).fill(me.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'))
  await page.goto('/settings/account')
  const linked = page.getByRole('region', { name: 'Linked accounts' })
  await expect(linked).toContainText('Not linked')
  await linked.getByRole('link', { name: 'Link GitLab' }).click()
  await expect(page).toHaveURL(/\/settings\/account\?provider=linked$/)
  await expect(linked.getByRole('status')).toContainText('The account has been linked.')

  // Now GitLab signs this account in.
  await page.context().clearCookies({ name: 'payload-token' })
  await page.goto('/auth/sign-in?redirect=%2Fsettings%2Faccount')
  await page.getByRole('link', { name: 'Continue with GitLab' }).click()
  await expect(page).toHaveURL(/\/settings\/account$/)
  await expect(page.locator('#email-email')).toHaveValue(`${login}@oidc.example`)

  await linked.getByRole('button', { name: 'Unlink GitLab' }).click()
  await expect(linked.getByRole('status')).toContainText('GitLab has been unlinked.')
  await expect(linked).toContainText('Not linked')
})
