/**
 * The project member header (issue 13): the publishing checklist a creator works through, submit for
 * review refused until every required item is done, and a team invitation accepted or declined from
 * the project page. The public never sees any of it.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { attachScreenshot, createAccount, DEMO_PASSWORD } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'checklist-pass-1'

/** Fresh accounts, so the demo users' pages and counts stay as other tests expect them. */
async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  const res = await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })
  expect(res.status(), await res.text()).toBe(201)
  return login(request, username, PASSWORD)
}

async function login(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/users/login', { data: { username, password } })
  expect(res.ok(), `login ${username}`).toBe(true)
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, headers: { Authorization: `JWT ${token}` } }
}

/** The browser signed in with the same session cookie the site's sign-in sets. */
async function signInBrowser(page: Page, token: string, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: token, url: baseURL }])
}

const slug = `checklist-walk-${run}`
let projectId = ''
let owner: Awaited<ReturnType<typeof login>>

test.afterAll(async ({ request }) => {
  // Test projects go: other test files count what the catalogue holds.
  if (projectId) await request.delete(`/api/projects/${projectId}`, { headers: (await login(request, 'admin')).headers })
})

test('a creator works through the checklist and submits for review', async ({ page, request, baseURL }) => {
  owner = await account(request, 'creator')
  const created = await request.post('/api/projects', {
    headers: owner.headers,
    data: { slug, title: 'Checklist Walkthrough', summary: 'Made by the checklist test to be submitted for review.', projectType: 'mod' },
  })
  expect(created.status()).toBe(201)
  projectId = (await created.json()).doc.id

  // The public sees nothing of the project; the creator sees the checklist with what is missing.
  expect((await request.get(`/mod/${slug}`)).status()).toBe(404)
  await signInBrowser(page, owner.token, baseURL!)
  await page.goto(`/mod/${slug}`)
  const checklist = page.getByRole('region', { name: 'Publishing checklist' })
  await expect(checklist).toBeVisible()
  for (const id of ['upload-version', 'add-description', 'select-license', 'select-environments']) {
    await expect(checklist.locator(`[data-nag="${id}"]`)).toContainText('Required')
  }
  await expect(checklist.locator('[data-nag="upload-version"]')).toContainText('Upload a version')
  await expect(checklist.getByText('4 required steps left')).toBeVisible()
  const submit = checklist.getByRole('button', { name: 'Submit for review' })
  await expect(submit).toBeDisabled()
  // Disabled yet focusable, and it names what is left (a tooltip on hover and focus); clicks do nothing.
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  const left = 'Still required: Upload a version, Add a description, Select a license, and Select the environments.'
  await expect(submit).toHaveAccessibleDescription(left)
  await submit.focus()
  await expect(submit).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(submit).toBeFocused()
  await expect(checklist.getByRole('tooltip')).toHaveText(left)
  await submit.click({ force: true })
  await page.waitForLoadState('networkidle')
  await expect(checklist.getByText('4 required steps left')).toBeVisible()
  expect((await (await request.get(`/api/projects/${projectId}?depth=0`, { headers: owner.headers })).json()).status).toBe('draft')
  await expect(checklist.getByText('Complete the required steps above to submit.')).toBeVisible()
  // An item whose page exists links there.
  await checklist.locator('[data-nag="upload-version"]').getByRole('link', { name: /Fix/ }).click()
  await expect(page).toHaveURL(new RegExp(`/mod/${slug}/version/new$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Create a version' })).toBeVisible()

  // The server refuses the same submission, naming what is missing, and changes nothing.
  const refused = await request.patch(`/api/projects/${projectId}`, { headers: owner.headers, data: { status: 'processing' } })
  expect(refused.status()).toBe(400)
  expect(JSON.stringify(await refused.json())).toContain('Project submitted for review with no initial versions')

  const gameVersion = (await (await request.get('/api/game-versions?limit=1&depth=0&sort=-date')).json()).docs[0].id
  const version = await request.post('/api/versions', { headers: owner.headers, data: { project: projectId, versionNumber: '1.0.0', gameVersions: [gameVersion], loaders: ['fabric'] } })
  expect(version.status(), await version.text()).toBe(201)
  const stillRefused = await request.patch(`/api/projects/${projectId}`, { headers: owner.headers, data: { status: 'processing' } })
  expect(JSON.stringify(await stillRefused.json())).toContain('Complete the required checklist items before submitting: Add a description, Select a license, Select the environments.')

  const body = 'Checklist Walkthrough adds copper golems that carry items between chests, sort them by kind and keep your base tidy. '.repeat(3)
  const fixed = await request.patch(`/api/projects/${projectId}`, { headers: owner.headers, data: { body, license: 'MIT', clientSide: 'required', serverSide: 'optional' } })
  expect(fixed.status()).toBe(200)

  await page.goto(`/mod/${slug}`)
  await expect(checklist.getByText('Every required step is done.')).toBeVisible()
  await expect(checklist.locator('[data-nag="add-icon"]')).toContainText('Suggestion')
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: baseURL! }])
    await page.reload()
    const results = await new AxeBuilder({ page }).include('.member-header').analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), theme).toEqual([])
    await attachScreenshot(page, `checklist-${theme}.png`, { fullPage: false })
  }
  await checklist.getByRole('button', { name: 'Submit for review' }).click()
  // The page refreshes in place: the checklist gives way to the review notice.
  await expect(page.locator('.member-header').getByRole('status')).toHaveText('This project is under review.')
  await expect(page.locator('.project-header').getByText('Under review')).toBeVisible()
  await page.reload()
  await expect(page.getByText('This project is under review.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0)
  const stored = await (await request.get(`/api/projects/${projectId}?depth=0`, { headers: owner.headers })).json()
  expect(stored.status).toBe('processing')
  expect(stored.queued).toBeTruthy()
})

test('an invited user accepts from the project page; another declines', async ({ page, request, baseURL }) => {
  expect(projectId).not.toBe('')
  const admin = await login(request, 'admin')
  // Unlisted: reachable by its link, yet out of search and the sitemap that other test files count.
  await request.patch(`/api/projects/${projectId}`, { headers: admin.headers, data: { status: 'unlisted' } })
  const team = (await (await request.get(`/api/projects/${projectId}?depth=0`, { headers: owner.headers })).json()).team as string

  for (const [name, answer] of [['artist', 'Accept'], ['passerby', 'Decline']] as const) {
    const invitee = await account(request, name)
    const invited = await request.post('/api/team-members', { headers: owner.headers, data: { team, user: invitee.id, role: 'Artist', permissions: 1 } })
    expect(invited.status(), await invited.text()).toBe(201)
    const memberId = (await invited.json()).doc.id

    await signInBrowser(page, invitee.token, baseURL!)
    await page.goto(`/mod/${slug}`)
    const invitation = page.getByRole('region', { name: 'You are invited to this project' })
    await expect(invitation).toContainText('as Artist')
    await invitation.getByRole('button', { name: answer }).click()
    await expect(invitation).toHaveCount(0)
    const row = await request.get(`/api/team-members/${memberId}?depth=0`, { headers: admin.headers })
    if (answer === 'Accept') expect((await row.json()).accepted).toBe(true)
    else expect(row.status()).toBe(404)
  }

  // Visitors see no member header at all.
  await page.context().clearCookies()
  await page.goto(`/mod/${slug}`)
  await expect(page.locator('.member-header')).toHaveCount(0)
})
