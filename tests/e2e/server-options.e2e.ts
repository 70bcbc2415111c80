/**
 * A server's Startup and Preferences pages (issue 31, spec §2 "options/startup", "options/preferences")
 * as the owner meets them, on the demo server of `tinkerfox` (*Tinkerfox Test Realm*, installed by the
 * reconciler on the local node agent scripts/test-app.mjs starts): a refused flag is named and what
 * was typed stays; good values are saved and are there after a reload; the preferences change the
 * overview. The test puts the demo server's settings back as seeded at the end.
 */
import { expect, test, type Page } from '@playwright/test'

import { signInPage } from './helpers'

const signIn = (page: Page, to: string) => signInPage(page, to)

test('the owner sets startup memory and flags (a refused flag named, input kept) and preferences; both stay after a reload', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page, '/servers/manage')
  await page.getByRole('link', { name: 'Tinkerfox Test Realm' }).click()
  await expect(page).toHaveURL(/\/servers\/manage\/[A-Za-z0-9]+$/)
  const serverUrl = page.url()
  // Seeded unprovisioned: the reconciler installs it once the local agent answers (the page follows it).
  await expect(page.getByTestId('power-state')).toHaveText('Running', { timeout: 150_000 })

  // "Ask before stopping or killing" is on by default: the question comes, and saying no stops nothing.
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))))
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  expect(await asked).toBe('Stop the server? Players are disconnected.')
  await expect(page.getByTestId('power-state')).toHaveText('Running')

  // Startup: the plan's memory beside the field; a refused flag is named and the input kept.
  await page.getByRole('link', { name: 'Startup', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Startup', exact: true })).toBeVisible()
  await expect(page.getByTestId('plan-ram')).toHaveText('Plan memory: 2048 MiB')
  const memory = page.getByLabel('Memory (MiB)')
  const flags = page.getByLabel('Extra flags')
  await memory.fill('1024')
  await flags.fill('--expose-gc --require=./evil.js')
  await page.getByRole('button', { name: 'Save startup' }).click()
  const refused = page.getByRole('alert').filter({ hasText: '--require=./evil.js (it runs code)' })
  await expect(refused).toContainText('Nothing was saved.')
  await expect(refused).not.toContainText('--expose-gc (')
  await expect(flags).toHaveValue('--expose-gc --require=./evil.js')
  await expect(memory).toHaveValue('1024')

  await flags.fill('--expose-gc --max-semi-space-size=16')
  await page.getByRole('button', { name: 'Save startup' }).click()
  await expect(page.getByText('Saved. It applies at the next restart.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Restart now' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Memory (MiB)')).toHaveValue('1024')
  await expect(page.getByLabel('Extra flags')).toHaveValue('--expose-gc --max-semi-space-size=16')

  // Preferences: saved, and there after a reload.
  await page.getByRole('link', { name: 'Preferences', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Preferences', exact: true })).toBeVisible()
  await expect(page.getByLabel('Ask before stopping or killing')).toBeChecked()
  await page.getByLabel('Restart when it crashes').check()
  await page.getByLabel('Show memory as a percentage of the plan').check()
  await page.getByLabel('Hide the subdomain label').check()
  await page.getByLabel('Ask before stopping or killing').uncheck()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Preferences saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Restart when it crashes')).toBeChecked()
  await expect(page.getByLabel('Show memory as a percentage of the plan')).toBeChecked()
  await expect(page.getByLabel('Hide the subdomain label')).toBeChecked()
  await expect(page.getByLabel('Ask before stopping or killing')).not.toBeChecked()

  // The overview shows memory as a share of the plan.
  await page.goto(serverUrl)
  await expect(page.getByTestId('usage-memory')).toHaveText(/^\d+%$/, { timeout: 30_000 })

  // Back as seeded: Automatic, no flags, the default preferences.
  await page.goto(`${serverUrl}/options/startup`)
  await page.getByLabel('Memory (MiB)').fill('')
  await page.getByLabel('Extra flags').fill('')
  await page.getByRole('button', { name: 'Save startup' }).click()
  await expect(page.getByText('Saved. It applies at the next restart.')).toBeVisible()
  await page.goto(`${serverUrl}/options/preferences`)
  for (const label of ['Restart when it crashes', 'Show memory as a percentage of the plan', 'Hide the subdomain label']) await page.getByLabel(label).uncheck()
  await page.getByLabel('Ask before stopping or killing').check()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Preferences saved.')).toBeVisible()
})
