/**
 * The technical review (issue 15's Done-when, its last sentence): a malicious test archive built here
 * — a class with a hard-coded IP address, a nested jar, a zip-slip entry inside it — is uploaded by its
 * creator; the scanner flags it at upload; a moderator finds the project on /moderation/technical-review
 * and marks the address malicious; the project is withheld and the file gone for everyone but staff.
 * Non-staff get the 404 page; the mockup shows the same screen on demo findings.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'

import { createAccount, DEMO_PASSWORD, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'tech-review-pass-1'
const slug = `free-fps-${run}`
const filename = `free-fps-${run}.jar`

/** A class file's bytes with these strings among its constants. */
const classWith = (...constants: string[]) => Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 65]), ...constants.map((c) => Buffer.concat([Buffer.from([1, 0, c.length]), Buffer.from(c, 'latin1')])), Buffer.from([7, 0, 2]), randomBytes(32)])
const maliciousJar = Buffer.from(
  zipSync({
    'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'free_fps', version: '1.0.0' })),
    'com/freefps/Updater.class': classWith('java/net/Socket', '45.155.205.233'),
    'libs/loader.jar': zipSync({ '../../../.minecraft/mods/autorun.jar': strToU8('MZ'), 'Boot.class': classWith('fine') }),
  }),
)

async function login(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/users/login', { data: { username, password } })
  expect(res.ok(), `login ${username}`).toBe(true)
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` } }
}

async function browserAs(browser: Browser, token: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'payload-token', value: token, url: baseURL }])
  return context.newPage()
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: 'main' })

let owner: Awaited<ReturnType<typeof login>>
let moderator: Awaited<ReturnType<typeof login>>
let fileUrl = ''

test.beforeAll(async ({ request }) => {
  const username = `fps-dev-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  owner = await login(request, username, PASSWORD)
  moderator = await login(request, 'wren_mod', DEMO_PASSWORD)
  const created = await request.post('/v2/project', {
    headers: owner.headers,
    multipart: { data: JSON.stringify({ title: `Free FPS ${run}`, slug, description: 'Doubles your frame rate with one simple trick, guaranteed.', project_type: 'mod', body: 'Free FPS.', client_side: 'required', server_side: 'optional', license_id: 'MIT', initial_versions: [], is_draft: true }) },
  })
  expect(created.status(), await created.text()).toBe(200)
  const projectId = (await created.json()).id
  // The upload goes through: the scanner reports, it does not refuse (the top-level entries are sound).
  const version = await request.post('/v2/version', {
    headers: owner.headers,
    multipart: {
      data: JSON.stringify({ project_id: projectId, version_number: '1.0.0', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: true, dependencies: [], file_parts: ['jar'] }),
      jar: { name: filename, mimeType: 'application/java-archive', buffer: maliciousJar },
    },
  })
  expect(version.status(), await version.text()).toBe(200)
  fileUrl = (await version.json()).files[0].url
  expect((await request.get(fileUrl, { headers: owner.headers })).status()).toBe(200)
  const submitted = await request.patch(`/v2/project/${projectId}`, { headers: owner.headers, data: { status: 'processing' } })
  expect(submitted.status(), await submitted.text()).toBe(204)
})

test('the technical review is for staff only', async ({ browser, baseURL }) => {
  const page = await browserAs(browser, owner.token, baseURL!)
  for (const path of ['/moderation/technical-review', '/moderation/technical-review-mockup']) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(404)
  }
  await page.context().close()
})

test('a moderator finds the flagged archive and marks it malicious: the project is withheld and its file hidden', async ({ browser, baseURL, request }) => {
  const page = await browserAs(browser, moderator.token, baseURL!)
  await page.goto('/moderation')
  await page.getByRole('navigation', { name: /moderation/i }).getByRole('link', { name: 'Technical review' }).click()
  await expect(page).toHaveURL(/\/moderation\/technical-review$/)
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(slug)
  await page.getByRole('button', { name: 'Show' }).click()
  const project = page.getByTestId('flagged-project')
  await expect(project).toHaveCount(1)
  await expect(project.getByRole('heading', { level: 2 })).toContainText(`Free FPS ${run}`)
  await expect(project.getByRole('heading', { level: 3 })).toContainText(filename)
  // What the scanner found, each with its severity.
  await expect(project.locator('[data-kind="hardcoded-ip"]')).toContainText('45.155.205.233')
  await expect(project.locator('[data-kind="hardcoded-ip"]')).toContainText('High')
  await expect(project.locator('[data-kind="zip-slip"]')).toContainText('libs/loader.jar!/../../../.minecraft/mods/autorun.jar')
  await expect(project.locator('[data-kind="zip-slip"]')).toContainText('Critical')
  await expect(project.locator('[data-kind="nested-archive"][data-entry="libs/loader.jar"]')).toContainText('libs/loader.jar')
  await noSeriousAxe(page, 'technical review')

  // A verdict takes the finding off the waiting list (the "Decided" view has it, below).
  const nested = project.locator('[data-kind="nested-archive"][data-entry="libs/loader.jar"]')
  await nested.getByRole('button', { name: 'Safe' }).click()
  await expect(nested).toHaveCount(0)
  // The project is untouched so far.
  expect((await (await request.get(`/v2/project/${slug}`, { headers: owner.headers })).json()).status).toBe('processing')

  await project.locator('[data-kind="hardcoded-ip"]').getByRole('button', { name: 'Malicious' }).click()
  await expect(project.locator('[data-kind="hardcoded-ip"]')).toHaveCount(0)
  await expect(project.getByText('Quarantined')).toBeVisible()
  await expect(project).toContainText('Project status: withheld')

  // The team reads why in the project's thread; the file is gone for them and for everyone else.
  const ownerProject = await (await request.get(`/v2/project/${slug}`, { headers: owner.headers })).json()
  expect(ownerProject.status).toBe('withheld')
  expect(ownerProject.moderator_message?.body ?? ownerProject.moderator_message?.message ?? '').toContain(filename)
  expect((await request.get(fileUrl, { headers: owner.headers })).status()).toBe(404)
  expect((await request.get(fileUrl)).status()).toBe(404)
  // Withheld: reachable by its link (as Modrinth's withheld), out of search, with no file to download.
  const publicProject = await (await request.get(`/v2/project/${slug}`)).json()
  expect(publicProject.status).toBe('withheld')
  const publicVersions = (await (await request.get(`/v2/project/${slug}/version`)).json()) as { files: unknown[] }[]
  expect(publicVersions.flatMap((v) => v.files)).toEqual([])
  const search = await (await request.get(`/v2/search?query=${encodeURIComponent(slug)}`)).json()
  expect(search.hits.map((h: { slug: string }) => h.slug)).not.toContain(slug)
  const ownerPage = await browserAs(browser, owner.token, baseURL!)
  await ownerPage.goto(`/mod/${slug}/moderation`)
  await expect(ownerPage.getByText('found to be malicious').first()).toBeVisible()
  await ownerPage.context().close()

  // Decided findings are listed under "Decided".
  await page.getByLabel('Findings').selectOption('decided')
  await page.getByRole('button', { name: 'Show' }).click()
  const decided = page.getByTestId('flagged-project')
  await expect(decided.locator('[data-kind="hardcoded-ip"]')).toContainText('Malicious — wren_mod')
  await expect(decided.locator('[data-kind="nested-archive"][data-entry="libs/loader.jar"]')).toContainText('Safe — wren_mod')
  await page.context().close()
})

test('the mockup shows the same screen on demo findings, read by the real scanner', async ({ browser, baseURL }) => {
  const page = await browserAs(browser, moderator.token, baseURL!)
  await page.goto('/moderation/technical-review-mockup')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Technical review (demo)')
  const projects = page.getByTestId('flagged-project')
  await expect(projects.first()).toContainText('Totally Legit Optimizer')
  await expect(projects.first().locator('[data-kind="zip-slip"]')).toContainText('libs/loader.jar!/')
  await expect(projects.first().getByRole('button', { name: 'Malicious' }).first()).toBeDisabled()
  await noSeriousAxe(page, 'technical review mockup')
  await page.context().close()
})

test('staff keep the known-malicious list in the admin panel, linked from the review', async ({ browser, baseURL }) => {
  const page = await browserAs(browser, moderator.token, baseURL!)
  await page.goto('/moderation/technical-review')
  await page.getByRole('link', { name: /known-malicious hashes/i }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/malicious-hashes/)
  // The malicious verdict above listed the file's hash.
  await expect(page.getByText(`Malicious verdict on ${filename}`).first()).toBeVisible()
  await page.context().close()
})
