/** User, organization and collection pages, their project-type sub-routes, 404s, the sitemap, screenshots and axe. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { formatNumber } from '../../src/lib/format/numbers'
import { displayProjectType } from '../../src/lib/search/displayType'
import { DEMO_PASSWORD, attachScreenshot, expectNoSeriousAxe, signIn } from './helpers'

type V2Project = { id: string; slug: string; project_type: string; status: string; downloads: number; followers: number; loaders: string[] }

const LISTED = new Set(['approved', 'archived'])
const projectCards = (page: Page) => page.getByTestId('profile-projects').locator('.profile-project')

async function collectionId(request: APIRequestContext, name: string): Promise<string> {
  const headers = await signIn(request)
  const res = await request.get(`/api/user-collections?where[name][equals]=${encodeURIComponent(name)}&depth=0&limit=1`, { headers })
  expect(res.ok()).toBeTruthy()
  const { docs } = (await res.json()) as { docs: Array<{ id: string; visibility: string }> }
  expect(docs).toHaveLength(1)
  return docs[0].id
}

async function listedProjectsOf(request: APIRequestContext, username: string): Promise<V2Project[]> {
  const res = await request.get(`/v2/user/${username}/projects`)
  expect(res.ok()).toBeTruthy()
  return ((await res.json()) as V2Project[]).filter((p) => LISTED.has(p.status))
}

async function screenshots(page: Page, name: string) {
  const info = test.info()
  const base = info.project.use.baseURL!
  const url = page.url()
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-mode', value: theme, url: base }])
    await page.goto(url)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await attachScreenshot(page, `${name}-${theme}.png`, { fullPage: true })
  }
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(url)
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await attachScreenshot(page, `${name}-390.png`, { fullPage: true })
}

const expectNoSeriousAxeViolations = (page: Page) => expectNoSeriousAxe(page, 'axe', { exclude: 'nextjs-portal' })

test.describe('user profile', () => {
  test('shows badges, bio, joined date, organizations, collections, projects, totals and the id', async ({ page, request }) => {
    const user = (await (await request.get('/api/users?where[username][equals]=tinkerfox&depth=0')).json()).docs[0] as { id: string }
    const listed = await listedProjectsOf(request, 'tinkerfox')
    expect(listed.length).toBeGreaterThan(0)
    const downloads = listed.reduce((n, p) => n + p.downloads, 0)
    const followers = listed.reduce((n, p) => n + p.followers, 0)

    // Usernames are case-insensitive.
    const res = await page.goto('/user/TinkerFox')
    expect(res?.status()).toBe(200)
    await expect(page).toHaveTitle('tinkerfox — Blockforge')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Performance nerd/)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'tinkerfox')
    await expect(page.getByRole('heading', { level: 1, name: 'tinkerfox' })).toBeVisible()
    await expect(page.getByText('Performance nerd. Makes the game run faster on old laptops.')).toBeVisible()
    await expect(page.getByText(/^Joined /)).toBeVisible()

    const badges = page.getByTestId('profile-badges')
    await expect(badges.getByText('MIDAS')).toBeVisible()
    await expect(badges.getByText('Alpha tester')).toBeVisible()
    await expect(badges.locator('li')).toHaveCount(2)

    const stats = page.getByTestId('profile-stats')
    await expect(stats).toContainText(`${formatNumber(downloads)} download`)
    await expect(stats).toContainText(`${formatNumber(followers)} follower`)
    await expect(page.getByTestId('profile-id')).toHaveText(user.id)

    await expect(page.getByRole('link', { name: 'Lanternworks Studio' })).toHaveAttribute('href', '/organization/lanternworks')
    await expect(page.getByTestId('profile-collections').getByRole('link', { name: /Performance essentials/ })).toBeVisible()

    // Listed projects only, for a visitor.
    await expect(projectCards(page)).toHaveCount(listed.length)
    await expect(page.locator('.status-pill')).toHaveCount(0)
    await expectNoSeriousAxeViolations(page)
    await screenshots(page, 'user')
  })

  test('the project-type sub-route lists only that type', async ({ page, request }) => {
    // Someone with projects of several types.
    const listed = await listedProjectsOf(request, 'tinkerfox')
    const byType = new Map<string, number>()
    for (const p of listed) {
      const type = displayProjectType(p.project_type, p.loaders)
      byType.set(type, (byType.get(type) ?? 0) + 1)
    }
    const [type, count] = [...byType.entries()][0]
    await page.goto('/user/tinkerfox')
    const tabs = page.getByRole('navigation', { name: 'Filter projects by type' })
    if (byType.size > 1) await expect(tabs).toBeVisible()

    const res = await page.goto(`/user/tinkerfox/${type}s`)
    expect(res?.status()).toBe(200)
    await expect(projectCards(page)).toHaveCount(count)
    const plural = { mod: 'Mods', modpack: 'Modpacks', plugin: 'Plugins', resourcepack: 'Resource Packs', shader: 'Shaders', datapack: 'Data Packs' }[type]!
    await expect(page.getByRole('heading', { level: 2, name: plural })).toBeVisible()
    await expect(page).toHaveTitle(`${plural} by tinkerfox — Blockforge`)
    if (byType.size > 1) await expect(tabs.getByRole('link', { name: new RegExp(plural) })).toHaveAttribute('aria-current', 'page')

    expect((await page.goto('/user/tinkerfox/not-a-type'))?.status()).toBe(404)
  })

  test('the owner also sees their hidden projects and private collections, marked', async ({ page, request }) => {
    // A creator with a project that is not listed.
    const headers = await signIn(request)
    const hidden = (await (await request.get('/api/projects?where[status][in]=draft,private,unlisted,rejected,processing&depth=1&limit=100', { headers })).json()).docs as Array<{ title: string; team: { id: string } }>
    let owner: string | null = null
    let title = ''
    for (const p of hidden) {
      const members = (await (await request.get(`/api/team-members?where[team][equals]=${p.team.id}&where[isOwner][equals]=true&depth=1`, { headers })).json()).docs as Array<{ user: { username: string; role: string } }>
      const candidate = members[0]?.user
      // A demo creator (other test files, running beside this one, make creators of their own).
      if (candidate && candidate.role === 'developer' && (await request.post('/api/users/login', { data: { username: candidate.username, password: DEMO_PASSWORD } })).ok()) {
        owner = candidate.username
        title = p.title
        break
      }
    }
    expect(owner, 'the demo data has a hidden project owned by a creator').toBeTruthy()
    await page.goto(`/user/${owner}`)
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0)
    // Only the owner is prompted to edit the profile (spec §6; issue 34 item 8).
    await expect(page.getByTestId('user-profile')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0)

    const login = await page.context().request.post('/api/users/login', { data: { username: owner, password: DEMO_PASSWORD } })
    expect(login.ok()).toBeTruthy()
    await page.goto(`/user/${owner}`)
    const card = projectCards(page).filter({ has: page.getByRole('link', { name: title, exact: true }) })
    await expect(card).toHaveCount(1)
    await expect(card.locator('.status-pill')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings/profile')
  })

  test('an unknown user is a 404 saying "User not found"', async ({ page }) => {
    const res = await page.goto('/user/no-such-user-here')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible()
    await expect(page).toHaveTitle(/User not found/)
  })
})

test.describe('organization page', () => {
  test('shows name, description, members with roles, projects and totals', async ({ page }) => {
    const res = await page.goto('/organization/lanternworks')
    expect(res?.status()).toBe(200)
    await expect(page).toHaveTitle('Lanternworks Studio — Blockforge')
    await expect(page.getByRole('heading', { level: 1, name: 'Lanternworks Studio' })).toBeVisible()
    await expect(page.getByText('A small team building performance mods and shaders')).toBeVisible()
    const members = page.getByTestId('organization-members')
    for (const name of ['tinkerfox', 'lumenwright', 'pixelmoth']) await expect(members.getByRole('link', { name: new RegExp(name) })).toBeVisible()
    await expect(page.getByTestId('profile-stats')).toContainText('download')
    await expect(page.getByTestId('profile-stats')).toContainText('follower')
    await expectNoSeriousAxeViolations(page)
    await screenshots(page, 'organization')
  })

  test('is found by id too, and a missing one is a 404', async ({ page, request }) => {
    const org = (await (await request.get('/api/organizations?where[slug][equals]=deepslate-collective&depth=0')).json()).docs[0] as { id: string }
    expect((await page.goto(`/organization/${org.id}`))?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Deepslate Collective' })).toBeVisible()
    const res = await page.goto('/organization/no-such-org-here')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Organization not found' })).toBeVisible()
  })
})

test.describe('collection page', () => {
  test('a public collection shows its details, owner and listed projects', async ({ page, request }) => {
    const id = await collectionId(request, 'Performance essentials')
    const res = await page.goto(`/collection/${id}`)
    expect(res?.status()).toBe(200)
    await expect(page).toHaveTitle('Performance essentials — Blockforge')
    await expect(page.getByRole('heading', { level: 1, name: 'Performance essentials' })).toBeVisible()
    await expect(page.getByText('Everything I install first on a fresh instance.').first()).toBeVisible()
    await expect(page.getByTestId('collection-owner').getByRole('link', { name: /tinkerfox/ })).toBeVisible()
    await expect(page.getByText(/^Created /)).toBeVisible()
    await expect(page.getByText(/^Updated /).first()).toBeVisible()
    await expect(page.getByTestId('collection-visibility')).toHaveCount(0)
    const count = await projectCards(page).count()
    expect(count).toBeGreaterThan(0)
    await expect(page.getByTestId('profile-stats')).toContainText(`${count} project`)
    await expectNoSeriousAxeViolations(page)
    await screenshots(page, 'collection')
  })

  test('a private collection is a 404 to visitors and shows "Private" to its owner', async ({ page, request }) => {
    const id = await collectionId(request, 'To try later')
    const res = await page.goto(`/collection/${id}`)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Collection not found' })).toBeVisible()

    const login = await page.context().request.post('/api/users/login', { data: { username: 'kestrel', password: 'demo-password' } })
    expect(login.ok()).toBeTruthy()
    expect((await page.goto(`/collection/${id}`))?.status()).toBe(200)
    await expect(page.getByTestId('collection-visibility')).toHaveText('Private')
  })

  test('an unlisted collection opens by link', async ({ page, request }) => {
    const id = await collectionId(request, 'Friends server mods')
    expect((await page.goto(`/collection/${id}`))?.status()).toBe(200)
    await expect(page.getByTestId('collection-visibility')).toHaveText('Unlisted')
  })
})

test('sitemap.xml lists listed projects and not drafts; robots.txt points to it', async ({ request }) => {
  const headers = await signIn(request)
  const draft = (await (await request.get('/api/projects?where[status][equals]=draft&depth=0&limit=1', { headers })).json()).docs[0] as { slug: string } | undefined
  const listed = (await (await request.get('/api/projects?where[status][equals]=approved&depth=0&limit=1&sort=-downloads', { headers })).json()).docs[0] as { slug: string; projectType: string; loaders: string[] | null }

  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('xml')
  const xml = await res.text()
  const base = test.info().project.use.baseURL!
  for (const path of ['/', '/mods', '/modpacks', '/plugins', '/resourcepacks', '/shaders', '/datapacks', '/news']) expect(xml).toContain(`<loc>${base}${path}</loc>`)
  expect(xml).toContain(`<loc>${base}/${displayProjectType(listed.projectType, listed.loaders ?? [])}/${listed.slug}</loc>`)
  expect(draft).toBeTruthy()
  expect(xml).not.toContain(`/${draft!.slug}</loc>`)

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`)
})
