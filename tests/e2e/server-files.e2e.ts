/**
 * A server's files page (issue 32 item 2, spec §2 "files", §4 "File uploads queue, run in parallel and
 * can be cancelled") as the owner meets it, on the demo server of `tinkerfox` on the local node agent
 * scripts/test-app.mjs starts: three files uploaded at once with one cancelled (the other two land,
 * the cancelled one does not, and nothing of it is left on the node), a folder uploaded with its
 * layout, a file edited, renamed and deleted, and a path out of the server's folder refused. Works in
 * a folder of its own and removes it at the end.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { expect, test, type Page, type Route } from '@playwright/test'

import { expectNoSeriousAxe, signInPage } from './helpers'

const folder = `e2e-files-${Date.now().toString(36)}`

const signIn = (page: Page, to: string) => signInPage(page, to)

test('the owner uploads three files at once and cancels one, uploads a folder, edits, renames and deletes', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page, '/servers/manage')
  await page.getByRole('link', { name: 'Tinkerfox Test Realm' }).click()
  await expect(page).toHaveURL(/\/servers\/manage\/[A-Za-z0-9]+$/)
  const serverUrl = page.url()
  const serverId = serverUrl.split('/').pop()!
  await page.getByRole('link', { name: 'Files', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible()
  // Seeded unprovisioned: the reconciler places it on the local node once its agent answers; until
  // then the page says it is not set up yet.
  await expect
    .poll(async () => {
      await page.reload()
      return page.getByRole('button', { name: 'New folder' }).isVisible()
    }, { timeout: 150_000, intervals: [2000] })
    .toBe(true)
  await expect(page.getByRole('link', { name: 'Server folder' })).toBeVisible()
  await expectNoSeriousAxe(page, 'files, light')

  // A folder of this test's own, then into it.
  await page.getByLabel('Name', { exact: true }).fill(folder)
  await page.getByRole('button', { name: 'New folder' }).click()
  await expect(page.getByText(`Created the folder ${folder}.`)).toBeVisible()
  await page.getByRole('link', { name: `${folder}/` }).click()
  await expect(page).toHaveURL(new RegExp(`path=${folder}$`))
  await expect(page.getByText('This folder is empty.')).toBeVisible()

  // Three at once; the big one's second chunk is held on the wire (a slow connection) until it is
  // cancelled, so the node has its first 4 MiB when the owner cancels.
  let held: Route | null = null
  await page.route(/\/files\/upload\?path=[^&]*big\.bin/, async (route) => {
    if (route.request().method() !== 'PUT' || route.request().url().includes('offset=0')) return route.continue()
    held = route
  })
  await page.getByLabel('Upload files').setInputFiles([
    { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('alpha\n') },
    { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.from('bravo\n') },
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(6 * 1024 * 1024, 7) },
  ])
  const items = page.getByTestId('upload-item')
  await expect(items).toHaveCount(3)
  const big = items.filter({ hasText: 'big.bin' })
  await expect(big.getByRole('status')).toHaveText('Uploading')
  await expect.poll(() => held !== null).toBe(true)
  await big.getByRole('button', { name: `Cancel the upload of ${folder}/big.bin` }).click()
  await expect(big.getByRole('status')).toHaveText('Cancelled')
  await (held as Route | null)?.abort().catch(() => undefined) // the page dropped it already
  await expect(items.filter({ hasText: 'a.txt' }).getByRole('status')).toHaveText('Uploaded')
  await expect(items.filter({ hasText: 'b.txt' }).getByRole('status')).toHaveText('Uploaded')
  await page.unroute(/\/files\/upload/)
  // The list shows what is on the node: the two, not the cancelled one, and nothing of it is kept.
  const rows = page.getByTestId('file-row')
  await expect(rows).toHaveText([/a\.txt/, /b\.txt/])
  const left = await page.request.get(`/servers/manage/${serverId}/files/upload?path=${folder}/big.bin&size=${6 * 1024 * 1024}`, { headers: { 'sec-fetch-site': 'same-origin' } })
  expect(await left.json()).toEqual({ offset: 0 })

  // A folder upload keeps its layout.
  const local = mkdtempSync(path.join(os.tmpdir(), 'bf-upload-'))
  mkdirSync(path.join(local, 'world', 'data'), { recursive: true })
  writeFileSync(path.join(local, 'world', 'level.txt'), 'level\n')
  writeFileSync(path.join(local, 'world', 'data', 'raids.txt'), 'raids\n')
  await page.getByLabel('Upload a folder').setInputFiles(path.join(local, 'world'))
  await expect(items.filter({ hasText: 'world/data/raids.txt' }).getByRole('status')).toHaveText('Uploaded')
  await expect(rows.filter({ hasText: 'world/' })).toHaveCount(1)
  await page.getByRole('link', { name: 'world/' }).click()
  await expect(rows).toHaveText([/data\//, /level\.txt/])
  await page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name: folder }).click()

  // Edit a.txt: saved, and there when opened again.
  await page.getByRole('link', { name: 'Edit a.txt' }).click()
  await expect(page.getByRole('heading', { name: 'Edit a.txt' })).toBeVisible()
  const contents = page.getByLabel('Contents of a.txt')
  await expect(contents).toHaveValue('alpha\n')
  await contents.fill('alpha, edited\n')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Contents of a.txt')).toHaveValue('alpha, edited\n')
  await page.getByRole('link', { name: 'Back to the folder' }).click()

  // Rename b.txt.
  await page.getByRole('button', { name: 'Rename or move b.txt' }).click()
  await page.getByLabel('New path').fill(`${folder}/bravo.txt`)
  await page.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(page.getByText(`Moved to ${folder}/bravo.txt.`)).toBeVisible()
  await expect(rows).toHaveText([/world\//, /a\.txt/, /bravo\.txt/])

  // A path out of the server's folder is refused, not listed.
  await page.goto(`${serverUrl}/files?path=${encodeURIComponent(`${folder}/../../..`)}`)
  await expect(page.getByRole('alert').filter({ hasText: 'paths stay inside the server' })).toBeVisible()
  await expect(rows).toHaveCount(0)

  // Delete the test's folder: asked first, then gone.
  await page.goto(`${serverUrl}/files`)
  await page.getByLabel(`Select ${folder}`).check()
  await expect(page.getByText('1 item selected')).toBeVisible()
  await page.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByText('Delete 1 item for good? This cannot be undone.')).toBeVisible()
  await page.getByRole('button', { name: 'Delete for good' }).click()
  await expect(page.getByText('Deleted 1 item.')).toBeVisible()
  await expect(page.getByRole('link', { name: `${folder}/` })).toHaveCount(0)
})
