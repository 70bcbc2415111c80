import { expect, test } from '@playwright/test'

import { signIn } from './helpers'

/**
 * The whole-page cache (src/server/pageCache.ts) on the production server: a cookie-less visitor's
 * project page is rendered once and served again (`X-Page-Cache: hit`) until an edit of the project
 * commits; a visitor whose only cookies choose a look (the colour mode) gets the copy kept for that
 * look; a visitor with any other cookie (a session) always gets a page of their own.
 *
 * Pages are fetched with Node's fetch, which sends no cookies (Playwright's request context keeps
 * the ones the app sets).
 */
type Doc = { id: string; slug: string; title: string; projectType: string; loaders?: string[] }

const run = Date.now().toString(36)
/** As React writes text into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

/** A page as a visitor's browser gets it: its status, how it was served (X-Page-Cache) and its HTML. */
async function fetchPage(url: string, headers: Record<string, string> = {}) {
  const r = await fetch(url, { headers })
  return { status: r.status, cache: r.headers.get('x-page-cache'), setCookie: r.headers.get('set-cookie'), body: await r.text() }
}

/**
 * The page served from the cache. The other worker's writes may drop a kept copy at any moment (a
 * tag this page shares), so a miss is followed by another read until the copy kept by it is served.
 */
async function keptCopy(url: string, headers: Record<string, string> = {}) {
  let last = await fetchPage(url, headers)
  await expect.poll(async () => (last.cache === 'hit' ? 'hit' : (last = await fetchPage(url, headers)).cache)).toBe('hit')
  return last
}

test('a cookie-less project page is served from the page cache until the project is edited; sessions never get it', async ({ page, request, baseURL }) => {
  const auth = await signIn(request)
  const res = await request.get('/api/projects?where[status][equals]=approved&where[projectType][equals]=mod&limit=200&depth=0&sort=createdAt', { headers: auth })
  expect(res.ok()).toBeTruthy()
  // A plain mod page (/mod/{slug}); the newest, which the other suites do not pick.
  const docs = ((await res.json()) as { docs: Doc[] }).docs.filter((d) => !(d.loaders ?? []).some((l) => ['datapack', 'bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge', 'bungeecord', 'waterfall', 'velocity'].includes(l)))
  expect(docs.length).toBeGreaterThan(0)
  const project = docs[docs.length - 1]
  const url = `${baseURL}/mod/${project.slug}`
  const get = (headers: Record<string, string> = {}) => fetchPage(url, headers)
  const hit = (headers: Record<string, string> = {}) => keptCopy(url, headers)

  // Somebody else may have read it already: a copy is kept after the first read.
  const first = await get()
  expect(first.status).toBe(200)
  expect(first.setCookie).toBeNull()
  const second = await hit()
  expect(second.body).toContain(html(project.title))
  expect(second.body).not.toContain('href="/dashboard"')

  // A session (or any cookie) never gets the cached copy, and gets its own header.
  await page.context().addCookies([{ name: 'payload-token', value: auth.Authorization.replace(/^JWT /, ''), url: baseURL! }])
  const signedIn = await page.goto(url)
  expect(signedIn?.status()).toBe(200)
  expect(signedIn?.headers()['x-page-cache']).toBeUndefined()
  expect(await signedIn?.text()).toContain('href="/dashboard"')
  expect((await get({ cookie: 'theme=dark' })).cache).toBeNull()
  // A cookie that only picks a look keeps the visitor anonymous: a copy is kept for that look.
  const darkAgain = await hit({ cookie: 'color-mode=dark' })
  expect(darkAgain.body).toMatch(/<html[^>]*data-theme="dark"/)
  expect(darkAgain.body).not.toContain('href="/dashboard"')
  expect((await get()).body).not.toMatch(/<html[^>]*data-theme="dark"/)
  expect((await get({ authorization: auth.Authorization })).cache).toBeNull()
  // ...and the anonymous copy is still the anonymous one.
  const again = await hit()
  expect(again.body).not.toContain('href="/dashboard"')

  const renamed = `${project.title} (page cache ${run})`
  const patch = (title: string) => request.patch(`/api/projects/${project.id}`, { headers: { ...auth, 'content-type': 'application/json' }, data: { title } })
  try {
    expect((await patch(renamed)).status()).toBe(200)
    const fresh = await get()
    expect(fresh.cache).toBe('miss')
    expect(fresh.body).toContain(html(renamed))
    expect((await hit()).body).toContain(html(renamed))
  } finally {
    expect((await patch(project.title)).status()).toBe(200)
  }
  expect((await get()).body).not.toContain(html(renamed))
})

/**
 * Pages kept until what they list changes, each proved by renaming a project it lists (or, for a
 * search, a project the query then finds): the next request is a miss showing the new title.
 */
const keptLists = [
  {
    name: 'a cookie-less search page is kept until the search index changes',
    projects: '/api/projects?where[status][equals]=approved&where[projectType][equals]=mod&limit=1&depth=0&sort=-createdAt',
    path: `/mods?q=kept${run}`,
    renamed: (title: string) => `${title} kept${run}`,
    listedBefore: false,
  },
  {
    // The newest listed project is on the home page's "newest" list.
    name: 'the cookie-less home page is kept until what it lists changes',
    projects: '/api/projects?where[status][in]=approved,archived&limit=1&depth=0&sort=-published',
    path: '/',
    renamed: (title: string) => `${title} (home ${run})`,
    listedBefore: true,
  },
]

for (const { name, projects, path, renamed: rename, listedBefore } of keptLists) {
  test(`${name}: a renamed project shows on the next request`, async ({ request, baseURL }) => {
    const auth = await signIn(request)
    const project = ((await (await request.get(projects, { headers: auth })).json()) as { docs: Doc[] }).docs[0]
    const url = `${baseURL}${path}`
    const kept = await keptCopy(url)
    expect(kept.status).toBe(200)
    expect(kept.body.includes(html(project.title))).toBe(listedBefore)

    const renamed = rename(project.title)
    const patch = (title: string) => request.patch(`/api/projects/${project.id}`, { headers: { ...auth, 'content-type': 'application/json' }, data: { title } })
    try {
      expect((await patch(renamed)).status()).toBe(200)
      const fresh = await fetchPage(url)
      expect(fresh.cache).toBe('miss')
      expect(fresh.body).toContain(html(renamed))
    } finally {
      expect((await patch(project.title)).status()).toBe(200)
    }
    expect((await fetchPage(url)).body).not.toContain(html(renamed))
  })
}
