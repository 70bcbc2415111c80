/**
 * News, changelog and legal pages (issue 16): drafts are hidden from visitors and shown to news
 * editors through the site's data reads; legal pages are read by anyone and written only by admins,
 * through the Local API and REST alike.
 */
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { getChangelogEntry, getLegalPage, getNewsArticle, listChangelog, listPublishedNews } from '../../src/lib/data/news'
import { viewerFor, type AuthUser } from '../../src/lib/data/viewer'
import { dateKeyOf } from '../../src/lib/news/changelogDates'
import { makeUser } from '../helpers/actors'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'

let payload: Payload
let admin: AuthUser
let editor: AuthUser
let member: AuthUser
const suffix = Date.now().toString(36)
const PUBLISHED = `news-published-${suffix}`
const DRAFT = `news-draft-${suffix}`

const lexical = (text: string) => ({
  root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] },
})

async function tokenOf(user: AuthUser): Promise<string> {
  const { token } = await payload.login({ collection: 'users', data: { username: user.username, password: 'test-password-1' } })
  return token!
}

beforeAll(async () => {
  payload = await bootPayload()
  admin = await makeUser(payload, 'admin')
  editor = await makeUser(payload, 'developer', { newsEditor: true })
  member = await makeUser(payload)
  const common = { summary: 'A summary.', content: lexical('Body text.') as never, authors: [editor.id] }
  await payload.create({ collection: 'news', data: { ...common, slug: PUBLISHED, title: 'Published one', _status: 'published', publishedAt: new Date().toISOString() }, overrideAccess: true })
  await payload.create({ collection: 'news', data: { ...common, slug: DRAFT, title: 'Draft one', _status: 'draft' }, overrideAccess: true })
  await payload.create({ collection: 'changelog-entries', data: { date: '2026-03-04T12:00:00.000Z', product: 'web', body: '## Shipped\n- A change', _status: 'published' }, overrideAccess: true })
  await payload.create({ collection: 'changelog-entries', data: { date: '2026-03-05T12:00:00.000Z', product: 'web', body: '## Secret\n- Not yet', _status: 'draft' }, overrideAccess: true })
})

describe('news drafts', () => {
  it('are invisible to visitors and signed-in members, by slug and in the listing', async () => {
    for (const user of [null, member]) {
      const viewer = await viewerFor(payload, user)
      expect(await getNewsArticle(viewer, DRAFT)).toBeNull()
      expect((await getNewsArticle(viewer, PUBLISHED))?.title).toBe('Published one')
      const { articles } = await listPublishedNews(viewer, 1, 100)
      expect(articles.map((a) => a.slug)).toContain(PUBLISHED)
      expect(articles.map((a) => a.slug)).not.toContain(DRAFT)
    }
  })

  it('are visible to news editors by slug (and still kept out of the listing)', async () => {
    const viewer = await viewerFor(payload, editor)
    const draft = await getNewsArticle(viewer, DRAFT)
    expect(draft?.status).toBe('draft')
    expect(draft?.authors.map((a) => a.username)).toEqual([editor.username])
    expect((await listPublishedNews(viewer, 1, 100)).articles.map((a) => a.slug)).not.toContain(DRAFT)
  })

  it('are invisible through REST to visitors', async () => {
    const res = await api('GET', `/news?where[slug][equals]=${DRAFT}`)
    expect(res.status).toBe(200)
    expect((res.body as { docs: unknown[] }).docs).toHaveLength(0)
    const asEditor = await api('GET', `/news?where[slug][equals]=${DRAFT}`, { auth: await tokenOf(editor) })
    expect((asEditor.body as { docs: unknown[] }).docs).toHaveLength(1)
  })

  it('changelog drafts are hidden from visitors, shown to editors, and the day key finds the entry', async () => {
    const visitor = await viewerFor(payload, null)
    expect(dateKeyOf('2026-03-04T12:00:00.000Z')).toBe('2026-03-04')
    expect((await getChangelogEntry(visitor, 'web', '2026-03-04'))?.body).toContain('Shipped')
    expect(await getChangelogEntry(visitor, 'web', '2026-03-05')).toBeNull()
    expect(await getChangelogEntry(visitor, 'app', '2026-03-04')).toBeNull()
    expect(await getChangelogEntry(visitor, 'web', '2026-02-31')).toBeNull()
    expect(await getChangelogEntry(visitor, 'web', 'yesterday')).toBeNull()
    expect((await listChangelog(visitor, 'web')).map((e) => e.body).join()).not.toContain('Secret')
    expect((await getChangelogEntry(await viewerFor(payload, editor), 'web', '2026-03-05'))?._status).toBe('draft')
  })
})

describe('legal pages', () => {
  const create = (slug: string) => ({ slug, title: `Title of ${slug}`, content: lexical(`Text of ${slug}.`) })

  it('anyone reads them; an unknown slug is nothing', async () => {
    await payload.create({ collection: 'legal-pages', data: create('terms') as never, overrideAccess: true })
    const visitor = await viewerFor(payload, null)
    expect((await getLegalPage(visitor, 'terms'))?.title).toBe('Title of terms')
    expect(await getLegalPage(visitor, 'nope')).toBeNull()
    const res = await api('GET', '/legal-pages?where[slug][equals]=terms')
    expect(res.status).toBe(200)
    expect((res.body as { docs: Array<{ title: string }> }).docs[0]?.title).toBe('Title of terms')
  })

  it('only admins create, update and delete them (Local API)', async () => {
    for (const user of [null, member, editor]) {
      await expect(payload.create({ collection: 'legal-pages', data: create('privacy') as never, user: user ?? undefined, overrideAccess: false })).rejects.toThrow()
    }
    const doc = await payload.create({ collection: 'legal-pages', data: create('privacy') as never, user: admin, overrideAccess: false })
    for (const user of [null, member, editor]) {
      await expect(payload.update({ collection: 'legal-pages', id: doc.id, data: { title: 'Hijacked' }, user: user ?? undefined, overrideAccess: false })).rejects.toThrow()
      await expect(payload.delete({ collection: 'legal-pages', id: doc.id, user: user ?? undefined, overrideAccess: false })).rejects.toThrow()
    }
    expect((await payload.findByID({ collection: 'legal-pages', id: doc.id, overrideAccess: true })).title).toBe('Title of privacy')
    const updated = await payload.update({ collection: 'legal-pages', id: doc.id, data: { title: 'Privacy, revised' }, user: admin, overrideAccess: false })
    expect(updated.title).toBe('Privacy, revised')
  })

  it('only admins write them through REST; refusals leave the database unchanged', async () => {
    const doc = await payload.create({ collection: 'legal-pages', data: create('rules') as never, overrideAccess: true })
    const [memberToken, editorToken, adminToken] = await Promise.all([tokenOf(member), tokenOf(editor), tokenOf(admin)])
    for (const auth of [null, memberToken, editorToken]) {
      expect((await api('POST', '/legal-pages', { body: create('security'), auth })).status).toBe(403)
      expect((await api('PATCH', `/legal-pages/${doc.id}`, { body: { title: 'Hijacked' }, auth })).status).toBe(403)
      expect((await api('DELETE', `/legal-pages/${doc.id}`, { auth })).status).toBe(403)
    }
    expect((await payload.findByID({ collection: 'legal-pages', id: doc.id, overrideAccess: true })).title).toBe('Title of rules')
    expect((await payload.count({ collection: 'legal-pages', where: { slug: { equals: 'security' } }, overrideAccess: true })).totalDocs).toBe(0)
    expect((await api('PATCH', `/legal-pages/${doc.id}`, { body: { title: 'Rules, revised' }, auth: adminToken })).status).toBe(200)
    expect((await api('POST', '/legal-pages', { body: create('security'), auth: adminToken })).status).toBe(201)
  })

  it('a slug outside the fixed list is refused, and each slug exists once', async () => {
    await expect(payload.create({ collection: 'legal-pages', data: create('made-up') as never, overrideAccess: true })).rejects.toThrow()
    await expect(payload.create({ collection: 'legal-pages', data: create('terms') as never, overrideAccess: true })).rejects.toThrow()
  })
})
