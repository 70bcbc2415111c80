/**
 * The production build under ordinary concurrent use (on the embedded PostgreSQL when the run has no
 * DATABASE_URL, as a default install): signed-in users update their own profile and tokens through
 * /api, several at once and on the same documents, while pages and searches load. Every request
 * answers, every write is saved or refused with a reason. The PGlite default froze the whole site on
 * the first such update (issue 11). No durations are asserted.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'

import { signIn } from './helpers'

type Signed = { id: string; auth: Record<string, string> }

async function signedIn(request: APIRequestContext, username: string): Promise<Signed> {
  const auth = await signIn(request, username)
  const me = await (await request.get('/api/users/me', { headers: auth })).json()
  return { id: String(me.user.id), auth }
}

async function savedOrRefused(res: APIResponse, label: string): Promise<boolean> {
  if (res.ok()) return true
  expect(res.status(), label).toBeGreaterThanOrEqual(400)
  expect(((await res.json()) as { errors?: { message?: string }[] }).errors?.[0]?.message, `${label}: says why`).toBeTruthy()
  return false
}

test('concurrent /api updates of the same and different documents while pages and searches load: all answer, each saved or refused cleanly', async ({ request }) => {
  test.setTimeout(180_000)
  const users = await Promise.all(['tinkerfox', 'pixelmoth', 'mossbyte'].map((u) => signedIn(request, u)))
  const tokens = await Promise.all(
    users.map(async (u) => {
      const res = await request.post('/api/access-tokens', { headers: u.auth, data: { name: 'Reliability', scopes: '0', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } })
      expect(res.status(), await res.text()).toBe(201)
      return String((await res.json()).doc.id)
    }),
  )
  const [hot] = users
  const writes: { doc: string; value: string; res: Promise<APIResponse> }[] = []
  for (let i = 0; i < 20; i++) {
    const bio = `e2e bio ${i}`
    writes.push({ doc: 'hot-user', value: bio, res: request.patch(`/api/users/${hot.id}`, { headers: hot.auth, data: { bio } }) })
  }
  users.forEach((u, n) => {
    for (let i = 0; i < 8; i++) {
      const name = `e2e token ${n}.${i}`
      writes.push({ doc: `token-${n}`, value: name, res: request.patch(`/api/access-tokens/${tokens[n]}`, { headers: u.auth, data: { name } }) })
    }
  })
  const pages = ['/', '/mods', '/modpacks', '/user/tinkerfox', '/shaders']
  const reads: Promise<APIResponse>[] = []
  for (let i = 0; i < 60; i++) {
    reads.push(i % 3 === 0 ? request.get(`/v2/search?query=${['craft', 'map', 'shader'][i % 3]}&limit=5`) : request.get(pages[i % pages.length]))
  }

  const writeReplies = await Promise.all(writes.map((w) => w.res))
  const readReplies = await Promise.all(reads)
  expect(readReplies.map((r) => `${r.url()} ${r.status()}`).filter((s) => !s.endsWith(' 200'))).toEqual([])

  const saved = new Map<string, string[]>()
  for (const [i, res] of writeReplies.entries()) {
    if (await savedOrRefused(res, `${writes[i].doc} ← ${writes[i].value}`)) saved.set(writes[i].doc, [...(saved.get(writes[i].doc) ?? []), writes[i].value])
  }
  const hotNow = await (await request.get(`/api/users/${hot.id}`, { headers: hot.auth })).json()
  expect(saved.get('hot-user')).toContain(hotNow.bio)
  for (const [n, id] of tokens.entries()) {
    const now = await (await request.get(`/api/access-tokens/${id}`, { headers: users[n].auth })).json()
    expect(saved.get(`token-${n}`)).toContain(now.name)
  }
  // And the site still answers.
  expect((await request.get('/mods')).status()).toBe(200)
})
