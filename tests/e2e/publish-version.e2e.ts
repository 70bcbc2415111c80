/**
 * Publishing a version on the site (issue 13): real jars built by the test, their metadata read into
 * the form, files uploaded with progress, hashes verified by downloading the files back; a duplicate
 * file refused and a cancelled upload leaving nothing behind.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createHash, randomBytes } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import { collapseGameVersions } from '../../src/lib/format/gameVersions'
import { createAccount, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'publish-pass-1'
let owner: { token: string; id: string; headers: Record<string, string>; username: string }
const projects: string[] = []

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  const res = await request.post('/api/users/login', { data: { username, password: PASSWORD } })
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` }, username }
}

async function project(request: APIRequestContext, slug: string) {
  const res = await request.post('/api/projects', { headers: owner.headers, data: { slug, title: `Golems ${slug.slice(-6)}`, summary: 'A project for the version upload test.', projectType: 'mod' } })
  expect(res.status()).toBe(201)
  const id = (await res.json()).doc.id as string
  projects.push(id)
  return id
}

/** A jar as a mod loader would read it: fabric.mod.json beside a class file (unique bytes per call). */
function fabricJar(version: string, minecraft: string, padding = 0): Buffer {
  return Buffer.from(
    zipSync({
      'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'golems', name: 'Golems', version, depends: { fabricloader: '>=0.15', minecraft } })),
      'com/example/golems/Golems.class': new Uint8Array(randomBytes(2048)),
      ...(padding ? { 'assets/golems/textures.bin': [new Uint8Array(randomBytes(padding)), { level: 0 }] as [Uint8Array, { level: 0 }] } : {}),
    }),
  )
}

async function signedIn(page: Page, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: owner.token, url: baseURL }])
}

/**
 * Picks game versions through the multi-select (issue 34 item 4), from the two the jar gave
 * (releases[0..1]): by typing, Backspace, the From/To range, a click and a Shift+click, with the
 * keyboard pattern's ARIA checked on the way. Returns what should be stored: releases 0–4 and 6–9.
 */
async function pickGameVersions(page: Page, releases: string[]): Promise<string[]> {
  const group = page.getByRole('group', { name: 'Game versions' })
  const combo = group.getByRole('combobox', { name: 'Search game versions' })
  const list = group.getByRole('listbox', { name: 'Game versions' })
  const chips = group.getByRole('list', { name: 'Chosen game versions' })
  const chip = (v: string) => chips.getByRole('button', { name: `Remove ${v}`, exact: true })
  const option = (v: string) => list.getByRole('option', { name: v, exact: true })

  // Typing filters; the exact match is active; Enter picks it without submitting the form.
  await combo.fill(releases[9])
  await expect(combo).toHaveAttribute('aria-expanded', 'true')
  await expect(list).toHaveAttribute('aria-multiselectable', 'true')
  const activeId = await combo.getAttribute('aria-activedescendant')
  await expect(page.locator(`[id="${activeId}"]`)).toHaveText(releases[9])
  await combo.press('Enter')
  await expect(option(releases[9])).toHaveAttribute('aria-selected', 'true')
  await expect(chip(releases[9])).toBeVisible()
  await combo.press('Escape')
  await expect(combo).toHaveAttribute('aria-expanded', 'false')
  // Backspace in an empty filter removes the last chip (the oldest chosen).
  await combo.fill('')
  await combo.press('Backspace')
  await expect(chip(releases[9])).toHaveCount(0)

  // Snapshots only on request.
  await combo.click()
  await expect(list.getByRole('option', { name: /Snapshot/ })).toHaveCount(0)
  await group.getByRole('checkbox', { name: 'Show snapshots and older versions' }).check()
  await combo.click()
  await expect(list.getByRole('option', { name: /Snapshot/ }).first()).toBeVisible()
  await group.getByRole('checkbox', { name: 'Show snapshots and older versions' }).uncheck()

  // A range from the From/To pickers: every release between, both ends included.
  await group.getByText('Select a range').click()
  await group.getByLabel('From', { exact: true }).selectOption(releases[4])
  await group.getByLabel('To', { exact: true }).selectOption(releases[2])
  await group.getByRole('button', { name: 'Add every version in between' }).click()
  for (const v of releases.slice(2, 5)) await expect(chip(v)).toBeVisible()

  // A click, then a Shift+click: the range between them.
  await combo.click()
  await option(releases[6]).click()
  await option(releases[8]).click({ modifiers: ['Shift'] })
  for (const v of releases.slice(6, 9)) await expect(option(v)).toHaveAttribute('aria-selected', 'true')
  await expect(option(releases[5])).toHaveAttribute('aria-selected', 'false')
  await expectNoSeriousAxe(page, 'version form with the game version list open', { include: '.version-form' })

  // One more by typing and Enter.
  await combo.fill(releases[9])
  await combo.press('Enter')
  await combo.fill('')
  await combo.press('Escape')
  const expected = [...releases.slice(0, 5), ...releases.slice(6, 10)]
  await expect(chips.getByRole('button')).toHaveText(expected)

  // A look at a phone-sized window with the list open, dark (the default) and light.
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await combo.scrollIntoViewIfNeeded()
  await combo.click()
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? '')
  for (const scheme of ['dark', 'light'] as const) {
    await page.evaluate((s) => (document.documentElement.dataset.theme = s), scheme)
    await page.screenshot({ path: test.info().outputPath(`game-versions-390-${scheme}.png`) })
  }
  await page.evaluate((s) => (document.documentElement.dataset.theme = s), theme)
  await combo.press('Escape')
  if (size) await page.setViewportSize(size)
  return expected
}

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex')

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'publisher')
})

test.afterAll(async ({ request }) => {
  const login = await request.post('/api/users/login', { data: { username: 'admin', password: process.env.DEMO_PASSWORD ?? 'demo-password' } })
  const headers = { Authorization: `JWT ${(await login.json()).token}` }
  for (const id of projects) await request.delete(`/api/projects/${id}`, { headers })
})

test('a creator publishes a version: metadata read from the jar, files stored byte for byte', async ({ page, request, baseURL }) => {
  // The game version picker's whole keyboard and range walk is part of this journey.
  test.setTimeout(240_000)
  const slug = `golems-${run}`
  const projectId = await project(request, slug)
  const releases = (await (await request.get('/api/game-versions?where[versionType][equals]=release&sort=-date&limit=10&depth=0')).json()).docs.map((g: { id: string }) => g.id) as string[]
  expect(releases).toHaveLength(10)
  const jar = fabricJar('1.4.2', `>=${releases[1]}`)
  const sources = fabricJar('1.4.2', '*')

  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}`)
  await page.getByRole('link', { name: 'Create a version' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create a version' })).toBeVisible()

  // Nothing chosen: each missing part is named.
  await page.getByRole('button', { name: 'Publish version' }).click()
  await expect(page.locator('#nv-files-error')).toHaveText('Add at least one file.')

  await page.getByLabel('Files').setInputFiles([
    { name: 'golems-1.4.2.jar', mimeType: 'application/java-archive', buffer: jar },
    { name: 'golems-1.4.2-sources.jar', mimeType: 'application/java-archive', buffer: sources },
  ])
  await expect(page.getByText('were read from fabric.mod.json')).toBeVisible()
  await expect(page.getByLabel('Version number')).toHaveValue('1.4.2')
  await expect(page.getByRole('checkbox', { name: 'Fabric', exact: true })).toBeChecked()
  const chips = page.getByRole('list', { name: 'Chosen game versions' })
  for (const v of releases.slice(0, 2)) await expect(chips.getByRole('button', { name: `Remove ${v}`, exact: true })).toBeVisible()
  const chosen = await pickGameVersions(page, releases)
  await page.getByLabel('File type of golems-1.4.2-sources.jar').selectOption('sources-jar')
  await page.getByLabel('Changelog (markdown)').fill('First release: golems **sort** items.')
  const axe = await new AxeBuilder({ page }).include('.version-form').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await page.getByRole('button', { name: 'Publish version' }).click()
  // Uploads with progress: on a loaded machine they take more than the default five seconds.
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/version/1\\.4\\.2$`), { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  const version = (await (await request.get(`/api/versions?where[project][equals]=${projectId}&depth=0`, { headers: owner.headers })).json()).docs[0]
  expect(version).toMatchObject({ versionNumber: '1.4.2', status: 'listed', loaders: ['fabric'] })
  expect([...version.gameVersions].sort()).toEqual([...chosen].sort())
  // The version page shows what was picked (collapsed into spans the way the site writes them).
  const tags = (await (await request.get('/api/game-versions?limit=1000&depth=0&sort=-date')).json()).docs.map((g: { id: string; versionType: string; date: string }) => ({ version: g.id, versionType: g.versionType, date: g.date }))
  await expect(page.locator('dt:text-is("Game versions") + dd')).toHaveText(collapseGameVersions(chosen, tags))
  const files = (await (await request.get(`/api/version-files?where[version][equals]=${version.id}&depth=0`, { headers: owner.headers })).json()).docs
  const primary = files.find((f: { primary: boolean }) => f.primary)
  expect(primary).toMatchObject({ filename: 'golems-1.4.2.jar', sha1: sha1(jar) })
  expect(files.find((f: { primary: boolean }) => !f.primary)).toMatchObject({ fileType: 'sources-jar', sha1: sha1(sources) })
  const downloaded = await request.get(`/api/version-files/file/${encodeURIComponent(primary.filename)}`, { headers: owner.headers })
  expect(sha1(Buffer.from(await downloaded.body()))).toBe(sha1(jar))

  // The same bytes under another project are refused, and that project keeps no version.
  const other = await project(request, `golems-copy-${run}`)
  await page.goto(`/mod/golems-copy-${run}/version/new`)
  await page.getByLabel('Files').setInputFiles([{ name: 'copy.jar', mimeType: 'application/java-archive', buffer: jar }])
  await expect(page.getByLabel('Version number')).toHaveValue('1.4.2')
  await page.getByRole('button', { name: 'Publish version' }).click()
  await expect(page.getByText('Duplicate files are not allowed: this file is already published under another project.')).toBeVisible()
  await expect(page.getByText('copy.jar was refused: nothing was published.')).toBeVisible()
  expect((await (await request.get(`/api/versions?where[project][equals]=${other}&depth=0`, { headers: owner.headers })).json()).totalDocs).toBe(0)
})

test('dependencies: a project found by its URL, its kind, a pinned version; an unknown one is named; removed again', async ({ page, request, baseURL }) => {
  const slug = `golems-${run}`
  const search = await (await request.get(`/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()
  const dep = search.hits[0] as { slug: string; title: string; project_id: string }
  const depVersion = (await (await request.get(`/v2/project/${dep.project_id}/version`)).json())[0] as { id: string; version_number: string }
  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}/version/1.4.2/edit`)
  const editor = page.getByRole('group', { name: 'Dependencies' })

  await editor.getByLabel('Project to add as a dependency').fill('no-such-project-anywhere')
  await editor.getByRole('button', { name: 'Add dependency' }).click()
  await expect(editor.getByRole('alert')).toHaveText('No project found for “no-such-project-anywhere”.')

  await editor.getByLabel('Project to add as a dependency').fill(`${baseURL}/mod/${dep.slug}`)
  await editor.getByLabel('Kind of dependency', { exact: true }).selectOption('optional')
  await editor.getByRole('button', { name: 'Add dependency' }).click()
  const row = editor.getByRole('listitem').filter({ hasText: dep.title })
  await expect(row).toBeVisible()
  await expect(row.getByLabel(`Kind of dependency on ${dep.title}`)).toHaveValue('optional')
  await row.getByLabel(`Version of ${dep.title}`).selectOption({ label: depVersion.version_number })
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(page).toHaveURL(/\/version\/[^/]+$/)
  await expect(page.locator('.dependency-list')).toContainText(dep.title)

  const projectId = (await (await request.get(`/v2/project/${slug}`, { headers: owner.headers })).json()).id
  const stored = async () => (await (await request.get(`/api/versions?where[versionNumber][equals]=1.4.2&depth=0`, { headers: owner.headers })).json()).docs.find((v: { project: string }) => v.project === projectId)
  expect((await stored()).dependencies).toMatchObject([{ project: dep.project_id, version: depVersion.id, dependencyType: 'optional' }])

  await page.goto(`/mod/${slug}/version/1.4.2/edit`)
  await expect(row.getByLabel(`Version of ${dep.title}`)).toHaveValue(depVersion.id)
  await row.getByRole('button', { name: `Remove the dependency on ${dep.title}` }).click()
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(page).toHaveURL(/\/version\/[^/]+$/)
  expect((await stored()).dependencies).toEqual([])
})

test('a version is edited and deleted from its page', async ({ page, request, baseURL }) => {
  const slug = `golems-${run}`
  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}/version/1.4.2`)
  await page.getByRole('link', { name: 'Edit version' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit version' })).toBeVisible()
  await expect(page.getByLabel('Version number')).toHaveValue('1.4.2')
  await page.getByLabel('Version name').fill('The sorting update')
  await page.getByLabel('Status').selectOption('unlisted')
  await page.getByRole('radio', { name: 'Beta' }).check()
  await page.getByRole('button', { name: 'Save version' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'The sorting update' })).toBeVisible()
  const version = (await (await request.get(`/api/versions?where[versionNumber][equals]=1.4.2&depth=0`, { headers: owner.headers })).json()).docs.find((v: { name: string }) => v.name === 'The sorting update')
  expect(version).toMatchObject({ status: 'unlisted', versionType: 'beta' })

  // Its files: add one, make it the primary file, type another, remove the others (never the last one).
  await page.getByRole('link', { name: 'Edit version' }).click()
  const filesEditor = page.getByRole('region', { name: 'Files' })
  const fileRows = filesEditor.getByRole('list', { name: 'Files' }).getByRole('listitem')
  await expect(fileRows.first()).toBeVisible()
  const before = await fileRows.count()
  await filesEditor.getByLabel('Add files').setInputFiles({ name: 'golems-extra.jar', mimeType: 'application/java-archive', buffer: fabricJar('1.4.2', '1.21') })
  await expect(fileRows).toHaveCount(before + 1)
  const extra = fileRows.filter({ hasText: 'golems-extra.jar' })
  const others = fileRows.filter({ hasNotText: 'golems-extra.jar' })
  await extra.getByRole('radio', { name: 'Make golems-extra.jar the primary file' }).check()
  await expect(extra).toContainText('Primary file')
  await others.first().getByRole('combobox').selectOption('sources-jar')
  await expect(filesEditor.getByRole('status')).toHaveText('Files updated.')
  const files = async () => (await (await request.get(`/api/version-files?where[version][equals]=${version.id}&depth=0&sort=createdAt`, { headers: owner.headers })).json()).docs as { filename: string; primary: boolean; fileType: string | null }[]
  await expect.poll(async () => (await files()).filter((f) => f.primary).map((f) => f.filename)).toEqual(['golems-extra.jar'])
  expect((await files()).filter((f) => f.filename !== 'golems-extra.jar')[0].fileType).toBe('sources-jar')
  for (let left = before; left > 0; left--) {
    await others.first().getByRole('button', { name: /^Remove/ }).click()
    await expect(fileRows).toHaveCount(left)
  }
  await expect(extra.getByRole('button', { name: /^Remove/ })).toBeDisabled()
  await expect.poll(async () => (await files()).map((f) => f.filename)).toEqual(['golems-extra.jar'])

  await page.getByRole('button', { name: 'Delete version' }).click()
  await page.getByRole('button', { name: 'Yes, delete this version' }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/versions$`))
  expect((await request.get(`/api/versions/${version.id}`, { headers: owner.headers })).status()).toBe(404)
})

test('an upload can be cancelled; nothing is published', async ({ page, request, baseURL }) => {
  const slug = `golems-cancel-${run}`
  const projectId = await project(request, slug)
  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}/version/new`)
  const big = fabricJar('2.0.0', '*', 2 * 1024 * 1024)
  await page.getByLabel('Files').setInputFiles([{ name: 'big.jar', mimeType: 'application/java-archive', buffer: big }])
  await expect(page.getByLabel('Version number')).toHaveValue('2.0.0')
  await expect(page.getByRole('checkbox', { name: 'Fabric', exact: true })).toBeChecked()
  // The upload is held on its way (as on a slow uplink), so it is still running when Cancel is pressed.
  let release = () => {}
  let reached = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const uploading = new Promise<void>((resolve) => (reached = resolve))
  await page.route('**/api/version-files**', async (route) => {
    reached()
    await held
    await route.continue().catch(() => undefined)
  })
  await page.getByRole('button', { name: 'Publish version' }).click()
  await expect(page.getByRole('progressbar', { name: 'Upload of big.jar' })).toBeVisible()
  await uploading
  await page.getByRole('button', { name: 'Cancel upload' }).click()
  await expect(page.getByText('Upload cancelled. Nothing was published.')).toBeVisible()
  release()
  // The form is usable again, with the files still chosen.
  await expect(page.getByRole('button', { name: 'Publish version' })).toBeEnabled()
  await expect(page.locator('.version-form__file strong')).toHaveText('big.jar')
  await expect.poll(async () => (await (await request.get(`/api/versions?where[project][equals]=${projectId}&depth=0`, { headers: owner.headers })).json()).totalDocs).toBe(0)
})

test('the team manages the gallery: add, feature one, edit, delete', async ({ page, request, baseURL }) => {
  const sharp = (await import('sharp')).default
  const png = (r: number) => sharp({ create: { width: 64, height: 36, channels: 3, background: { r, g: 120, b: 90 } } }).png().toBuffer()
  const slug = `golems-gallery-${run}`
  const projectId = await project(request, slug)
  await signedIn(page, baseURL!)
  await page.goto(`/mod/${slug}/gallery`)
  const manager = page.getByRole('region', { name: 'Manage the gallery' })
  const upload = manager.getByRole('form', { name: 'Add an image' })

  // Not an image: refused by the upload, the title typed stays.
  await upload.getByLabel(/^Image/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await upload.getByLabel('Title').fill('Sorting room')
  await upload.getByRole('button', { name: 'Add to the gallery' }).click()
  await expect(upload.getByRole('alert')).toBeVisible()
  await expect(upload.getByLabel('Title')).toHaveValue('Sorting room')

  for (const [title, r] of [['Sorting room', 10], ['Golem at work', 200]] as const) {
    await upload.getByLabel(/^Image/).setInputFiles({ name: `${r}.png`, mimeType: 'image/png', buffer: await png(r) })
    await upload.getByLabel('Title').fill(title)
    await upload.getByRole('checkbox', { name: /Featured image/ }).check()
    await upload.getByRole('button', { name: 'Add to the gallery' }).click()
    await expect(upload.getByRole('status')).toHaveText('Image added to the gallery.')
    await expect(manager.getByRole('form', { name: `Edit ${title}` })).toBeVisible()
  }
  const images = async () => (await (await request.get(`/api/images?where[project][equals]=${projectId}&depth=0&sort=ordering`, { headers: owner.headers })).json()).docs as { id: string; title: string; featured: boolean }[]
  // One featured image per project: the second took it over.
  expect((await images()).map((i) => [i.title, i.featured])).toEqual([['Sorting room', false], ['Golem at work', true]])
  await expect(page.locator('.gallery-grid .gallery-card').first()).toBeVisible()

  // Ordering: with the buttons (keyboard), then by dragging the handle; saved at once, kept on reload.
  const items = manager.getByRole('list', { name: 'Gallery images' }).getByRole('listitem')
  await manager.getByRole('button', { name: /Move up.*Golem at work/ }).click()
  await expect(manager.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible()
  await expect(items.first().getByRole('form')).toHaveAccessibleName('Edit Golem at work')
  expect((await images()).map((i) => i.title)).toEqual(['Golem at work', 'Sorting room'])
  await page.reload()
  await expect(items.first().getByRole('form')).toHaveAccessibleName('Edit Golem at work')
  // A drag with the mouse: press on the second item's handle, move onto the first item, release.
  await items.nth(1).getByTestId('gallery-drag-handle').hover()
  await page.mouse.down()
  await items.first().getByTestId('gallery-drag-handle').hover()
  await expect(items.first()).toHaveClass(/gallery-manager__item--over/)
  await page.mouse.up()
  await expect(items.first().getByRole('form')).toHaveAccessibleName('Edit Sorting room')
  await expect.poll(async () => (await images()).map((i) => i.title)).toEqual(['Sorting room', 'Golem at work'])

  const edit = manager.getByRole('form', { name: 'Edit Sorting room' })
  await edit.getByLabel('Description').fill('Where the golems bring the items.')
  await edit.getByRole('button', { name: 'Save image' }).click()
  await expect(edit.getByRole('status')).toHaveText('Image saved.')
  expect((await images()).find((i) => i.title === 'Sorting room')).toMatchObject({ description: 'Where the golems bring the items.' })

  await manager.getByRole('button', { name: /Delete image.*Golem at work/ }).click()
  await expect(manager.getByRole('form', { name: 'Edit Golem at work' })).toHaveCount(0)
  expect((await images()).map((i) => i.title)).toEqual(['Sorting room'])
  const axe = await new AxeBuilder({ page }).include('.gallery-manager').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})
