import { describe, expect, it } from 'vitest'

import { licenseUrlProblem, hasIdenticalLinks, isDiscordInvite, isShortened } from '../../src/lib/checklist/links'
import { projectNags, requiredNags, type ChecklistInput } from '../../src/lib/checklist/nags'
import { descriptionImages, longHeaders, readableLength, summaryHasFormatting } from '../../src/lib/checklist/text'

const LONG_BODY = 'This mod adds copper golems that sort items into chests. '.repeat(5)

/** A project that passes every item. */
const ready = (over: Partial<ChecklistInput> = {}): ChecklistInput => ({
  title: 'Copper Golems',
  summary: 'Copper golems that sort your items into the right chests.',
  body: `## Features\n\n${LONG_BODY}`,
  projectType: 'mod',
  hasIcon: true,
  gallery: [{ featured: true }],
  versionCount: 1,
  license: { id: 'MIT', url: null },
  links: { issues: 'https://github.com/a/b/issues', source: 'https://github.com/a/b', wiki: null, discord: 'https://discord.gg/abc' },
  donationUrls: [],
  categories: ['utility'],
  additionalCategories: [],
  availableTags: ['utility', 'magic', 'storage', 'technology', 'food'].map((name) => ({ name, header: 'categories' })),
  loaderNames: ['fabric', 'forge', 'quilt', 'neoforge'],
  clientSide: 'required',
  serverSide: 'required',
  status: 'draft',
  moderatorMessage: null,
  ...over,
})
const ids = (p: ChecklistInput) => projectNags(p).map((n) => n.id)

describe('publishing checklist', () => {
  it('a finished project has nothing left', () => {
    expect(projectNags(ready())).toEqual([])
  })

  it('a new draft needs a version, a description, a license and environments', () => {
    const nags = projectNags(ready({ versionCount: 0, body: '', license: { id: null, url: null }, clientSide: 'unknown' }))
    expect(requiredNags(nags).map((n) => n.id)).toEqual(['upload-version', 'add-description', 'select-license', 'select-environments'])
    expect(nags.find((n) => n.id === 'upload-version')?.fix).toBe('version/new')
  })

  it('gallery minimums depend on the project type', () => {
    expect(ids(ready({ projectType: 'shader', gallery: [{ featured: true }, { featured: false }] }))).toContain('upload-gallery-image')
    expect(ids(ready({ projectType: 'shader', gallery: [{ featured: true }, { featured: false }, { featured: false }] }))).not.toContain('upload-gallery-image')
    expect(ids(ready({ projectType: 'resourcepack', gallery: [] }))).toContain('upload-gallery-image')
    expect(ids(ready({ projectType: 'resourcepack', gallery: [], categories: ['audio'] }))).not.toContain('upload-gallery-image')
    expect(ids(ready({ gallery: [] }))).not.toContain('upload-gallery-image')
    expect(ids(ready({ gallery: [{ featured: false }] }))).toContain('feature-gallery-image')
  })

  it('licenses: unknown refused, custom ones need a real URL, copyleft needs the source', () => {
    expect(ids(ready({ license: { id: 'LicenseRef-Unknown', url: null } }))).toContain('select-license')
    expect(ids(ready({ license: { id: 'LicenseRef-Custom', url: null } }))).toContain('add-custom-license-details')
    expect(ids(ready({ license: { id: 'LicenseRef-All-Rights-Reserved', url: null } }))).toEqual([])
    expect(ids(ready({ license: { id: 'LicenseRef-Custom', url: 'https://bit.ly/x' } }))).toContain('invalid-license-url')
    expect(ids(ready({ license: { id: 'LicenseRef-Custom', url: 'https://example.org/license.txt' } }))).toEqual([])
    expect(ids(ready({ license: { id: 'GPL-3.0-only', url: null }, links: { ...ready().links, source: null } }))).toContain('gpl-license-source-required')
    expect(ids(ready({ license: { id: 'GPL-3.0-only', url: null } }))).toEqual([])
  })

  it('link hygiene', () => {
    const links = ready().links
    expect(ids(ready({ links: { ...links, wiki: 'https://github.com/a/b' } }))).toContain('identical-links')
    expect(ids(ready({ links: { ...links, wiki: 'https://discord.gg/abc2' } }))).toContain('misused-discord-link')
    expect(ids(ready({ donationUrls: ['https://discord.com/invite/x'] }))).toContain('misused-discord-link')
    expect(ids(ready({ links: { ...links, wiki: 'https://tinyurl.com/x' } }))).toContain('link-shortener-usage')
    expect(ids(ready({ links: { issues: null, source: null, wiki: null, discord: null } }))).toEqual(['add-links'])
  })

  it('summary and title', () => {
    expect(ids(ready({ summary: 'copper golems' }))).toContain('summary-same-as-title')
    expect(projectNags(ready({ summary: 'Sorts items.' })).find((n) => n.id === 'summary-too-short')?.values).toEqual({ length: 12, min: 30 })
    expect(ids(ready({ summary: 'See https://example.org for the whole story here.' }))).toContain('summary-special-formatting')
    expect(ids(ready({ title: 'Better Minecraft' }))).toContain('minecraft-title-clause')
    expect(ids(ready({ title: 'Copper Golems 1.20.1' }))).toContain('title-contains-technical-info')
    expect(ids(ready({ title: 'Copper Golems Fabric' }))).toContain('title-contains-technical-info')
    expect(ids(ready({ title: 'Fabricated Golems' }))).not.toContain('title-contains-technical-info')
  })

  it('tags: all selected is refused, too many warned, one resolution for resource packs', () => {
    const all = ready().availableTags.map((t) => t.name)
    expect(ids(ready({ categories: all.slice(0, 3), additionalCategories: all.slice(3) }))).toContain('all-tags-selected')
    expect(ids(ready({ categories: [] }))).toEqual(['select-tags'])
    const many = Array.from({ length: 9 }, (_, i) => `t${i}`)
    expect(ids(ready({ categories: many.slice(0, 3), additionalCategories: many.slice(3) }))).toContain('too-many-tags')
    const rp = ready({
      projectType: 'resourcepack', categories: ['16x', '32x'],
      availableTags: [{ name: '16x', header: 'resolutions' }, { name: '32x', header: 'resolutions' }, { name: 'cartoon', header: 'categories' }],
    })
    expect(ids(rp)).toContain('multiple-resolution-tags')
  })

  it('moderator feedback shows while rejected', () => {
    expect(ids(ready({ status: 'rejected', moderatorMessage: 'Add screenshots.' }))).toContain('moderator-feedback')
  })
})

describe('description measures', () => {
  it('counts readable characters only', () => {
    expect(readableLength('# Title\n\n**Bold** [link](https://x.y) ![img](a.png) `code`')).toBe('Title Bold link'.length)
  })
  it('finds sentence headers and images without alt text', () => {
    expect(longHeaders('# Short\n## This is one. And this is another.\n```\n# not a header. really.\n```')).toEqual(['This is one. And this is another.'])
    expect(descriptionImages('![](a.png) <img src="b.png" alt="B">')).toEqual({ count: 2, missingAlt: true })
    expect(descriptionImages('![A](a.png)')).toEqual({ count: 1, missingAlt: false })
  })
  it('summary formatting', () => {
    expect(summaryHasFormatting('Plain words, no links.')).toBe(false)
    expect(summaryHasFormatting('With **bold** text')).toBe(true)
    expect(summaryHasFormatting('two\nlines')).toBe(true)
  })
})

describe('links', () => {
  it('recognises shorteners, Discord invites and bad license hosts', () => {
    expect(isShortened('https://bit.ly/abc')).toBe(true)
    expect(isShortened('https://example.org/bit.ly')).toBe(false)
    expect(isDiscordInvite('https://discord.com/invite/abc')).toBe(true)
    expect(isDiscordInvite('https://discord.com/channels/1/2')).toBe(false)
    expect(licenseUrlProblem('http://example.org/l')).toBe('notHttps')
    expect(licenseUrlProblem('https://www.reddit.com/r/x')).toBe('socialOrGaming')
    expect(hasIdenticalLinks(['https://a.b/c/', 'http://www.a.b/c'])).toBe(true)
  })
})
