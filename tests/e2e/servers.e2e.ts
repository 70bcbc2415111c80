/**
 * Hosted servers as a buyer meets them (issue 31), against the production build with the local
 * node agent scripts/test-app.mjs starts beside the site (process runtime: a real flying-squid
 * server). The trial is bought through the purchase steps in test mode; the page shows it install
 * and become ready; a mineflayer bot joins the address the page shows and its chat reaches the
 * console; a command typed in the console takes effect. Then a paid server whose renewal fails is
 * suspended once the grace ends (the test moves the charge's due date, as billing-renewal does).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import mineflayer from 'mineflayer'
import pg from 'pg'

import { DEMO_PASSWORD, createAccount, seriousAxeViolations, signIn as apiSignIn, signInPage } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const user = { username: `host-${run}`, password: 'hosting-pass-1' }
let db: pg.Client

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  expect((await createAccount({ username: user.username, email: `${user.username}@example.test`, password: user.password })).status()).toBe(201)
})
test.afterAll(async () => {
  await db?.end()
})

const signIn = (page: Page, to: string) => signInPage(page, to, user.username, user.password)

/** Joins `host:port` as an offline-mode bot; resolves once it has spawned. */
function joinBot(address: string, username: string) {
  const [host, port] = address.split(':')
  const bot = mineflayer.createBot({ host, port: Number(port), username, auth: 'offline', version: '1.21.4' })
  return new Promise<mineflayer.Bot>((resolve, reject) => {
    bot.once('spawn', () => resolve(bot))
    bot.once('error', reject)
    bot.once('kicked', (reason) => reject(new Error(`kicked: ${JSON.stringify(reason)}`)))
  })
}

test('the free trial: bought in three steps without a card, installs, a bot joins the shown address and its chat reaches the console; a console command takes effect', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, '/servers')
  await page.getByTestId('plan-trial').click()
  await expect(page.getByText('The free trial runs in Local (this machine).')).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText("You won't be charged yet.")).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Free for 5 days').last()).toBeVisible()
  await page.getByRole('button', { name: 'Start free trial' }).click()

  // The new server's page: installing, then ready (the page follows it without a reload).
  await expect(page).toHaveURL(/\/servers\/manage\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  const address = page.getByTestId('server-address')
  await expect(address).toHaveText(/^127\.0\.0\.1:\d+$/, { timeout: 60_000 })
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 30_000 })
  await expect(page.getByTestId('server-console')).toContainText('Ready: listening on', { timeout: 30_000 })

  const bot = await joinBot((await address.textContent())!, `bot${run}`.slice(0, 16))
  try {
    bot.chat('hello from the e2e bot')
    await expect(page.getByTestId('server-console')).toContainText('hello from the e2e bot', { timeout: 20_000 })
    await expect(page.getByTestId('players-online')).toHaveText('1', { timeout: 20_000 })
    // A command typed in the console reaches the game: the bot is made creative.
    const gamemode = new Promise<string>((resolve) => bot.once('game', () => resolve(bot.game.gameMode)))
    const terminal = page.getByRole('region', { name: 'Console' })
    await terminal.getByPlaceholder('Command').fill(`gamemode creative ${bot.username}`)
    await terminal.getByRole('button', { name: 'Send' }).click()
    expect(await gamemode).toBe('creative')
  } finally {
    bot.quit()
  }

  // A subdomain: the site's own names are refused (what was typed stays), a free one is reserved
  // and shown on the overview.
  await page.getByRole('link', { name: 'Network' }).click()
  const subdomain = page.getByLabel('Subdomain')
  await subdomain.fill('www')
  await page.getByRole('button', { name: 'Save subdomain' }).click()
  await expect(page.getByText('That subdomain is kept by the site. Pick another.')).toBeVisible()
  await expect(subdomain).toHaveValue('www')
  await subdomain.fill(`realm-${run}`)
  await page.getByRole('button', { name: 'Save subdomain' }).click()
  await expect(page.getByText(`realm-${run} is yours.`)).toBeVisible()
  await page.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByTestId('server-join-name')).toHaveText(`Join at realm-${run}.servers.blockforge.test`)

  // The list shows it with its state, address and plan; a second trial is refused.
  await page.goto('/servers/manage')
  await expect(page.getByRole('listitem').filter({ hasText: 'Server trial' })).toContainText('Running')
  await page.goto('/servers')
  await page.getByTestId('plan-trial').click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Start free trial' }).click()
  await expect(page.getByText('You have already used your free trial.')).toBeVisible()
})

test('a paid server of a custom size whose renewal fails is suspended when the grace ends: the page says Suspended, not Connection lost', async ({ page }) => {
  test.setTimeout(300_000)
  await signIn(page, '/servers')
  // A card that pays the first charge and fails every renewal, then a custom plan of 3 GB in Local
  // (priced per GB: what was typed out of range is kept, the plan follows only a valid size).
  await page.getByTestId('plan-custom').click()
  const memory = page.getByLabel('Memory for the custom plan, in GB (2–16)')
  await memory.fill('40')
  await expect(memory).toHaveValue('40')
  await expect(page.getByTestId('plan-custom')).toContainText('Custom — 4 GB')
  await memory.fill('3')
  await expect(page.getByTestId('plan-custom')).toContainText('Custom — 3 GB')
  await expect(page.getByTestId('plan-custom')).toContainText('$9.00 a month')
  await page.getByRole('radio', { name: 'Local (this machine)' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('radio', { name: 'Visa •••• 0341 — fails on renewal' }).check()
  await page.getByRole('button', { name: 'Add card' }).click()
  await expect(page.getByRole('radio', { name: /Visa •••• 0341/ })).toBeChecked()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('$9.00 a month').last()).toBeVisible()
  await page.getByRole('button', { name: 'Buy server' }).click()
  await expect(page).toHaveURL(/\/servers\/manage\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  const serverId = page.url().split('/').pop()!
  // A game's first start generates its world: on two cores shared with the rest of the run, minutes.
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 150_000 })

  // Its billing page shows the subscription and its next charge; the loader page offers the node's
  // game versions, and the loaders it cannot install disabled, with why.
  await page.getByRole('link', { name: 'Billing' }).click()
  await expect(page.getByTestId('subscription')).toContainText('Server — Custom 3 GB')
  await expect(page.getByTestId('subscription')).toContainText('$9.00')
  await page.getByRole('link', { name: 'Loader' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'flying-squid' })).toContainText('Installed')
  await expect(page.getByRole('listitem').filter({ hasText: 'paper' })).toContainText('This node cannot install paper')
  await page.getByLabel('Game version').selectOption('1.16.5')
  await page.getByRole('button', { name: 'Change version' }).click()
  await expect(page.getByText('Now on 1.16.5. The world is kept.')).toBeVisible({ timeout: 60_000 })
  await page.goto(`/servers/manage/${serverId}`)
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 60_000 })
  await expect(page.getByTestId('server-console')).toContainText('(game 1.16.5)', { timeout: 30_000 })

  // The month is over and the renewal fails; two days later the grace ends.
  await db.query(`UPDATE charges SET due = now() - interval '3 days' WHERE type = 'renewal' AND status = 'open' AND subscription_id = (SELECT subscription_id FROM servers WHERE id = $1)`, [serverId])
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Suspended' })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
  await expect(page.getByText('Connection lost')).toHaveCount(0)
  await expect(page.getByText('the last payment failed')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Resubscribe' })).toHaveAttribute('href', `/servers/manage/${serverId}/options/billing`)
  expect((await db.query(`SELECT status, suspension_reason FROM servers WHERE id = $1`, [serverId])).rows[0]).toEqual({ status: 'suspended', suspension_reason: 'paymentfailed' })
})

test('the trial is kept on a paid plan on the same server, then upgraded: charged now, restarted with the new plan on its port', async ({ page }) => {
  test.setTimeout(420_000)
  const trial = (await db.query(`SELECT s.id, s.port FROM servers s JOIN users u ON u.id = s.owner_id JOIN billing_products b ON b.id = s.product_id WHERE u.username = $1 AND b.key = 'trial'`, [user.username])).rows[0]
  expect(trial).toBeTruthy()
  await signIn(page, `/servers/manage/${trial.id}/options/billing`)
  await expect(page.getByText('Current plan: Free trial.')).toBeVisible()
  const keep = page.getByRole('group', { name: 'Keep this server after the trial: choose a plan' })
  await keep.getByRole('radio', { name: /^Server — Small/ }).check()
  await page.getByRole('group', { name: 'Billed' }).getByRole('radio', { name: 'Monthly' }).check()
  // The card saved with the paid server (it pays first charges).
  await expect(page.getByRole('radio', { name: /Visa •••• 0341/ })).toBeChecked()
  await page.getByRole('button', { name: 'Keep my server' }).click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  // Paid: the page says so, then (re-rendered) that the payment is being taken over or the server is
  // moving to its new plan — whichever the reconciler has reached when the page re-renders.
  await expect(page.getByText(/Paid\. Your server is yours to keep|still moving to its new plan|It changes plan as soon as it clears/)).toBeVisible({ timeout: 30_000 })
  await expect(async () => {
    await page.reload()
    await expect(page.getByText('Current plan: Server — Small.')).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  // While it moves to its new plan, no second change races it; once it runs again, the form is back.
  await page.goto(`/servers/manage/${trial.id}`)
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 120_000 })
  await page.goto(`/servers/manage/${trial.id}/options/billing`)

  // Medium is dearer: charged now (less what is left of the month), restarted with its limits.
  await page.getByRole('radio', { name: /^Server — Medium/ }).check()
  await expect(page.getByText(/\$12\.00 monthly\. Charged now, less what is left/)).toBeVisible()
  await page.getByRole('button', { name: 'Change plan' }).click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText(/Paid\. Your server is being upgraded|still moving to its new plan/)).toBeVisible({ timeout: 30_000 })
  await expect
    .poll(async () => (await db.query(`SELECT act FROM server_acts WHERE server_id = $1 AND act = 'upgraded'`, [trial.id])).rowCount, { timeout: 120_000 })
    .toBe(2) // kept after the trial, then medium
  await page.goto(`/servers/manage/${trial.id}`)
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 120_000 })
  await expect(page.getByTestId('server-address')).toHaveText(`127.0.0.1:${trial.port}`)
  await page.goto('/servers/manage')
  await expect(page.getByRole('listitem').filter({ hasText: 'Server — Medium' })).toContainText('Running')

  // Small is cheaper: it waits for the renewal, and "Keep" undoes that.
  await page.goto(`/servers/manage/${trial.id}/options/billing`)
  await page.getByRole('radio', { name: /^Server — Small/ }).check()
  await page.getByRole('button', { name: 'Change plan' }).click()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Your plan changes at your next renewal.')).toBeVisible()
  await page.reload()
  await expect(page.getByText(/From your next renewal on .+ it moves to Server — Small\./)).toBeVisible()
  await page.getByRole('button', { name: 'Keep Server — Medium' }).click()
  await expect(page.getByText(/it moves to Server — Small/)).toHaveCount(0)
})

test('a server being upgraded shows its own screen, not Suspended', async ({ page }) => {
  // A server caught mid-upgrade (its node has not taken the new plan yet): planted, since a real upgrade passes in seconds.
  const id = `upg${run}`.slice(0, 16)
  await db.query(
    `INSERT INTO servers (id, name, owner_id, product_id, region_id, game_version, loader, status, suspension_reason, power_state, status_changed_at, updated_at, created_at)
     SELECT $1, 'Mid-upgrade', u.id, b.id, r.id, '1.21.4', 'flying-squid', 'suspended', 'upgrading', 'stopping', now(), now(), now()
     FROM users u, billing_products b, hosting_regions r WHERE u.username = $2 AND b.key = 'server-medium' AND r.key = 'local'`,
    [id, user.username],
  )
  await signIn(page, `/servers/manage/${id}`)
  await expect(page.getByRole('heading', { name: 'Upgrading your server' })).toBeVisible()
  await expect(page.getByTestId('server-status')).toHaveText('Upgrading')
  await expect(page.getByRole('heading', { name: 'Suspended' })).toHaveCount(0)
  await db.query(`DELETE FROM servers WHERE id = $1`, [id])
})

test('a server is 404 to another user; /servers/manage asks a visitor to sign in', async ({ page, browser }) => {
  const { rows } = await db.query<{ id: string }>(`SELECT s.id FROM servers s JOIN users u ON u.id = s.owner_id WHERE u.username = $1 LIMIT 1`, [user.username])
  const stranger = await browser.newContext()
  const other = await stranger.newPage()
  const response = await other.goto(`/servers/manage/${rows[0].id}`)
  await expect(other).toHaveURL(/\/auth\/sign-in/)
  expect(response?.status()).toBeLessThan(500)
  await stranger.close()
  const name = `peek-${run}`
  expect((await createAccount({ username: name, email: `${name}@example.test`, password: user.password })).status()).toBe(201)
  await page.goto(`/auth/sign-in?redirect=%2Fservers%2Fmanage`)
  await page.getByLabel('Email or username').fill(name)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('You have no servers yet.')).toBeVisible()
  expect((await page.goto(`/servers/manage/${rows[0].id}`))?.status()).toBe(404)
})

test('the purchase and the server pages have no serious axe violations, light and dark', async ({ page, context }) => {
  await signIn(page, '/servers/manage')
  const { rows } = await db.query<{ id: string }>(`SELECT s.id FROM servers s JOIN users u ON u.id = s.owner_id WHERE u.username = $1 AND s.status = 'available' LIMIT 1`, [user.username])
  for (const theme of ['light', 'dark'] as const) {
    await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
    // The purchase and the overview in both themes; the simpler pages (same components) in light.
    const pages = ['/servers', `/servers/manage/${rows[0].id}`, ...(theme === 'light' ? ['/servers/manage', ...['properties', 'info', 'network', 'loader', 'startup', 'preferences', 'billing'].map((o) => `/servers/manage/${rows[0].id}/options/${o}`)] : [])]
    for (const path of pages) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const bad = (await new AxeBuilder({ page }).exclude('.xterm').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  }
})

test('staff suspend a server with a reason its owner reads, publish a notice its owner dismisses, and lift the suspension', async ({ page, browser, request }) => {
  test.setTimeout(300_000)
  const server = (await db.query<{ id: string }>(`SELECT s.id FROM servers s JOIN users u ON u.id = s.owner_id WHERE u.username = $1 AND s.status = 'available' ORDER BY s.created_at LIMIT 1`, [user.username])).rows[0]
  expect(server).toBeTruthy()
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  try {
    await staff.goto(`/auth/sign-in?redirect=${encodeURIComponent(`/servers/admin?q=${user.username}`)}`)
    await staff.getByLabel('Email or username').fill('admin')
    await staff.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await staff.getByRole('button', { name: 'Sign in' }).click()
    await expect(staff.getByRole('heading', { name: 'Servers (staff)' })).toBeVisible()
    const row = staff.getByTestId(`staff-server-${server.id}`)
    await expect(row).toContainText(user.username)
    // Its use now, as its node reports it, against the plan.
    await expect(row.getByTestId('staff-usage')).toContainText(/RAM .* MiB/)
    expect(await seriousAxeViolations(staff)).toEqual([])
    // A suspension needs a reason (what was typed stays when refused).
    await row.getByRole('button', { name: 'Suspend' }).click()
    await expect(row.getByText('Say why the server is suspended: its owner reads it.')).toBeVisible()
    await row.getByLabel('Reason (its owner reads it)').fill('Reported for griefing; write to support.')
    await row.getByRole('button', { name: 'Suspend' }).click()
    await expect(row.getByText('Suspended. Its owner sees why.')).toBeVisible()

    // A notice for that server, published by staff through the API as /admin does.
    const notice = await request.post('/api/server-notices', {
      headers: await apiSignIn(request),
      data: { title: `Node maintenance ${run}`, message: 'The node restarts tonight at 02:00 UTC.', level: 'warn', assignedTo: 'servers', servers: [server.id], dismissable: true, begins: new Date(Date.now() - 60_000).toISOString() },
    })
    expect(notice.status(), await notice.text()).toBe(201)

    // The owner: Suspended with the staff's reason, and the notice, which they dismiss for good.
    await signIn(page, `/servers/manage/${server.id}`)
    await expect(page.getByRole('heading', { name: 'Suspended' })).toBeVisible()
    await expect(page.getByText('Suspended by staff: Reported for griefing; write to support.')).toBeVisible()
    const shown = page.getByRole('status', { name: `Node maintenance ${run}` })
    await expect(shown).toContainText('The node restarts tonight at 02:00 UTC.')
    await shown.getByRole('button', { name: 'Dismiss' }).click()
    await expect(shown).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('status', { name: `Node maintenance ${run}` })).toHaveCount(0)
    await page.goto(`/servers/manage/${server.id}/options/info`)
    await expect(page.getByTestId('server-activity')).toContainText('suspended by staff — admin: Reported for griefing; write to support.')

    // Lifted: it runs again.
    await staff.reload()
    await staff.getByTestId(`staff-server-${server.id}`).getByRole('button', { name: 'Unsuspend' }).click()
    await expect(staff.getByText('The staff suspension is lifted.')).toBeVisible()
    await page.goto(`/servers/manage/${server.id}`)
    await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 120_000 })
  } finally {
    await staffContext.close()
  }
  // Staff only: the page is 404 to its owner.
  expect((await page.goto('/servers/admin'))?.status()).toBe(404)
})
