/**
 * Per-project feeds of new versions (issue 16): RSS 2.0 and Atom as a parser reads them, listed
 * versions only, changelogs sanitized, and no feed at all for a project the public cannot see.
 */
import { XMLParser } from 'fast-xml-parser'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { feedResponse } from '../../src/lib/feeds/build'
import { projectFeedHandler } from '../../src/lib/feeds/routes'
import { projectVersionsFeed } from '../../src/lib/feeds/projectVersions'
import { env } from '../../src/lib/env'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let slug = ''
let hiddenSlug = ''
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })
const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x])
const titleOf = (t: string | { '#text': string }) => (typeof t === 'string' ? t : t['#text'])

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  const project = await w.makeProject('approved')
  slug = project.slug
  const version = (versionNumber: string, status: string, changelog = '') =>
    payload.create({ collection: 'versions', data: { project: project.id, versionNumber, status: status as never, changelog, gameVersions: ['1.21'], loaders: ['fabric'], datePublished: new Date(Date.now() - Number(versionNumber.replace(/\D/g, '')) * 1000).toISOString() }, overrideAccess: true })
  await version('1.0.0', 'listed', 'First **release**<script>alert(1)</script>')
  await version('1.1.0', 'listed')
  await version('2.0.0', 'draft')
  hiddenSlug = (await w.makeProject('private')).slug
})

async function parsed(format: 'rss' | 'atom', key = slug) {
  const feed = await projectVersionsFeed(payload, 'mod', key)
  expect(feed).not.toBeNull()
  return parser.parse(await feedResponse(feed!, format).text())
}

describe('project feeds', () => {
  it('RSS lists the listed versions with absolute links and sanitized changelogs, not drafts', async () => {
    const xml = await parsed('rss')
    expect(xml.rss['@version']).toBe('2.0')
    const items = asArray<{ title: string; link: string; 'content:encoded'?: string }>(xml.rss.channel.item)
    const titles = items.map((i) => titleOf(i.title))
    expect(titles.some((t) => t.endsWith(' 1.0.0'))).toBe(true)
    expect(titles.some((t) => t.endsWith(' 1.1.0'))).toBe(true)
    expect(titles.some((t) => t.includes('2.0.0'))).toBe(false)
    expect(items.every((i) => i.link.startsWith(`${env.siteUrl()}/mod/${slug}/version/`))).toBe(true)
    const first = items.find((i) => titleOf(i.title).endsWith(' 1.0.0'))
    expect(first?.['content:encoded']).toContain('<strong>release</strong>')
    expect(first?.['content:encoded']).not.toContain('<script>')
  })

  it('Atom lists the same versions', async () => {
    const xml = await parsed('atom')
    expect(xml.feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
    expect(asArray<{ title: string | { '#text': string } }>(xml.feed.entry)).toHaveLength(2)
  })

  it('a hidden project, an unknown one or a wrong route type has no feed (404)', async () => {
    expect(await projectVersionsFeed(payload, 'mod', hiddenSlug)).toBeNull()
    expect(await projectVersionsFeed(payload, 'mod', `no-such-project-${Date.now()}`)).toBeNull()
    expect(await projectVersionsFeed(payload, 'news', slug)).toBeNull()
    const res = await projectFeedHandler('rss')(new Request('http://x'), { params: Promise.resolve({ type: 'mod', id: hiddenSlug }) })
    expect(res.status).toBe(404)
    const ok = await projectFeedHandler('atom')(new Request('http://x'), { params: Promise.resolve({ type: 'mod', id: slug }) })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toContain('application/atom+xml')
  })
})
