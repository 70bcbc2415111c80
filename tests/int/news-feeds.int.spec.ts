/**
 * The news and changelog feeds (issue 16): valid RSS 2.0 and Atom as a feed parser reads them, with
 * absolute links from SITE_URL, listing what is published and never a draft.
 */
import { XMLParser } from 'fast-xml-parser'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { changelogFeed, feedResponse, newsFeed } from '../../src/lib/feeds/build'
import { env } from '../../src/lib/env'
import { bootPayload } from '../helpers/payload'

let payload: Payload
const suffix = Date.now().toString(36)
const lexical = {
  root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children: [{ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Body', format: 0, detail: 0, mode: 'normal', style: '' }] }] },
}
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })
const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x])

async function xmlOf(feed: Promise<import('feed').Feed>, format: 'rss' | 'atom') {
  const res = feedResponse(await feed, format)
  expect(res.headers.get('content-type')).toContain(format === 'rss' ? 'application/rss+xml' : 'application/atom+xml')
  return parser.parse(await res.text())
}

beforeAll(async () => {
  payload = await bootPayload()
  const common = { summary: 'Summary of the article.', content: lexical as never }
  await payload.create({ collection: 'news', data: { ...common, slug: `feed-published-${suffix}`, title: 'Feed published', _status: 'published', publishedAt: new Date().toISOString() }, overrideAccess: true })
  await payload.create({ collection: 'news', data: { ...common, slug: `feed-draft-${suffix}`, title: 'Feed draft', _status: 'draft' }, overrideAccess: true })
  await payload.create({ collection: 'changelog-entries', data: { date: '2026-05-06T12:00:00.000Z', product: 'app', version: '1.2.3', body: 'Fixed <script>alert(1)</script> **crash**', _status: 'published' }, overrideAccess: true })
  await payload.create({ collection: 'changelog-entries', data: { date: '2026-05-07T12:00:00.000Z', product: 'app', version: '1.2.4', body: 'Unreleased', _status: 'draft' }, overrideAccess: true })
  await payload.create({ collection: 'changelog-entries', data: { date: '2026-05-08T12:00:00.000Z', product: 'servers', body: 'Servers only', _status: 'published' }, overrideAccess: true })
})

describe('news feeds', () => {
  it('RSS 2.0 lists the published article with an absolute link, not the draft', async () => {
    const xml = await xmlOf(newsFeed(payload), 'rss')
    expect(xml.rss['@version']).toBe('2.0')
    const items = asArray<{ title: string; link: string }>(xml.rss.channel.item)
    expect(items.map((i) => i.title)).toContain('Feed published')
    expect(items.map((i) => i.title)).not.toContain('Feed draft')
    expect(items.find((i) => i.title === 'Feed published')?.link).toBe(`${env.siteUrl()}/news/article/feed-published-${suffix}`)
  })

  it('Atom lists the published article, not the draft', async () => {
    const xml = await xmlOf(newsFeed(payload), 'atom')
    expect(xml.feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    const entries = asArray<{ title: string | { '#text': string }; link: { '@href': string } }>(xml.feed.entry)
    const titles = entries.map((e) => (typeof e.title === 'string' ? e.title : e.title['#text']))
    expect(titles).toContain('Feed published')
    expect(titles).not.toContain('Feed draft')
    expect(entries.every((e) => asArray(e.link).every((l) => (l as { '@href': string })['@href'].startsWith(`${env.siteUrl()}/`)))).toBe(true)
  })
})

describe('changelog feeds', () => {
  it("one product's RSS lists its published entries, sanitized, and not drafts or other products", async () => {
    const xml = await xmlOf(changelogFeed(payload, 'app'), 'rss')
    const items = asArray<{ title: string; link: string; 'content:encoded'?: string }>(xml.rss.channel.item)
    // (Other test files share the database and may add app entries of their own, on other days.)
    const links = items.map((i) => i.link)
    expect(links).toContain(`${env.siteUrl()}/news/changelog/app/2026-05-06`)
    expect(links).not.toContain(`${env.siteUrl()}/news/changelog/app/2026-05-07`)
    expect(links.every((l) => l.startsWith(`${env.siteUrl()}/news/changelog/app/`))).toBe(true)
    const item = items.find((i) => i.link.endsWith('/app/2026-05-06'))!
    expect(item['content:encoded']).toContain('<strong>crash</strong>')
    expect(item['content:encoded']).not.toContain('<script')
  })

  it("one product's Atom feed parses and lists the entry", async () => {
    const xml = await xmlOf(changelogFeed(payload, 'servers'), 'atom')
    const entries = asArray<{ id: string }>(xml.feed.entry)
    expect(entries.map((e) => e.id)).toEqual([`${env.siteUrl()}/news/changelog/servers/2026-05-08`])
  })
})
