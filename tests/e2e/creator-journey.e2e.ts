/**
 * Issue 13's "Done when" as one journey in Chromium: a creator signs up (the verification mail caught
 * by a real SMTP server), creates a project from the account menu, fills every settings page, uploads
 * two versions as real jars built here (their metadata read into the form, their hashes checked
 * against the downloaded files), adds a gallery image, invites a member who accepts in their own
 * browser, works the publishing checklist down to nothing and submits for review. Then that member,
 * who holds no permission bit, is refused alike in the site's UI, in /admin and on /v2.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import sharp from 'sharp'

import { startMailbox, type Mailbox } from '../helpers/mailbox'
import { createAccount, DEMO_PASSWORD } from './helpers'

test.describe.configure({ mode: 'serial' })

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125)
const run = Date.now().toString(36)
const creator = { username: `courier${run}`, email: `courier${run}@example.test`, password: 'journey-pass-1' }
const member = { username: `tester${run}`, password: 'journey-member-1' }
const TITLE = 'Copper Courier'
const SUMMARY = 'Copper golems that carry items between your chests.'
const slug = `copper-courier-${run}`
const BODY = [
  '## How it works',
  '',
  'Copper Courier adds copper golems that pick up items from one chest and carry them to another.',
  'Give a golem a copper ingot to bind it to a chest, then point it at the chest it should fill.',
  'Golems rest when the target is full and wake up as soon as there is room again, so nothing is lost.',
].join('\n')

let mailbox: Mailbox | undefined

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex')
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('hex')

/** A Fabric mod jar: fabric.mod.json beside a class file with unique bytes. */
const fabricJar = (version: string, minecraft: string) =>
  Buffer.from(
    zipSync({
      'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'copper_courier', name: TITLE, version, depends: { fabricloader: '>=0.15', minecraft } })),
      'com/example/courier/CopperCourier.class': new Uint8Array(randomBytes(2048)),
    }),
  )

/** A NeoForge mod jar: META-INF/neoforge.mods.toml with a Maven range for the game version. */
const neoforgeJar = (version: string, range: string) =>
  Buffer.from(
    zipSync({
      'META-INF/neoforge.mods.toml': strToU8(
        ['modLoader="javafml"', 'loaderVersion="[1,)"', 'license="MIT"', '', '[[mods]]', 'modId="copper_courier"', `version="${version}"`, `displayName="${TITLE}"`, '', '[[dependencies.copper_courier]]', 'modId="minecraft"', 'type="required"', `versionRange="${range}"`, ''].join('\n'),
      ),
      'com/example/courier/CopperCourier.class': new Uint8Array(randomBytes(2048)),
    }),
  )

const png = (r: number, width = 128, height = 128) => sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 90 } } }).png().toBuffer()

const checklistOf = (page: Page) => page.getByRole('region', { name: 'Publishing checklist' })
/** A checklist item by its title (the bold line of each entry). */
const item = (checklist: Locator, title: string) => checklist.getByRole('listitem').filter({ has: checklist.page().getByText(title, { exact: true }) })
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })

/** Back on the project page (from a settings page's navigation): the checklist shows what is left. */
async function backToProject(page: Page) {
  await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: `Back to ${TITLE}` }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}$`))
  await expect(checklistOf(page)).toBeVisible()
}

/** The submit button stays disabled, pointing at the required steps above it. */
async function expectSubmitBlocked(page: Page, left: number) {
  const checklist = checklistOf(page)
  await expect(checklist.getByText(left === 1 ? '1 required step left' : `${left} required steps left`)).toBeVisible()
  await expect(checklist.getByRole('listitem').filter({ hasText: /^Required/ })).toHaveCount(left)
  const submit = checklist.getByRole('button', { name: 'Submit for review' })
  await expect(submit).toBeDisabled()
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expect(submit).toHaveAccessibleDescription(/^Still required: .+\.$/)
}

/** Follows the checklist's "Fix" link of an item to the page where it is fixed. */
async function fix(page: Page, title: string, path: string) {
  // "Fix", with the item's title for screen readers.
  await item(checklistOf(page), title).getByRole('link', { name: new RegExp(`^Fix\\W+${title}$`) }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}${path}$`))
}

async function signInThroughForm(page: Page, username: string, password: string, next: string) {
  await page.goto(`/auth/sign-in?redirect=${encodeURIComponent(next)}`)
  await page.getByLabel('Email or username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/.]/g, '\\$&')}$`))
}

/**
 * Publishes a version on version/new from `jar`, checks what the form read from it, then on the
 * version page compares the shown hashes and the downloaded file with the jar's own.
 */
async function publishVersion(page: Page, jar: { name: string; bytes: Buffer; versionNumber: string; loader: string; otherLoader: string; gameVersions: string[]; notGameVersions: string[]; source: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Create a version' })).toBeVisible()
  await page.getByLabel('Files').setInputFiles({ name: jar.name, mimeType: 'application/java-archive', buffer: jar.bytes })
  await expect(page.getByText(`were read from ${jar.source}`)).toBeVisible()
  await expect(page.getByLabel('Version number')).toHaveValue(jar.versionNumber)
  const loaders = page.getByRole('group', { name: 'Loaders' })
  await expect(loaders.getByRole('checkbox', { name: jar.loader, exact: true })).toBeChecked()
  await expect(loaders.getByRole('checkbox', { name: jar.otherLoader, exact: true })).not.toBeChecked()
  const gameVersions = page.getByRole('group', { name: 'Game versions' })
  // Chosen game versions are chips of the multi-select (issue 34), each with a remove button.
  const chip = (v: string) => gameVersions.getByRole('list', { name: 'Chosen game versions' }).getByRole('button', { name: `Remove ${v}`, exact: true })
  for (const v of jar.gameVersions) await expect(chip(v)).toBeVisible()
  for (const v of jar.notGameVersions) await expect(chip(v)).toHaveCount(0)
  await page.getByLabel('Changelog (markdown)').fill(`Copper Courier ${jar.versionNumber}: golems carry **stacks** now.`)
  await page.getByRole('button', { name: 'Publish version' }).click()
  // Uploads with progress: on a loaded machine they take more than the default five seconds.
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/version/${jar.versionNumber.replace(/\./g, '\\.')}$`), { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 2, name: jar.versionNumber })).toBeVisible()

  // The hashes the page shows are the jar's, and so are the bytes that come back.
  const hashes = page.getByLabel(`Hashes: ${jar.name}`)
  await expect(hashes).toContainText(sha1(jar.bytes))
  await expect(hashes).toContainText(sha512(jar.bytes))
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${jar.name}` }).click()])
  expect(download.suggestedFilename()).toBe(jar.name)
  const back = await readFile(await download.path())
  expect(sha1(back)).toBe(sha1(jar.bytes))
  expect(sha512(back)).toBe(sha512(jar.bytes))
}

async function memberPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

test.beforeAll(async () => {
  // The site's mail goes to E2E_SMTP_PORT; accounts.e2e.ts listens there too, so this waits its turn.
  mailbox = await startMailbox(SMTP_PORT)
})

test.afterAll(async ({ request }) => {
  await mailbox?.close()
  // Test projects go: other test files count what the catalogue holds.
  const admin = { Authorization: `JWT ${(await (await request.post('/api/users/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).json()).token}` }
  const made = (await (await request.get(`/api/projects?where[slug][equals]=${slug}&depth=0`, { headers: admin })).json()).docs as { id: string }[]
  for (const { id } of made) {
    const res = await request.delete(`/api/projects/${id}`, { headers: admin })
    expect(res.status(), await res.text()).toBe(200)
  }
})

test('a creator signs up, creates a project, fills every settings page, publishes two versions and a gallery, a member joins, and the checklist lets them submit', async ({ page, browser, request, baseURL }) => {
  // About thirty pages and two uploads: alone on two cores about a minute, but beside the admin
  // panel's specs in the other worker it has taken over two — more than the default two minutes.
  test.setTimeout(360_000)
  const releases = (await (await request.get('/api/game-versions?where[versionType][equals]=release&sort=-date&limit=3&depth=0')).json()).docs.map((g: { id: string }) => g.id) as string[]
  expect(releases).toHaveLength(3)
  // The member-to-be has an account already; they accept the invitation in their own browser.
  // (Accounts are made through /auth/sign-up; over the API only an administrator makes one.)
  expect((await createAccount({ username: member.username, email: `${member.username}@example.test`, password: member.password })).status()).toBe(201)

  // Sign up, and verify the address from the mail.
  await page.goto('/auth/sign-up')
  await page.getByLabel('Username').fill(creator.username)
  await page.getByLabel('Email').fill(creator.email)
  await page.getByLabel('Password', { exact: true }).fill(creator.password)
  await page.getByLabel('Confirm password').fill(creator.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(`We've sent an email to ${creator.email}.`)).toBeVisible()
  const mail = await mailbox!.waitFor((m) => m.to.includes(creator.email) && m.subject === 'Verify your email')
  await mailbox!.close()
  mailbox = undefined
  await page.goto(mail.links.find((l) => new URL(l).pathname === '/auth/verify-email')!)
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible()
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email or username').fill(creator.username)
  await page.getByLabel('Password', { exact: true }).fill(creator.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: `Account menu for ${creator.username}` })).toBeVisible()

  // A project from the account menu.
  await page.goto('/')
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0)
  await page.getByRole('button', { name: `Account menu for ${creator.username}` }).click()
  await page.getByRole('button', { name: 'Create a project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a project' })
  await dialog.getByLabel('Project type').selectOption('mod')
  await dialog.getByLabel('Name').fill(TITLE)
  await dialog.getByLabel('URL').fill(slug)
  await dialog.getByLabel('Summary').fill(SUMMARY)
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()

  // The checklist: the required steps first, and submit refused until they are done.
  const checklist = checklistOf(page)
  for (const title of ['Upload a version', 'Add a description', 'Select a license', 'Select the environments']) await expect(item(checklist, title)).toContainText('Required')
  for (const title of ['Add an icon', 'Add links', 'Select tags']) await expect(item(checklist, title)).toContainText('Suggestion')
  await expect(checklist.getByRole('listitem').first()).toContainText('Required')
  await expectSubmitBlocked(page, 4)

  // General: the environments and an icon.
  await fix(page, 'Select the environments', '/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible()
  await page.getByLabel('Client side').selectOption('required')
  await page.getByLabel('Server side').selectOption('optional')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(saved(page)).toBeVisible()
  await page.getByLabel(/^Image \(PNG/).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await png(200) })
  await page.getByRole('button', { name: 'Upload icon' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The icon has been updated.' })).toBeVisible()
  await backToProject(page)
  await expect(item(checklist, 'Select the environments')).toHaveCount(0)
  await expect(item(checklist, 'Add an icon')).toHaveCount(0)
  await expect(page.getByRole('img', { name: `${TITLE} icon` })).toBeVisible()
  await expectSubmitBlocked(page, 3)

  // Description.
  await fix(page, 'Add a description', '/settings/description')
  await page.getByLabel('Description', { exact: true }).fill(BODY)
  await expect(page.getByTestId('markdown-preview').getByRole('heading', { name: 'How it works' })).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(saved(page)).toBeVisible()
  await backToProject(page)
  await expect(item(checklist, 'Add a description')).toHaveCount(0)
  await expect(page.getByRole('main').getByText('Golems rest when the target is full')).toBeVisible()
  await expectSubmitBlocked(page, 2)

  // License.
  await fix(page, 'Select a license', '/settings/license')
  await page.getByLabel('Search licenses').fill('MIT')
  await page.getByLabel('License', { exact: true }).selectOption('MIT')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(saved(page)).toBeVisible()
  await backToProject(page)
  await expect(item(checklist, 'Select a license')).toHaveCount(0)
  await expectSubmitBlocked(page, 1)

  // Links, then tags: the suggestions go too.
  await fix(page, 'Add links', '/settings/links')
  await page.getByLabel('Issue tracker').fill(`https://git.example/${slug}/issues`)
  await page.getByLabel('Source code').fill(`https://git.example/${slug}`)
  await page.getByLabel('Wiki').fill(`https://wiki.example/${slug}`)
  await page.getByLabel('Ko-fi').fill(`https://ko-fi.com/${creator.username}`)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(saved(page)).toBeVisible()
  await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Tags' }).click()
  const categories = page.getByRole('group', { name: 'Categories' })
  await categories.getByRole('checkbox', { name: 'Transportation' }).check()
  await categories.getByRole('checkbox', { name: 'Storage' }).check()
  await page.getByRole('group', { name: 'Additional tags' }).getByRole('checkbox', { name: 'Utility' }).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(saved(page)).toBeVisible()
  await backToProject(page)
  await expect(item(checklist, 'Add links')).toHaveCount(0)
  await expect(item(checklist, 'Select tags')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /View source/ })).toHaveAttribute('href', `https://git.example/${slug}`)
  await expectSubmitBlocked(page, 1)

  // Members: an invitation with a role and no permission bits, accepted by the member in their browser.
  await page.getByRole('link', { name: 'Project settings' }).click()
  await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Members' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  const invite = page.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('Username').fill(member.username)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('status')).toHaveText(`${member.username} has been invited. They can accept on the project page.`)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: member.username }) })
  await expect(card.getByText('Invitation pending')).toBeVisible()
  await card.getByLabel('Role').fill('Tester')
  for (const bit of await card.getByRole('checkbox').all()) await expect(bit).not.toBeChecked()
  await card.getByRole('button', { name: 'Save member' }).click()
  await expect(card.getByRole('status')).toHaveText('Member saved.')

  const memberTab = await memberPage(browser, baseURL!)
  await signInThroughForm(memberTab, member.username, member.password, `/mod/${slug}`)
  const invitation = memberTab.getByRole('region', { name: 'You are invited to this project' })
  await expect(invitation).toContainText('as Tester')
  await invitation.getByRole('button', { name: 'Accept' }).click()
  await expect(invitation).toHaveCount(0)
  // Now on the team: the checklist shows for them too, without a way to publish or submit.
  await expect(checklistOf(memberTab)).toBeVisible()
  await expect(memberTab.getByRole('link', { name: 'Create a version' })).toHaveCount(0)
  await expect(checklistOf(memberTab).getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
  await memberTab.context().close()
  await page.reload()
  await expect(card.getByText('Invitation pending')).toHaveCount(0)
  await expect(card.getByLabel('Role')).toHaveValue('Tester')

  // Two versions from real jars: a Fabric one for the two newest releases, then a NeoForge one for the newest.
  await backToProject(page)
  await fix(page, 'Upload a version', '/version/new')
  await publishVersion(page, { name: 'copper-courier-1.0.0.jar', bytes: fabricJar('1.0.0', `>=${releases[1]}`), versionNumber: '1.0.0', loader: 'Fabric', otherLoader: 'NeoForge', gameVersions: releases.slice(0, 2), notGameVersions: releases.slice(2), source: 'fabric.mod.json' })
  // That was the last required step: submit is open now.
  await expect(checklist.getByText('Every required step is done.')).toBeVisible()
  await expect(checklist.getByRole('button', { name: 'Submit for review' })).toBeEnabled()

  await page.getByRole('link', { name: 'Create a version' }).click()
  await publishVersion(page, { name: 'copper-courier-1.1.0.jar', bytes: neoforgeJar('1.1.0', `[${releases[0]},)`), versionNumber: '1.1.0', loader: 'NeoForge', otherLoader: 'Fabric', gameVersions: releases.slice(0, 1), notGameVersions: releases.slice(1), source: 'META-INF/neoforge.mods.toml' })
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Versions' }).click()
  for (const name of ['copper-courier-1.0.0.jar', 'copper-courier-1.1.0.jar']) await expect(page.getByRole('link', { name: `Download ${name}` })).toBeVisible()

  // The gallery: an image added, then featured (the checklist suggests it until then).
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Gallery' }).click()
  const manager = page.getByRole('region', { name: 'Manage the gallery' })
  const upload = manager.getByRole('form', { name: 'Add an image' })
  await upload.getByLabel(/^Image/).setInputFiles({ name: 'courier-at-work.png', mimeType: 'image/png', buffer: await png(60, 320, 180) })
  await upload.getByLabel('Title').fill('Courier at work')
  await upload.getByRole('button', { name: 'Add to the gallery' }).click()
  await expect(upload.getByRole('status')).toHaveText('Image added to the gallery.')
  await page.reload()
  await expect(item(checklist, 'Feature a gallery image')).toContainText('Suggestion')
  const edit = manager.getByRole('form', { name: 'Edit Courier at work' })
  await edit.getByLabel('Description').fill('A golem carrying iron between two chests.')
  await edit.getByRole('checkbox', { name: /Featured image/ }).check()
  await edit.getByRole('button', { name: 'Save image' }).click()
  await expect(edit.getByRole('status')).toHaveText('Image saved.')
  await page.reload()
  await expect(item(checklist, 'Feature a gallery image')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Courier at work/ }).first()).toBeVisible()

  // Nothing required is left: submit, and the project is under review.
  await expect(checklist.getByText('Every required step is done.')).toBeVisible()
  await expect(checklist.getByRole('listitem').filter({ hasText: /^Required/ })).toHaveCount(0)
  const submit = checklist.getByRole('button', { name: 'Submit for review' })
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.locator('.member-header').getByRole('status')).toHaveText('This project is under review.')
  await page.goto(`/mod/${slug}`)
  await expect(page.getByText('Under review', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
})

test('a member without the bit is refused in the UI, in /admin and in /v2 alike', async ({ page, request, baseURL }) => {
  const login = await (await request.post('/api/users/login', { data: { username: member.username, password: member.password } })).json()
  await page.context().addCookies([{ name: 'payload-token', value: login.token, url: baseURL! }])
  const before = await (await request.get(`/v2/project/${slug}`, { headers: { Authorization: login.token } })).json()
  expect(before, 'the journey above made the project and the member joined it').toMatchObject({ title: TITLE, description: SUMMARY, status: 'processing' })
  const projectId = before.id as string

  // The site: every settings page read-only, no member management, no version upload, no gallery manager.
  for (const [section, field] of [['', 'Name'], ['/description', 'Description'], ['/license', 'License URL'], ['/links', 'Source code']] as const) {
    await page.goto(`/mod/${slug}/settings${section}`)
    await expect(page.getByText('your role on this project does not let you change them')).toBeVisible()
    await expect(page.getByLabel(field, { exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  }
  await page.goto(`/mod/${slug}/settings`)
  await expect(page.getByRole('button', { name: 'Upload icon' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0)
  await page.goto(`/mod/${slug}/settings/tags`)
  await expect(page.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Storage' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await page.goto(`/mod/${slug}/settings/members`)
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Invite a member' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save member' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Remove|Withdraw invitation)/ })).toHaveCount(0)
  expect((await page.goto(`/mod/${slug}/version/new`))?.status()).toBe(404)
  await page.goto(`/mod/${slug}/gallery`)
  await expect(page.getByRole('link', { name: /Courier at work/ }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Manage the gallery' })).toHaveCount(0)

  // The admin panel (creators sign in there too): the project is listed for them, and its edit view
  // refuses an edit — read-only, with no Save, saying why; the save it would send is refused as well.
  await page.goto('/admin/collections/projects')
  await page.getByRole('link', { name: TITLE }).first().click()
  await expect(page).toHaveURL(new RegExp(`/admin/collections/projects/${projectId}$`))
  await expect(page.getByRole('note').filter({ hasText: 'You can see this project, but your role on this project does not let you change it.' })).toBeVisible({ timeout: 45_000 })
  const summary = page.getByRole('textbox', { name: /^Summary/ })
  await expect(summary).toHaveValue(SUMMARY)
  await expect(summary).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)
  const adminSave = await request.patch(`/api/projects/${projectId}`, { headers: { Authorization: `JWT ${login.token}` }, data: { summary: 'Changed in the admin panel by a member without the bit.' } })
  expect(adminSave.status()).toBe(403)
  expect(JSON.stringify(await adminSave.json())).toContain('You are not allowed to perform this action.')

  // /v2 with a personal access token made on the tokens page with the project scopes: still refused.
  await page.goto('/settings/pats')
  await page.getByRole('button', { name: 'Create a token' }).click()
  await page.getByLabel('Name').fill('Member script')
  await page.getByLabel('Expires on').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10))
  await page.getByRole('checkbox', { name: 'Read your projects, hidden ones too' }).check()
  await page.getByRole('checkbox', { name: 'Edit your projects' }).check()
  await page.getByRole('button', { name: 'Create token' }).click()
  const pat = await page.getByLabel('Token', { exact: true }).inputValue()
  expect(pat).toMatch(/^mrp_/)
  const refused = await request.patch(`/v2/project/${projectId}`, { headers: { Authorization: pat }, data: { title: 'Taken over', description: 'Changed by a member without the bit.' } })
  expect(refused.status()).toBe(401)
  expect(await refused.json()).toMatchObject({ error: expect.stringMatching(/^(auth_error|unauthorized)$/) })

  // Unchanged, on /v2 and on the page.
  expect(await (await request.get(`/v2/project/${projectId}`, { headers: { Authorization: pat } })).json()).toMatchObject({ title: TITLE, description: SUMMARY, body: before.body, status: 'processing' })
  await page.goto(`/mod/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(page.getByRole('main').getByText(SUMMARY)).toBeVisible()
})
