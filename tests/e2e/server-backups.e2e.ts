/**
 * A server's backups page (issue 32 item 1, spec §2 "backups", §4, §8) as its owner meets it, on a
 * small-plan server of a new account placed by the reconciler on the local node agent (a real
 * flying-squid folder): backups are made and become ready, renamed, locked, downloaded through a
 * prepared link whose archive has the shown checksum and which expires, restored, deleted; the
 * slots count down and a backup past them is refused with 'Failed to create backup'; automatic
 * backups are saved only when something changed. Axe clean, light and dark.
 */
import { createHash, randomBytes } from 'node:crypto'

import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'

import { createAccount, expectNoSeriousAxe, signInPage } from './helpers'

const run = Date.now().toString(36)
const user = { username: `backups-${run}`, password: 'backups-pass-1' }
const newId = () => randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 15)
let db: pg.Client
let serverId: string

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  expect((await createAccount({ username: user.username, email: `${user.username}@example.test`, password: user.password })).status()).toBe(201)
  // A paid small plan (3 backup slots), as the demo data makes one: the reconciler places it.
  const { rows } = await db.query<{ owner: string; product: string; price: string; region: string }>(`
    SELECT u.id AS owner, b.id AS product, p.id AS price, r.id AS region FROM users u, billing_products b
    JOIN billing_prices p ON p.product_id = b.id AND p.currency = 'USD', hosting_regions r
    WHERE u.username = $1 AND b.key = 'server-small' AND r.key = 'local'`, [user.username])
  const { owner, product, price, region } = rows[0]
  const subscription = newId()
  serverId = newId()
  await db.query(`INSERT INTO subscriptions (id, user_id, product_id, price_id, currency, interval, status, updated_at, created_at) VALUES ($1, $2, $3, $4, 'USD', 'monthly', 'provisioned', now(), now())`, [subscription, owner, product, price])
  await db.query(
    `INSERT INTO servers (id, name, owner_id, subscription_id, product_id, region_id, game_version, loader, status, power_state, status_changed_at, updated_at, created_at)
     VALUES ($1, 'Backup Realm', $2, $3, $4, $5, '1.21.4', 'flying-squid', 'unprovisioned', 'stopped', now(), now(), now())`,
    [serverId, owner, subscription, product, region],
  )
})
test.afterAll(async () => {
  await db?.end()
})

const toast = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title }).first()
const row = (page: Page, name: string) => page.getByTestId('backup').filter({ hasText: name })

async function createBackup(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('button', { name: 'Create backup' }).click()
  await expect(toast(page, `Backup “${name}” is being made.`)).toBeVisible()
  await expect(row(page, name)).toHaveAttribute('data-state', 'ready', { timeout: 60_000 })
}

test('the owner makes, names, locks, downloads, restores and deletes backups within the plan’s slots', async ({ page, context, request }) => {
  test.setTimeout(300_000)
  await page.clock.install()
  await signInPage(page, '/servers/manage', user.username, user.password)
  await page.getByRole('link', { name: 'Backup Realm' }).click()
  await page.getByRole('link', { name: 'Backups', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/servers/manage/${serverId}/backups$`))
  await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible()
  // Placed and installed by the reconciler; until then there is nothing to back up.
  await expect
    .poll(async () => {
      await page.reload()
      return page.getByRole('button', { name: 'Create backup' }).isEnabled()
    }, { timeout: 150_000, intervals: [2000] })
    .toBe(true)
  await expect(page.getByTestId('backup-slots')).toContainText('3 backup slots remaining')
  await expect(page.getByText('No backups yet.')).toBeVisible()
  await expectNoSeriousAxe(page, 'backups, empty')

  // A second tab, left on the page as it is now (three slots free).
  const stale = await context.newPage()
  await stale.goto(`/servers/manage/${serverId}/backups`)

  await createBackup(page, 'First one')
  await expect(page.getByTestId('backup-slots')).toContainText('2 backup slots remaining')

  // Rename and lock.
  await row(page, 'First one').getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'New name for “First one”' }).fill('Before the update')
  await row(page, 'First one').getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Renamed to “Before the update”.')).toBeVisible()
  const kept = row(page, 'Before the update')
  await kept.getByRole('button', { name: 'Lock' }).click()
  await expect(kept.getByText('Locked', { exact: true })).toBeVisible()
  await expect(kept.getByRole('button', { name: 'Unlock' })).toBeVisible()

  // Prepare the download: a link whose archive has the checksum shown; an hour later it has expired.
  await kept.getByRole('button', { name: 'Prepare download' }).click()
  await expect(toast(page, 'The download is ready.')).toBeVisible()
  const link = kept.getByRole('link', { name: 'Download' })
  const href = (await link.getAttribute('href'))!
  const file = await request.get(href)
  expect(file.status()).toBe(200)
  const checksum = (await kept.locator('.backup__checksum code').textContent())!
  expect(createHash('sha256').update(await file.body()).digest('hex')).toBe(checksum)
  expect(file.headers()['content-disposition']).toContain('Backup Realm-Before the update.tar.gz')
  await page.clock.fastForward('01:01:00')
  await expect(kept.getByText('The download link has expired.')).toBeVisible()
  await expect(kept.getByRole('link', { name: 'Download' })).toHaveCount(0)
  await expect(kept.getByRole('button', { name: 'Prepare again' })).toBeVisible()

  // Fill the slots; the tab that still shows three free is refused with the spec's title.
  await createBackup(page, 'Second one')
  await createBackup(page, 'Third one')
  await expect(page.getByTestId('backup-slots')).toContainText('No backup slots remaining')
  await expect(page.getByRole('button', { name: 'Create backup' })).toBeDisabled()
  await stale.getByRole('textbox', { name: 'Name' }).fill('One too many')
  await stale.getByRole('button', { name: 'Create backup' }).click()
  const refused = toast(stale, 'Failed to create backup')
  await expect(refused).toBeVisible()
  await expect(refused).toContainText('No backup slots remaining: this plan keeps 3. Delete a backup to make room.')
  await stale.close()

  // Restore, asked first: the row shows it, then it is ready again.
  await kept.getByRole('button', { name: 'Restore' }).click()
  await expect(kept.getByText('Restore “Before the update”? The server stops')).toBeVisible()
  await kept.getByRole('button', { name: 'Restore now' }).click()
  await expect(toast(page, 'Restoring the backup: the server starts again when it is done.')).toBeVisible()
  await expect(kept).toHaveAttribute('data-state', 'ready', { timeout: 60_000 })
  await expect(kept.getByText('Failed to restore from backup')).toHaveCount(0)

  // Delete, asked first; its slot is free again, and it stays gone.
  await row(page, 'Third one').getByRole('button', { name: 'Delete' }).click()
  await row(page, 'Third one').getByRole('button', { name: 'Delete for good' }).click()
  await expect(toast(page, 'Backup deleted.')).toBeVisible()
  await expect(row(page, 'Third one')).toHaveCount(0)
  await page.reload()
  await expect(row(page, 'Third one')).toHaveCount(0)
  await expect(page.getByTestId('backup-slots')).toContainText('1 backup slot remaining')

  // Automatic backups: Save only once something changed; the interval only while they are on.
  const save = page.locator('.backups__auto').getByRole('button', { name: 'Save' })
  const every = page.getByRole('combobox', { name: 'How often' })
  await expect(save).toBeDisabled()
  await expect(every).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Back up automatically' }).check()
  await every.selectOption({ label: 'Every 12 hours' })
  await save.click()
  await expect(toast(page, 'Automatic backups every 12 hours.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Back up automatically' })).toBeChecked()
  await expect(every).toHaveValue('12')
  await expect(save).toBeDisabled()

  for (const theme of ['light', 'dark'] as const) {
    await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expectNoSeriousAxe(page, `backups, ${theme}`)
  }
})
