/**
 * Moderation (issue 15's Done-when, the review half): a submitted project waits in the queue (its
 * team sees its place), a moderator takes it under a lock (a second moderator is refused), rejects it
 * with a message from the checklist; the owner reads it, replies, fixes and resubmits; it is approved
 * and then found in search. Each step leaves its thread record and a notification to the team.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'

import { createAccount, DEMO_PASSWORD, expectNoSeriousAxe, signIn } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'moderation-pass-1'
const title = `Lantern Review ${run}`
const slug = `lantern-review-${run}`
const jar = Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'lantern_review', version: '1.0.0' })), 'com/example/Lantern.class': new Uint8Array(randomBytes(256)) }))

async function login(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/users/login', { data: { username, password } })
  expect(res.ok(), `login ${username}`).toBe(true)
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, username, headers: { Authorization: `JWT ${token}` } }
}

async function browserAs(browser: Browser, token: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'payload-token', value: token, url: baseURL }])
  return context.newPage()
}

const noSeriousAxe = (page: Page, label: string) => expectNoSeriousAxe(page, label, { include: 'main' })

let owner: Awaited<ReturnType<typeof login>>
let moderator: Awaited<ReturnType<typeof login>>
let second: Awaited<ReturnType<typeof login>>
let projectId = ''

test.beforeAll(async ({ request }) => {
  const username = `lantern-${run}`
  expect((await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })).status()).toBe(201)
  owner = await login(request, username, PASSWORD)
  moderator = await login(request, 'wren_mod', DEMO_PASSWORD)
  // A second moderator, made by an administrator.
  const admin = await signIn(request)
  const modName = `second-mod-${run}`
  const made = await request.post('/api/users', { headers: admin, data: { username: modName, email: `${modName}@example.test`, password: PASSWORD, role: 'moderator' } })
  expect(made.status(), await made.text()).toBe(201)
  second = await login(request, modName, PASSWORD)

  const created = await request.post('/v2/project', {
    headers: owner.headers,
    multipart: { data: JSON.stringify({ title, slug, description: 'Lanterns that glow softly near water and keep mobs away.', project_type: 'mod', body: 'Lanterns.', client_side: 'required', server_side: 'optional', license_id: 'MIT', initial_versions: [], is_draft: true }) },
  })
  expect(created.status(), await created.text()).toBe(200)
  projectId = (await created.json()).id
  const version = await request.post('/v2/version', {
    headers: owner.headers,
    multipart: {
      data: JSON.stringify({ project_id: projectId, version_number: '1.0.0', version_type: 'release', game_versions: ['1.21'], loaders: ['fabric'], featured: true, dependencies: [], file_parts: ['jar'] }),
      jar: { name: `lantern-${run}.jar`, mimeType: 'application/java-archive', buffer: jar },
    },
  })
  expect(version.status(), await version.text()).toBe(200)
  const submitted = await request.patch(`/v2/project/${projectId}`, { headers: owner.headers, data: { status: 'processing' } })
  expect(submitted.status(), await submitted.text()).toBe(204)
})

test('the team sees its place in the queue; the queue is for staff only', async ({ browser, baseURL }) => {
  const page = await browserAs(browser, owner.token, baseURL!)
  await page.goto(`/mod/${slug}`)
  await expect(page.getByTestId('review-wait')).toContainText(/in the review queue|next in the review queue/)
  expect((await page.goto('/moderation'))?.status()).toBe(404)
  await page.context().close()
})

test('a moderator takes it under a lock; a second moderator is refused', async ({ browser, baseURL, request }) => {
  const mod = await browserAs(browser, moderator.token, baseURL!)
  await mod.goto(`/moderation?q=${encodeURIComponent(title)}`)
  const item = mod.getByTestId('queue-item').filter({ hasText: title })
  await expect(item).toHaveCount(1)
  await noSeriousAxe(mod, 'queue')
  await item.getByRole('link', { name: `Review ${title}` }).click()
  await expect(mod).toHaveURL(new RegExp(`/mod/${slug}/moderation$`))
  await expect(mod.getByTestId('lock-text')).toHaveText(/^Nobody is reviewing this project/)
  await mod.getByRole('button', { name: 'Take for review' }).click()
  // The lock's line says who holds it, and nothing on the page says otherwise.
  await expect(mod.getByTestId('lock-text')).toHaveText(/^You are reviewing this project until/)
  await expect(mod.getByText(/Nobody is reviewing/)).toHaveCount(0)
  await expect(mod.getByRole('button', { name: 'Release' })).toBeVisible()

  const other = await browserAs(browser, second.token, baseURL!)
  await other.goto(`/mod/${slug}/moderation`)
  await expect(other.getByText(/^wren_mod is reviewing this project until/)).toBeVisible()
  await expect(other.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  // Not on the page, nor through the API.
  const refused = await request.patch(`/v2/project/${projectId}`, { headers: second.headers, data: { status: 'approved' } })
  expect(refused.status()).toBeGreaterThanOrEqual(400)
  expect(((await (await request.get(`/v2/project/${projectId}`, { headers: owner.headers })).json()) as { status: string }).status).toBe('processing')
  await other.context().close()

  // Rejected with a message written from the checklist.
  await mod.getByText('Moderator checklist').click()
  await mod.getByRole('checkbox', { name: 'The description does not explain what the project adds or how to use it.' }).check()
  await expect(mod.getByLabel('Message to the team')).toHaveValue(/- The description does not explain/)
  await noSeriousAxe(mod, 'moderation tab (staff)')
  await mod.getByRole('button', { name: 'Reject' }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Rejected. The team has been notified with your message.' })).toBeVisible()
  await expect(mod.getByText('The project’s team and staff read this thread', { exact: false })).toBeVisible()
  // What is said to the team is not said to the moderator (the team sees it in the next test).
  await mod.goto(`/mod/${slug}`)
  await expect(mod.getByRole('heading', { name: 'Publishing checklist' })).toBeVisible()
  await expect(mod.getByRole('link', { name: 'Read the moderators’ message and reply' })).toHaveCount(0)
  await expect(mod.getByRole('button', { name: 'Resubmit for review' })).toHaveCount(0)
  await mod.context().close()
})

test('the owner reads the message, replies, fixes and resubmits', async ({ browser, baseURL, request }) => {
  const page = await browserAs(browser, owner.token, baseURL!)
  await page.goto('/dashboard/notifications')
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(title)
  await page.goto(`/mod/${slug}`)
  await page.getByRole('link', { name: 'Read the moderators’ message and reply' }).click()
  const thread = page.getByRole('list', { name: 'Messages with the moderators' })
  await expect(thread).toContainText('The description does not explain what the project adds or how to use it.')
  await expect(thread).toContainText('Status changed from Under review to Rejected')
  await page.getByLabel('Your message').fill('Thanks! I have written a proper description.')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(thread).toContainText('Thanks! I have written a proper description.')
  await noSeriousAxe(page, 'moderation tab (team)')

  const fixed = await request.patch(`/v2/project/${projectId}`, { headers: owner.headers, data: { body: 'Lanterns that glow softly near water. Place one by a river and hostile mobs keep their distance at night. Craft them from iron nuggets and glowstone dust; they work on servers too.' } })
  expect(fixed.status(), await fixed.text()).toBe(204)
  await page.goto(`/mod/${slug}`)
  await page.getByRole('button', { name: 'Resubmit for review' }).click()
  await expect(page.getByText('This project is under review.')).toBeVisible()
  await page.context().close()
})

test('approved, it appears in search; the thread holds every step', async ({ browser, baseURL, request }) => {
  const mod = await browserAs(browser, moderator.token, baseURL!)
  await mod.goto(`/mod/${slug}/moderation`)
  await mod.getByRole('button', { name: 'Approve' }).click()
  await expect(mod.getByRole('status').filter({ hasText: 'Approved. The team has been notified.' })).toBeVisible()
  const thread = mod.getByRole('list', { name: 'Messages with the team' })
  await mod.reload()
  for (const step of ['Status changed from Draft to Under review', 'Status changed from Under review to Rejected', 'Status changed from Rejected to Under review', 'Status changed from Under review to Approved']) await expect(thread).toContainText(step)
  await mod.context().close()

  await expect.poll(async () => ((await (await request.get(`/v2/search?query=${encodeURIComponent(title)}`)).json()) as { hits: { slug: string }[] }).hits.map((h) => h.slug), { timeout: 30_000 }).toContain(slug)
  const visitor = await browser.newPage()
  await visitor.goto(`/mods?q=${encodeURIComponent(title)}`)
  await expect(visitor.getByRole('link', { name: title })).toBeVisible()
  await visitor.close()
})

test('a report on the project reaches a moderator, who answers and closes it; the reporter reads the answer', async ({ browser, baseURL, request }) => {
  const name = `reporter-${run}`
  expect((await createAccount({ username: name, email: `${name}@example.test`, password: PASSWORD })).status()).toBe(201)
  const reporter = await login(request, name, PASSWORD)
  const page = await browserAs(browser, reporter.token, baseURL!)
  await page.goto(`/mod/${slug}`)
  await page.getByRole('link', { name: `Report ${title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Report content' })).toBeVisible()
  await expect(page.getByLabel('Its address or ID')).toHaveValue(projectId)
  // Every field is required; the form keeps what was typed.
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByText('Choose a reason.')).toBeVisible()
  await expect(page.getByText('Describe what is wrong.')).toBeVisible()
  await page.getByLabel('Its address or ID').fill('/mod/no-such-project-anywhere')
  // Reasons by name (spec §3's rule categories), not by id.
  await page.getByLabel('Reason').selectOption({ label: 'Reuploaded work' })
  await page.getByLabel('What is wrong?').fill('This copies textures from another pack without credit.')
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByText('Could not find project no-such-project-anywhere')).toBeVisible()
  await expect(page.getByLabel('What is wrong?')).toHaveValue('This copies textures from another pack without credit.')
  await page.getByLabel('Its address or ID').fill(`${baseURL}/mod/${slug}`)
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page).toHaveURL(/\/dashboard\/report\/[0-9A-Za-z]+$/)
  const reportPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { name: `Report about ${title}` })).toBeVisible()
  await noSeriousAxe(page, 'report page (reporter)')

  const mod = await browserAs(browser, moderator.token, baseURL!)
  await mod.goto('/moderation/reports')
  // Filters by reason and item type, and a search by the item's name.
  const filters = mod.getByRole('search', { name: 'Filter reports' })
  await filters.getByLabel('Reason').selectOption({ label: 'Spam' })
  await filters.getByLabel('Search').fill(title)
  await filters.getByRole('button', { name: 'Apply' }).click()
  await expect(mod.getByText('No reports match these filters.')).toBeVisible()
  await filters.getByLabel('Reason').selectOption({ label: 'Reuploaded work' })
  await filters.getByLabel('Item').selectOption({ label: 'Projects' })
  await filters.getByRole('button', { name: 'Apply' }).click()
  const row = mod.getByTestId('report-item')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`${title} Project · Reuploaded work`)
  // The report's text has the row's width, not an icon column's.
  const [rowBox, textBox] = await Promise.all([row.boundingBox(), row.locator('.moderation-queue__text').boundingBox()])
  expect(textBox!.width).toBeGreaterThan(rowBox!.width / 2)
  await expect(mod.getByRole('status').filter({ hasText: '1 report' })).toBeVisible()
  await noSeriousAxe(mod, 'reports queue (filtered)')
  await row.getByRole('link', { name: `Open report about ${title}` }).click()
  await expect(mod.getByText('Reason: Reuploaded work', { exact: false })).toBeVisible()
  await mod.getByLabel('Your message').fill('Thanks, we are looking at the textures now.')
  await mod.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(mod.getByRole('list', { name: 'Conversation with the moderators' })).toContainText('Thanks, we are looking at the textures now.')
  await mod.getByRole('button', { name: 'Close report' }).click()
  await expect(mod.getByRole('button', { name: 'Reopen report' })).toBeVisible()
  await noSeriousAxe(mod, 'report page (staff)')
  await mod.context().close()

  await page.goto(reportPath)
  const thread = page.getByRole('list', { name: 'Conversation with the moderators' })
  await expect(thread).toContainText('Thanks, we are looking at the textures now.')
  await expect(thread).toContainText('Thread closed')
  await expect(page.getByText('Closed', { exact: true })).toBeVisible()
  // Not for anyone else.
  const other = await browserAs(browser, owner.token, baseURL!)
  expect((await other.goto(reportPath))?.status()).toBe(404)
  expect((await other.goto('/moderation/reports'))?.status()).toBe(404)
  await other.context().close()
  await page.context().close()
})

test.afterAll(async ({ request }) => {
  // Test projects go: other test files count what the catalogue holds.
  if (projectId) await request.delete(`/api/projects/${projectId}`, { headers: await signIn(request) })
})
