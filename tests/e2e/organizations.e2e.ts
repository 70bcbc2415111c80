/**
 * Organizations (issue 14 item 3): a creator makes an organization from the dashboard, invites a
 * member who accepts in their own browser, moves a project in (it shows on the organization's
 * page) and out again; unknown usernames, outsiders and visitors get their answers; the pages pass
 * axe and fit a 390 px screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { createAccount, expectNoHorizontalOverflow, expectNoSeriousAxe } from './helpers'

test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const PASSWORD = 'organization-pass-1'
const orgSlug = `guild-${run}`
const orgName = `Guild ${run}`
const projectTitle = `Guild Tools ${run}`
let projectId = ''

async function login(request: APIRequestContext, username: string, password = PASSWORD) {
  const res = await request.post('/api/users/login', { data: { username, password } })
  expect(res.ok(), `login ${username}`).toBe(true)
  const { token, user } = await res.json()
  return { token: token as string, id: user.id as string, username, headers: { Authorization: `JWT ${token}` } }
}

async function account(request: APIRequestContext, name: string) {
  const username = `${name}-${run}`
  const res = await createAccount({ username, email: `${username}@example.test`, password: PASSWORD })
  expect(res.status(), await res.text()).toBe(201)
  return login(request, username)
}

async function as(page: Page, token: string, baseURL: string) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'payload-token', value: token, url: baseURL }])
}

const noSeriousAxe = (page: Page, label: string, scope = '.settings-content') => expectNoSeriousAxe(page, label, { include: scope })

let owner: Awaited<ReturnType<typeof login>>
let member: Awaited<ReturnType<typeof login>>

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'org-owner')
  member = await account(request, 'org-member')
  const created = await request.post('/api/projects', { headers: owner.headers, data: { slug: `guild-tools-${run}`, title: projectTitle, summary: 'A project that joins an organization and leaves it.', projectType: 'mod' } })
  expect(created.status(), await created.text()).toBe(201)
  projectId = (await created.json()).doc.id
})

test.afterAll(async ({ request }) => {
  const admin = await login(request, 'admin', process.env.DEMO_PASSWORD ?? 'demo-password').catch(() => null)
  if (!admin) return
  if (projectId) await request.delete(`/api/projects/${projectId}`, { headers: admin.headers })
  const orgs = await (await request.get(`/api/organizations?where[slug][equals]=${orgSlug}&depth=0`, { headers: admin.headers })).json()
  for (const org of orgs.docs ?? []) await request.delete(`/api/organizations/${org.id}`, { headers: admin.headers })
})

test('a creator creates an organization from the dashboard', async ({ page, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto('/dashboard/organizations')
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Organizations' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('You are not in any organization yet.')).toBeVisible()
  await noSeriousAxe(page, 'dashboard')

  const form = page.getByRole('form', { name: 'Create an organization' })
  // A reserved URL is refused with its reason, and what was typed stays.
  await form.getByLabel('Name').fill(orgName)
  await form.getByLabel('URL').fill('Settings')
  await form.getByLabel('Summary').fill('We build tools together.')
  await form.getByRole('button', { name: 'Create organization' }).click()
  await expect(form.getByText('This URL is reserved. Choose another.')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue(orgName)

  await form.getByLabel('URL').fill(orgSlug.toUpperCase())
  await form.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(new RegExp(`/organization/${orgSlug}/settings$`))
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible()
  await expect(page.getByText(`go back to its owner, ${owner.username}`)).toBeVisible()
  await noSeriousAxe(page, 'general settings')
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Editing saves in place; another spelling of the address redirects to the canonical one.
  await page.getByLabel('Summary').fill('We build tools, together.')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible()
  await page.goto(`/organization/${orgSlug.toUpperCase()}/settings/members`)
  await expect(page).toHaveURL(new RegExp(`/organization/${orgSlug}/settings/members$`))

  await page.goto('/dashboard/organizations')
  const list = page.getByTestId('dashboard-organizations')
  await expect(list.getByRole('link', { name: orgName, exact: true })).toBeVisible()
  await expect(list.getByText('1 member · 0 projects')).toBeVisible()
})

test('the owner invites a member, who accepts in their own browser', async ({ page, browser, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/organization/${orgSlug}/settings/members`)
  const invite = page.getByRole('form', { name: 'Invite a member' })
  await invite.getByLabel('Username').fill(`nobody-${run}`)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('alert')).toHaveText('User not found')

  await invite.getByLabel('Username').fill(member.username)
  await invite.getByLabel('Role').fill('Builder')
  await invite.getByRole('checkbox', { name: 'Add projects' }).check()
  await invite.getByRole('checkbox', { name: 'Upload versions' }).check()
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('status')).toContainText(`${member.username} has been invited`)
  const card = page.getByTestId('organization-member').filter({ hasText: member.username })
  await expect(card.getByText('Invitation pending')).toBeVisible()
  await noSeriousAxe(page, 'members')
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The invitee, in a browser of their own: the invitation waits on the organization's page and the dashboard.
  const context = await browser.newContext({ baseURL })
  await context.addCookies([{ name: 'payload-token', value: member.token, url: baseURL! }])
  const theirs = await context.newPage()
  await theirs.goto(`/organization/${orgSlug}`)
  await expect(theirs.getByRole('heading', { name: 'Invitation to join' })).toBeVisible()
  await theirs.goto('/dashboard/organizations')
  const invitation = theirs.getByTestId('organization-invitation')
  await expect(invitation).toContainText('You are invited to join')
  await expect(invitation).toContainText('as Builder')
  await noSeriousAxe(theirs, 'dashboard with an invitation')
  await invitation.getByRole('button', { name: 'Accept' }).click()
  await expect(theirs.getByTestId('dashboard-organizations').getByRole('link', { name: orgName, exact: true })).toBeVisible()
  await expect(theirs.getByTestId('organization-invitation')).toHaveCount(0)

  // A member with only ADD_PROJECT sees the general page read-only and no delete.
  await theirs.goto(`/organization/${orgSlug}/settings`)
  await expect(theirs.getByLabel('Name')).toBeDisabled()
  await expect(theirs.getByRole('button', { name: 'Delete organization' })).toHaveCount(0)
  await context.close()

  await page.reload()
  await expect(card.getByText('Invitation pending')).toHaveCount(0)
})

test('the owner moves a project in, sees it on the organization page, and moves it out', async ({ page, baseURL }) => {
  await as(page, owner.token, baseURL!)
  await page.goto(`/organization/${orgSlug}/settings/projects`)
  await expect(page.getByText('This organization has no projects yet.')).toBeVisible()
  await page.getByLabel('Project', { exact: true }).selectOption({ label: projectTitle })
  await page.getByRole('button', { name: 'Add to organization' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Project added to the organization.' })).toBeVisible()
  const row = page.getByTestId('organization-project').filter({ hasText: projectTitle })
  await expect(row).toBeVisible()
  await noSeriousAxe(page, 'projects')
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoHorizontalOverflow(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.goto(`/organization/${orgSlug}`)
  await expect(page.getByRole('link', { name: projectTitle }).first()).toBeVisible()
  await expect(page.getByTestId('organization-members')).toContainText(member.username)

  // Its analytics: the organization's projects, each range, the table naming the project.
  await page.goto(`/organization/${orgSlug}/settings`)
  await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  for (const range of ['Last month', 'Previous 30 days', 'This month']) {
    await page.getByRole('link', { name: range, exact: true }).click()
    await expect(page.getByRole('link', { name: range, exact: true })).toHaveAttribute('aria-current', 'page')
  }
  await page.getByRole('link', { name: 'Show as a table' }).click()
  await expect(page.getByRole('table')).toContainText(projectTitle)
  await noSeriousAxe(page, 'organization analytics')

  await page.goto(`/organization/${orgSlug}/settings/projects`)
  await row.getByLabel('New owner').selectOption({ label: owner.username })
  await row.getByRole('button', { name: /^Remove from organization/ }).click()
  await expect(page.getByText('This organization has no projects yet.')).toBeVisible()
  await page.goto(`/organization/${orgSlug}`)
  await expect(page.getByRole('link', { name: projectTitle })).toHaveCount(0)
})

test('outsiders get the 404 page; visitors are sent to sign in', async ({ page, request, baseURL }) => {
  const stranger = await account(request, 'org-stranger')
  await as(page, stranger.token, baseURL!)
  expect((await page.goto(`/organization/${orgSlug}/settings/members`))?.status()).toBe(404)
  await page.context().clearCookies()
  await page.goto(`/organization/${orgSlug}/settings/projects`)
  await expect(page).toHaveURL(new RegExp(`/auth/sign-in\\?redirect=${encodeURIComponent(`/organization/${orgSlug}/settings/projects`)}`))
})
