import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext } from '@playwright/test'

import { attachScreenshot, expectNoSeriousAxe, signIn } from './helpers'

/**
 * Project and version pages (issue 4): overview, sidebar, gallery lightbox, versions filters,
 * version page, redirects, the download interface and 404s — with the seeded demo data, whose
 * slugs are found through the REST API rather than written down here.
 */

type Doc = { id: string; slug: string; projectType: string; status: string; loaders?: string[]; issuesUrl?: string | null; sourceUrl?: string | null; body?: string | null; title: string; summary: string }
type VersionDoc = { id: string; project: string; versionNumber: string; versionType: string; status: string; gameVersions: string[]; loaders: string[]; datePublished: string }
type FileDoc = { id: string; version: string; filename: string; filesize: number; sha1: string; sha512: string; primary: boolean }

const json = async <T>(request: APIRequestContext, url: string, headers?: Record<string, string>): Promise<T> => {
  const res = await request.get(url, { headers })
  expect(res.ok(), `${url} → ${res.status()}`).toBeTruthy()
  return (await res.json()) as T
}

/** Every page of a list: /api answers at most 100 documents a page (README, cost limits). */
async function allPages<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const docs: T[] = []
  for (let page = 1; ; page++) {
    const res = await json<{ docs: T[]; hasNextPage: boolean }>(request, `${url}&limit=100&page=${page}`)
    docs.push(...res.docs)
    if (!res.hasNextPage) return docs
  }
}

const approvedProjects = (request: APIRequestContext) => allPages<Doc>(request, '/api/projects?where[status][equals]=approved&depth=0')

const listedVersions = (request: APIRequestContext) => allPages<VersionDoc>(request, '/api/versions?where[status][in]=listed,archived&depth=0&sort=-datePublished')

const displayType = (p: Doc) => (p.projectType !== 'mod' ? p.projectType : p.loaders?.includes('datapack') ? 'datapack' : p.loaders?.some((l) => ['bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge', 'bungeecord', 'waterfall', 'velocity'].includes(l)) ? 'plugin' : 'mod')

async function aMod(request: APIRequestContext): Promise<Doc> {
  const mods = (await approvedProjects(request)).filter((p) => displayType(p) === 'mod' && p.issuesUrl && p.sourceUrl && (p.body ?? '').length > 100)
  expect(mods.length).toBeGreaterThan(0)
  return mods[0]
}

test.describe('project page', () => {
  test('a mod page shows header, description, sidebar and links', async ({ page, request }) => {
    const mod = await aMod(request)
    await page.goto(`/mod/${mod.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: mod.title }).first()).toBeVisible()
    await expect(page.locator('.project-header__summary')).toHaveText(mod.summary)
    await expect(page.locator('.project-header__stats')).toContainText(/downloads?/)
    await expect(page.locator('.project-header__stats')).toContainText(/followers?/)
    await expect(page.locator('.markdown-body').first()).not.toBeEmpty()
    const sidebar = page.getByRole('complementary', { name: 'Project information' })
    await expect(sidebar.getByRole('heading', { name: 'Compatibility' })).toBeVisible()
    await expect(sidebar.getByRole('heading', { name: 'Creators' })).toBeVisible()
    await expect(sidebar.getByRole('heading', { name: 'Details' })).toBeVisible()
    await expect(sidebar.getByRole('link', { name: /Report issues/ })).toHaveAttribute('href', mod.issuesUrl!)
    await expect(sidebar.getByRole('link', { name: /View source/ })).toHaveAttribute('href', mod.sourceUrl!)
    await expect(sidebar.locator('.creator').first()).toBeVisible()
    await expect(sidebar.locator('.details-list')).toContainText(/Licensed \S/)
    await expect(sidebar.locator('.sidebar-card__versions')).toHaveText(/\d/)
    await expect(page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Description' })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', mod.title)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', mod.summary)
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1)
    // Following needs an account: anonymous visitors are sent to sign in and back.
    await page.getByRole('button', { name: /Follow/ }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/auth/sign-in' && url.searchParams.get('redirect') === `/mod/${mod.slug}`)
  })

  test('gallery opens a lightbox moved by the keyboard', async ({ page, request }) => {
    const images = await allPages<{ project: string }>(request, '/api/images?where[kind][equals]=gallery&depth=0')
    const counts = new Map<string, number>()
    for (const i of images) counts.set(i.project, (counts.get(i.project) ?? 0) + 1)
    const project = (await approvedProjects(request)).find((p) => (counts.get(p.id) ?? 0) >= 2)!
    expect(project).toBeTruthy()
    const total = counts.get(project.id)!
    await page.goto(`/${displayType(project)}/${project.slug}/gallery`)
    const first = page.locator('.gallery-card__link').first()
    await first.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Image viewer' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`Image 1 of ${total}`)
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(dialog).toContainText(`Image 2 of ${total}`)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(dialog).toContainText(`Image ${total} of ${total}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(first).toBeFocused()
  })

  test('versions list filters by channel, loader and game version', async ({ page, request }) => {
    const versions = await listedVersions(request)
    const projects = await approvedProjects(request)
    const byProject = new Map<string, VersionDoc[]>()
    for (const v of versions) byProject.set(v.project, [...(byProject.get(v.project) ?? []), v])
    const project = projects.find((p) => new Set((byProject.get(p.id) ?? []).map((v) => v.versionType)).size >= 2 && new Set((byProject.get(p.id) ?? []).flatMap((v) => v.loaders)).size >= 2)!
    expect(project).toBeTruthy()
    const own = byProject.get(project.id)!
    const path = `/${displayType(project)}/${project.slug}/versions`
    await page.goto(path)
    await expect(page.locator('.version-rows > li')).toHaveCount(own.length)
    await expect(page.locator('.version-rows .channel-badge').first()).toHaveText(/^[RBA]/)

    const channel = own.find((v) => v.versionType !== 'release')!.versionType
    await page.goto(`${path}?c=${channel}`)
    const letter = channel === 'beta' ? 'B' : 'A'
    const rows = page.locator('.version-rows > li')
    await expect(rows).toHaveCount(own.filter((v) => v.versionType === channel).length)
    for (const badge of await rows.locator('.channel-badge [aria-hidden]').allTextContents()) expect(badge).toBe(letter)

    await page.goto(path)
    const loader = own[own.length - 1].loaders[0]
    await page.getByLabel('Loader').selectOption(loader)
    await expect(page).toHaveURL(new RegExp(`[?&]l=${loader}`))
    await expect(rows).toHaveCount(own.filter((v) => v.loaders.includes(loader)).length)

    const gameVersion = own[0].gameVersions[0]
    await page.goto(`${path}?g=${encodeURIComponent(gameVersion)}`)
    await expect(rows).toHaveCount(own.filter((v) => v.gameVersions.includes(gameVersion)).length)
    await rows.first().locator('.version-row__link').click()
    await expect(page).toHaveURL(/\/version\//)
  })

  test('a version page shows files with sizes and copyable hashes', async ({ page, request }) => {
    const mod = await aMod(request)
    const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
    const files = (await json<{ docs: FileDoc[] }>(request, `/api/version-files?where[version][in]=${versions.map((v) => v.id).join(',')}&limit=100&depth=0`)).docs
    const file = files.find((f) => f.sha1 && f.sha512)!
    const version = versions.find((v) => v.id === file.version)!
    const repeated = versions.filter((v) => v.versionNumber === version.versionNumber).length > 1
    await page.goto(`/mod/${mod.slug}/version/${encodeURIComponent(repeated ? version.id : version.versionNumber)}`)
    await expect(page.locator('.file-item__name', { hasText: file.filename })).toBeVisible()
    const item = page.locator('.file-item', { hasText: file.filename })
    await expect(item.locator('.file-item__size')).toHaveText(/\d(\.\d)? (B|KiB|MiB)/)
    await expect(item.locator('[data-hash="sha1"]')).toHaveText(file.sha1)
    await expect(item.locator('[data-hash="sha512"]')).toHaveText(file.sha512)
    await expect(item.getByRole('button', { name: /Copy the SHA-1 hash/ })).toBeVisible()
    await expect(item.getByRole('link', { name: new RegExp(`Download ${file.filename.replace(/[.+]/g, '\\$&')}`) })).toHaveAttribute('href', `/api/version-files/file/${encodeURIComponent(file.filename)}`)
    await expect(page.getByRole('heading', { name: 'Metadata' })).toBeVisible()
    await expect(page.locator('.meta-list')).toContainText(version.versionNumber)
    const download = await request.get(`/api/version-files/file/${encodeURIComponent(file.filename)}`)
    expect(download.status()).toBe(200)
  })

  test('a version number that repeats links by id', async ({ page, request }) => {
    const versions = await listedVersions(request)
    const projects = new Map((await approvedProjects(request)).map((p) => [p.id, p]))
    const seen = new Map<string, VersionDoc>()
    let pair: [VersionDoc, VersionDoc] | null = null
    for (const v of versions) {
      if (!projects.has(v.project)) continue
      const key = `${v.project}|${v.versionNumber}`
      const other = seen.get(key)
      if (other) {
        pair = [other, v]
        break
      }
      seen.set(key, v)
    }
    expect(pair, 'the demo data has a repeated version number').not.toBeNull()
    const project = projects.get(pair![0].project)!
    const base = `/${displayType(project)}/${project.slug}`
    await page.goto(`${base}/versions`)
    for (const v of pair!) {
      await expect(page.locator(`.version-rows a[href="${base}/version/${v.id}"]`)).toHaveCount(1)
      await expect(page.locator(`.version-rows a[href="${base}/version/${encodeURIComponent(v.versionNumber)}"]`)).toHaveCount(0)
    }
    await page.goto(`${base}/version/${pair![1].id}`)
    await expect(page.locator('.meta-list')).toContainText(pair![1].id)
  })

  test('a wrong type and /project/{id} redirect to the typed URL', async ({ page, request }) => {
    const projects = await approvedProjects(request)
    const shader = projects.find((p) => p.projectType === 'shader')!
    await page.goto(`/mod/${shader.slug}/versions`)
    await expect(page).toHaveURL(new RegExp(`/shader/${shader.slug}/versions$`))
    const mod = await aMod(request)
    await page.goto(`/project/${mod.id}`)
    await expect(page).toHaveURL(new RegExp(`/mod/${mod.slug}$`))
    await page.goto(`/mod/${mod.slug.toUpperCase()}`)
    await expect(page).toHaveURL(new RegExp(`/mod/${mod.slug}$`))
  })

  test('the download interface opens from #download and picks a file, or says nothing fits', async ({ page, request }) => {
    const mod = await aMod(request)
    const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
    const gameVersion = versions[0].gameVersions[0]
    const loader = versions[0].loaders[0]
    await page.goto(`/mod/${mod.slug}?version=${encodeURIComponent(gameVersion)}&loader=${loader}#download`)
    const dialog = page.getByRole('dialog', { name: `Download ${mod.title}` })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Game version')).toHaveValue(gameVersion)
    const file = dialog.locator('.download-result__file')
    await expect(file).toHaveAttribute('href', /^\/api\/version-files\/file\//)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.getByRole('link', { name: 'Download', exact: true }).first().click()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Game version').selectOption('')
    await expect(dialog).toContainText('Choose a game version and a platform.')

    await page.goto(`/mod/${mod.slug}?version=0.0.1-none&loader=${loader}#download`)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(/No versions available for 0\.0\.1-none and /)
    await expect(dialog.locator('.download-result__file')).toHaveCount(0)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`the download interface fits a 390 px phone and passes contrast (${theme})`, async ({ browser, request }) => {
      const mod = await aMod(request)
      const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: theme })
      await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
      const page = await context.newPage()
      await page.goto(`/mod/${mod.slug}?version=${encodeURIComponent(versions[0].gameVersions[0])}&loader=${versions[0].loaders[0]}#download`)
      const dialog = page.getByRole('dialog', { name: `Download ${mod.title}` })
      await expect(dialog.locator('.download-result__file')).toBeVisible()
      // Nothing sticks out sideways: the selects and the file button stay inside the panel and the screen.
      const overflow = await page.locator('.download-modal__panel').evaluate((panel) => {
        const box = panel.getBoundingClientRect()
        const out = [...panel.querySelectorAll('select, .download-result__file')].filter((el) => {
          const r = el.getBoundingClientRect()
          return r.left < box.left - 0.5 || r.right > box.right + 0.5
        })
        return { panelWider: box.right > window.innerWidth + 0.5 || panel.scrollWidth > panel.clientWidth + 0.5, outside: out.length }
      })
      expect(overflow).toEqual({ panelWider: false, outside: 0 })
      await expectNoSeriousAxe(page, `download dialog at 390 px (${theme})`, { include: '.download-modal__panel' })
      await context.close()
    })
  }

  test('the download interface works without JavaScript', async ({ browser, request }) => {
    const mod = await aMod(request)
    const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`/mod/${mod.slug}?version=${encodeURIComponent(versions[0].gameVersions[0])}&loader=${versions[0].loaders[0]}#download`)
    await expect(page.locator('#download')).toBeVisible()
    await expect(page.locator('#download .download-result__file')).toHaveAttribute('href', /^\/api\/version-files\/file\//)
    await context.close()
  })

  test('hidden projects are 404 to anonymous visitors', async ({ page, request }) => {
    const auth = await signIn(request)
    const hidden = (await json<{ docs: Doc[] }>(request, '/api/projects?where[status][equals]=private&limit=5&depth=0', auth)).docs[0]
    expect(hidden).toBeTruthy()
    const res = await page.context().request.get(`/${displayType(hidden)}/${hidden.slug}`, { headers: {} })
    expect(res.status()).toBe(404)
    await page.goto(`/${displayType(hidden)}/${hidden.slug}`)
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible()
    await expect(page).toHaveTitle(/Project not found/)
    const unknown = await page.context().request.get('/mod/no-such-project-here')
    expect(unknown.status()).toBe(404)
    const badType = await page.context().request.get('/widgets/whatever')
    expect(badType.status()).toBe(404)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`project pages have no serious or critical axe violations (${theme})`, async ({ page, context, request }) => {
      await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
      const mod = await aMod(request)
      const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
      for (const path of [`/mod/${mod.slug}`, `/mod/${mod.slug}/versions`, `/mod/${mod.slug}/changelog`, `/mod/${mod.slug}/gallery`, `/mod/${mod.slug}/version/${versions[0].id}`, `/mod/${mod.slug}#download`]) {
        await page.goto(path, { waitUntil: 'networkidle' })
        if (path.endsWith('#download')) await expect(page.locator('#download')).toBeVisible()
        const results = await new AxeBuilder({ page }).analyze()
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([])
      }
    })
  }

  for (const [theme, width] of [['light', 1280], ['dark', 1280], ['dark', 390], ['light', 390]] as const) {
    test(`screenshots ${theme} ${width}px`, async ({ page, context, request }) => {
      await context.addCookies([{ name: 'color-mode', value: theme, url: test.info().project.use.baseURL! }])
      await page.setViewportSize({ width, height: 900 })
      const mod = await aMod(request)
      const versions = (await listedVersions(request)).filter((v) => v.project === mod.id)
      const shots: [string, string][] = [
        ['overview', `/mod/${mod.slug}`],
        ['versions', `/mod/${mod.slug}/versions`],
        ['version', `/mod/${mod.slug}/version/${versions[0].id}`],
        ['gallery', `/mod/${mod.slug}/gallery`],
        ['download', `/mod/${mod.slug}?version=${encodeURIComponent(versions[0].gameVersions[0])}&loader=${versions[0].loaders[0]}#download`],
      ]
      for (const [name, path] of shots) {
        await page.goto(path)
        if (name === 'download') await expect(page.locator('#download')).toBeVisible()
        // No horizontal scrolling at any width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
        await attachScreenshot(page, `project-${name}-${theme}-${width}.png`, { fullPage: name !== 'download' })
      }
    })
  }
})
