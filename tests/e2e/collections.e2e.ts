/**
 * Collections (issue 14 item 4, and the collections half of item 2): create one on the dashboard,
 * add a project to it from the project page, see it on the collection page, remove it, make the
 * collection private (a stranger then gets 'Collection not found'), follow a project and find it in
 * Followed projects, delete with confirmation. Checked with axe, and at a phone's 390 px width.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test'

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { strFromU8, unzipSync } from 'fflate'

import { createAccount, expectNoHorizontalOverflow, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })
// Four engineers build on two cores: a server action can take longer than the default 5 s to answer.
const expect = baseExpect.configure({ timeout: 20_000 })

const run = Date.now().toString(36)
const PASSWORD = 'collector-pass-1'

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  return username
}

async function signInHere(page: Page, username: string, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/\//g, '\\/')}$`))
}

const noSeriousAxe = (page: Page, label: string, include = 'main') => expectNoSeriousAxe(page, label, { include })

type Doc = { id: string; slug: string; title: string; projectType: string; loaders?: string[] }
async function anApprovedMod(request: APIRequestContext): Promise<Doc> {
  const res = await request.get('/api/projects?where[status][equals]=approved&where[projectType][equals]=mod&limit=50&depth=0&sort=title')
  const docs = ((await res.json()) as { docs: Doc[] }).docs.filter((d) => !(d.loaders ?? []).some((l) => ['datapack', 'bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge', 'bungeecord', 'waterfall', 'velocity'].includes(l)))
  expect(docs.length).toBeGreaterThan(0)
  return docs[0]
}

const name = `Cozy picks ${run}`
let collectionPath = ''
let username = ''

test('create on the dashboard (with a clear error first), then add a project from its page', async ({ page, request }) => {
  username = await account(request, 'collector')
  const mod = await anApprovedMod(request)
  await signInHere(page, username, '/dashboard/collections')
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page')
  // The automatic Followed projects collection is there from the start.
  await expect(page.getByTestId('collection-card').filter({ hasText: 'Followed projects' })).toContainText('0 projects')
  await noSeriousAxe(page, 'dashboard collections', '.settings-content')

  await page.getByRole('button', { name: 'Create new' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a collection' })
  await dialog.getByLabel('Name').fill('ab')
  await dialog.getByRole('button', { name: 'Create collection' }).click()
  await expect(dialog.getByText('The name must be 3 to 64 characters long.')).toBeVisible()
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await noSeriousAxe(page, 'create dialog with an error', 'dialog')
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Summary').fill('Calm building mods')
  await dialog.getByRole('button', { name: 'Create collection' }).click()
  await expect(page).toHaveURL(/\/collection\/[0-9A-Za-z]{8}$/)
  collectionPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('No projects yet.')).toBeVisible()

  // The project page: Add to collection → tick the new collection.
  await page.goto(`/mod/${mod.slug}`)
  await page.getByRole('button', { name: 'Add to collection' }).click()
  const menu = page.getByRole('dialog', { name: 'Add to collection' })
  const box = menu.getByRole('checkbox', { name })
  await expect(box).not.toBeChecked()
  await noSeriousAxe(page, 'add to collection menu', 'dialog')
  await box.check()
  await expect(menu.getByRole('status')).toHaveText(`Added to ${name}.`)
  await menu.getByRole('button', { name: 'Close' }).click()

  // The collection page lists it, with a Remove button for the owner.
  await page.goto(collectionPath)
  await expect(page.getByTestId('profile-projects')).toContainText(mod.title)
  await noSeriousAxe(page, 'collection page (owner)')
  // Reopening the menu shows the box ticked.
  await page.goto(`/mod/${mod.slug}`)
  await page.getByRole('button', { name: 'Add to collection' }).click()
  await expect(page.getByRole('dialog', { name: 'Add to collection' }).getByRole('checkbox', { name })).toBeChecked()

  // Dashboard search by name.
  await page.goto('/dashboard/collections')
  await page.getByRole('searchbox', { name: 'Search your collections' }).fill(`cozy ${run}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\?q=/)
  await expect(page.getByTestId('collection-card')).toHaveCount(1)
  await expect(page.getByTestId('collection-card')).toContainText('1 project')
  await page.getByRole('searchbox', { name: 'Search your collections' }).fill('nothing matches this')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No collection matches “nothing matches this”.')).toBeVisible()

  // Remove the project on the collection page.
  await page.goto(collectionPath)
  await page.getByRole('button', { name: `Remove ${mod.title} from this collection` }).click()
  await expect(page.getByText('No projects yet.')).toBeVisible()
})

test('made private, a stranger gets Collection not found; the owner still sees it', async ({ page, browser }) => {
  await signInHere(page, username, collectionPath)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit collection' })
  await dialog.getByLabel('Visibility').selectOption('private')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('collection-visibility')).toHaveText('Private')

  const stranger = await browser.newContext()
  const other = await stranger.newPage()
  const res = await other.goto(collectionPath)
  expect(res?.status()).toBe(404)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Collection not found')
  await stranger.close()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('follow a project: it is in Followed projects, unfollowing there takes it out and the count back', async ({ page, request }) => {
  const mod = await anApprovedMod(request)
  await signInHere(page, username, `/mod/${mod.slug}`)
  const follow = page.locator('.follow-button')
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  const stats = page.locator('.project-header__stats')
  const before = await stats.textContent()
  await follow.click()
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await expect(stats).not.toHaveText(before ?? '')

  await page.goto('/dashboard/collections')
  await expect(page.getByTestId('collection-card').filter({ hasText: 'Followed projects' })).toContainText('1 project')
  await page.getByRole('link', { name: 'Followed projects' }).click()
  await expect(page).toHaveURL(/\/collection\/following$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Followed projects' })).toBeVisible()
  await expect(page.getByTestId('profile-projects')).toContainText(mod.title)
  await noSeriousAxe(page, 'followed projects')
  await page.getByRole('button', { name: `Unfollow ${mod.title}` }).click()
  await expect(page.getByText('No projects yet.')).toBeVisible()

  await page.goto(`/mod/${mod.slug}`)
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await expect(stats).toHaveText(before ?? '')
})

test('add from search results, then export the collection as an .mrpack whose every hash matches the file it names', async ({ page, request }) => {
  await signInHere(page, username, '/mods')
  const cards = page.locator('.result-card')
  const picked: string[] = []
  for (const i of [0, 1]) {
    const title = (await cards.nth(i).locator('.result-card__title').textContent())!.trim()
    await cards.nth(i).getByRole('button', { name: `Add ${title} to a collection` }).click()
    const menu = page.getByRole('dialog', { name: 'Add to collection' })
    await menu.getByRole('checkbox', { name }).check()
    await expect(menu.getByRole('status')).toHaveText(`Added to ${name}.`)
    await menu.getByRole('button', { name: 'Close' }).click()
    picked.push(title)
  }
  await page.goto(collectionPath)
  for (const title of picked) await expect(page.getByTestId('profile-projects')).toContainText(title)

  // Choose what the first project's newest release runs on, as a player would.
  const first = (await (await request.get(`/api/projects?where[title][equals]=${encodeURIComponent(picked[0]!)}&depth=0&limit=1`)).json()).docs[0] as { slug: string }
  const versions = (await (await request.get(`/v2/project/${first.slug}/version`)).json()) as { game_versions: string[]; loaders: string[] }[]
  const target = versions.find((v) => v.loaders.some((l) => ['fabric', 'quilt', 'forge', 'neoforge'].includes(l)))!
  const loader = target.loaders.find((l) => ['fabric', 'quilt', 'forge', 'neoforge'].includes(l))!
  await page.getByRole('link', { name: 'Export as modpack or zip' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Export ${name}` })).toBeVisible()
  await page.getByLabel('Game version').selectOption(target.game_versions[0]!)
  await page.getByLabel('Loader', { exact: true }).selectOption(loader)
  if (loader === 'forge' || loader === 'neoforge') await page.getByLabel('Loader version').fill('47.3.0')
  await page.getByRole('button', { name: 'Show what goes in' }).click()
  await expect(page.getByRole('heading', { name: /^In the pack \(\d+\)$/ })).toBeVisible()
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows.filter({ hasText: picked[0]! })).toHaveCount(1)
  await noSeriousAxe(page, 'export page')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .mrpack' }).click()])
  expect(download.suggestedFilename()).toMatch(/\.mrpack$/)
  const pack = unzipSync(new Uint8Array(await readFile((await download.path())!)))
  const index = JSON.parse(strFromU8(pack['modrinth.index.json']!)) as { formatVersion: number; dependencies: Record<string, string>; files: { path: string; hashes: { sha1: string; sha512: string }; downloads: string[]; fileSize: number }[] }
  expect(index.formatVersion).toBe(1)
  expect(index.dependencies.minecraft).toBe(target.game_versions[0])
  expect(index.files.length).toBe((await rows.count()) - 1)
  for (const f of index.files) {
    expect(f.path).toMatch(/^mods\/[^/]+$/)
    const res = await request.get(f.downloads[0]!)
    expect(res.status(), f.downloads[0]).toBe(200)
    const bytes = await res.body()
    expect(bytes.length).toBe(f.fileSize)
    expect({ sha1: createHash('sha1').update(bytes).digest('hex'), sha512: createHash('sha512').update(bytes).digest('hex') }).toEqual(f.hashes)
  }

  // "Download all" gives the same files themselves.
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all files (.zip)' }).click()])
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)))
  expect(Object.keys(files).sort()).toEqual(index.files.map((f) => f.path).sort())
  for (const f of index.files) expect(createHash('sha1').update(files[f.path]!).digest('hex')).toBe(f.hashes.sha1)

  // This collection is private (made so above): it has no update feed for anyone to read.
  await page.goto(collectionPath)
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(0)
  expect((await request.get(`${collectionPath}/feed.atom`)).status()).toBe(404)
})

test('at 390 px: dashboard, collection page and menu fit; delete asks for the name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInHere(page, username, '/dashboard/collections')
  await expect(page.getByTestId('collection-card').first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.goto(collectionPath)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete collection' })
  await dialog.getByLabel(`Type ${name} to confirm`).fill('wrong name')
  await dialog.getByRole('button', { name: 'Delete collection' }).click()
  await expect(dialog.getByText("Type the collection's name exactly to delete it.")).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name)
  await dialog.getByRole('button', { name: 'Delete collection' }).click()
  await expect(page).toHaveURL(/\/dashboard\/collections\?deleted=1$/)
  await expect(page.getByRole('status').filter({ hasText: 'The collection has been deleted.' })).toBeVisible()
  await expect(page.getByTestId('collection-card').filter({ hasText: name })).toHaveCount(0)
  expect((await page.request.get(collectionPath)).status()).toBe(404)
})
