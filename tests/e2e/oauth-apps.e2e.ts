/**
 * Third-party apps (issue 12 item 7), end to end: a creator registers an application in settings; a
 * player is sent by it to /auth/authorize, signs in, sees the app, its creator, the permissions and
 * where they go next, and authorizes; the app — played by openid-client, a standard OAuth client,
 * behind a real loopback callback server — trades the code (PKCE + client secret) for a token that
 * acts for the player within the granted scopes. Decline, an unregistered redirect URI, and
 * revoking the app at /settings/authorizations are walked too.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import * as client from 'openid-client'

import { createAccount, expectNoHorizontalOverflow, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
let callback: Server
let redirectUri = ''
let app = { id: '', secret: '' }

test.beforeAll(async () => {
  // The app's own redirect endpoint: it only has to answer, the test reads the address it was sent to.
  callback = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in to Pack Launcher'))
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve))
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`
})
test.afterAll(async () => {
  await new Promise((resolve) => callback?.close(resolve))
})

async function account(request: APIRequestContext, name: string, password = 'oauth-pass-1') {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password })).status()).toBe(201)
  return { username, password }
}

async function signInForm(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or username').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const noSeriousAxe = (page: Page, selector: string, label: string) => expectNoSeriousAxe(page, label, { include: selector })

function appConfig(baseURL: string) {
  const config = new client.Configuration(
    { issuer: baseURL, authorization_endpoint: `${baseURL}/auth/authorize`, token_endpoint: `${baseURL}/_internal/oauth/token` },
    app.id,
    app.secret,
  )
  client.allowInsecureRequests(config) // the test server speaks http on localhost
  return config
}

test('a creator registers an application; the client secret is shown once', async ({ page, request }) => {
  const creator = await account(request, 'appmaker')
  await page.goto('/settings/applications')
  await signInForm(page, creator.username, creator.password)
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible()
  await expect(page.getByText('You have not registered any applications.')).toBeVisible()

  await page.getByRole('button', { name: 'New application' }).click()
  await page.getByLabel('Name').fill('Pack Launcher')
  await page.getByLabel('Redirect URIs').fill('http://launcher.example/callback')
  await page.getByRole('button', { name: 'Register application' }).click()
  await expect(page.getByText(/Use https, or http only on localhost/)).toBeVisible()
  await expect(page.getByText('Choose at least one permission.')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Pack Launcher')

  await page.getByLabel('Redirect URIs').fill(redirectUri)
  await page.getByRole('checkbox', { name: 'Read your profile' }).check()
  await page.getByRole('checkbox', { name: 'Read your projects' }).check()
  await page.getByRole('button', { name: 'Register application' }).click()
  await expect(page.getByText('Pack Launcher is registered. Copy the client secret now: it is not shown again.')).toBeVisible()
  app = { id: await page.getByRole('textbox', { name: 'Client ID' }).inputValue(), secret: await page.getByRole('textbox', { name: 'Client secret' }).inputValue() }
  expect(app.secret).toMatch(/^[A-Za-z0-9]{32}$/)
  const listed = page.getByRole('list', { name: 'Your applications' }).getByRole('listitem')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText(`Client ID ${app.id}`)
  await noSeriousAxe(page, '.settings-content', 'applications')
  // A long username in the header's account menu stays inside a laptop-wide viewport.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expectNoHorizontalOverflow(page)

  await page.reload()
  await expect(page.getByText(app.secret)).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Client secret' })).toHaveCount(0)
})

test('a player authorizes the app; openid-client trades the code for a token that acts within the granted scopes', async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const player = await account(context.request, 'player')
  const config = appConfig(baseURL!)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'USER_READ PROJECT_READ', state, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' })

  // Signed out: sign in first, then back to the question.
  await page.goto(url.href)
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/)
  await signInForm(page, player.username, player.password)
  await expect(page.getByRole('heading', { level: 1, name: 'Authorize Pack Launcher' })).toBeVisible()
  await expect(page.getByText(/^by appmaker-/)).toBeVisible()
  const permissions = page.getByRole('list').filter({ hasText: 'Read your profile' })
  await expect(permissions.getByRole('listitem')).toHaveText(['Read your profile', 'Read your projects, hidden ones too'])
  await expect(page.getByText(`You will be sent back to ${new URL(redirectUri).host}.`)).toBeVisible()
  await noSeriousAxe(page, '.auth-card', 'authorize')

  await page.getByRole('button', { name: 'Authorize' }).click()
  await page.waitForURL((u) => u.href.startsWith(redirectUri))
  await expect(page.getByText('Signed in to Pack Launcher')).toBeVisible()
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state })
  expect(tokens.access_token).toMatch(/^mro_/)
  expect(tokens.token_type?.toLowerCase()).toBe('bearer')

  const me = await context.request.fetch(`${baseURL}/v2/user`, { headers: { Authorization: tokens.access_token }, ignoreHTTPSErrors: true })
  expect(me.status()).toBe(200)
  expect((await me.json()).username).toBe(player.username)
  // Not granted: managing tokens (restricted) and anything beyond reading.
  expect((await context.request.get(`${baseURL}/v2/pat`, { headers: { Authorization: tokens.access_token } })).status()).toBe(401)

  // Asked again for the same scopes, the player is sent straight back.
  const again = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'USER_READ', state: 'again' })
  await page.goto(again.href)
  await page.waitForURL((u) => u.href.startsWith(redirectUri))
  expect(new URL(page.url()).searchParams.get('code')).toBeTruthy()

  // Decline, for a wider request: back to the app with access_denied and no code.
  const wider = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'USER_READ PROJECT_READ', state: 'wider' })
  wider.searchParams.set('scope', 'USER_READ PROJECT_READ VERSION_READ')
  await page.goto(wider.href)
  await expect(page.getByText('The application asked for a permission beyond those it registered.')).toBeVisible()
  await page.goto(client.buildAuthorizationUrl(config, { redirect_uri: `${redirectUri}/elsewhere`, scope: 'USER_READ', state: 's' }).href)
  await expect(page.locator('.auth-card').getByRole('alert')).toHaveText('The application asked to send you to an address it has not registered.')
  await expect(page).toHaveURL(/\/auth\/authorize/)

  // Revoked in settings: the token stops at once.
  await page.goto('/settings/authorizations')
  const row = page.getByRole('list', { name: 'Authorized applications' }).getByRole('listitem')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Pack Launcher')
  await expect(row).toContainText('Read your profile')
  await noSeriousAxe(page, '.settings-content', 'authorizations')
  await row.getByRole('button', { name: 'Revoke Pack Launcher' }).click()
  await expect(page.getByText('You have not authorized any applications.')).toBeVisible()
  expect((await context.request.get(`${baseURL}/v2/user`, { headers: { Authorization: tokens.access_token } })).status()).toBe(401)

  // Asked once more, the player now decides again; Decline sends them back with access_denied.
  await page.goto(client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'USER_READ', state: 'declined' }).href)
  await page.getByRole('button', { name: 'Decline' }).click()
  await page.waitForURL((u) => u.href.startsWith(redirectUri))
  const declined = new URL(page.url())
  expect(declined.searchParams.get('error')).toBe('access_denied')
  expect(declined.searchParams.get('state')).toBe('declined')
  expect(declined.searchParams.get('code')).toBeNull()
  await context.close()
})
