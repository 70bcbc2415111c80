import { describe, expect, it } from 'vitest'

import { EXTERNAL_LINK_REL, renderMarkdown } from '@/lib/markdown'

const SITE = 'blockforge.test'
const REL = `rel="${EXTERNAL_LINK_REL}"`
const render = (source: string, externalLinksNewTab?: boolean): string => renderMarkdown(source, { siteHost: SITE, externalLinksNewTab })

describe('externalLinksNewTab (spec §3 cosmetic) in markdown', () => {
  it('opens external links in a new tab when on', () => {
    expect(render('[a](https://example.com/x)', true)).toBe(`<p><a href="https://example.com/x" ${REL} target="_blank">a</a></p>\n`)
    expect(render('<https://example.org>', true)).toContain(`<a href="https://example.org" ${REL} target="_blank">`)
  })

  it('leaves links to the site itself alone', () => {
    expect(render('[own](https://blockforge.test/p) [rel](/mods)', true)).toBe('<p><a href="https://blockforge.test/p">own</a> <a href="/mods">rel</a></p>\n')
    expect(render('<a href="/x" target="_blank">a</a>', true)).toBe('<p><a href="/x" target="_blank">a</a></p>\n')
  })

  it('opens external links in the same tab when off, overriding the author', () => {
    expect(render('[a](https://example.com)', false)).toBe(`<p><a href="https://example.com" ${REL}>a</a></p>\n`)
    expect(render('<a target="_blank" href="https://example.com">a</a>', false)).toBe(`<p><a href="https://example.com" ${REL}>a</a></p>\n`)
  })

  it('replaces the author’s target of an external link, whatever its position', () => {
    expect(render('<a target="_self" href="https://example.com" title="t">a</a>', true)).toBe(`<p><a href="https://example.com" ${REL} title="t" target="_blank">a</a></p>\n`)
  })

  it('still sanitizes everything else about the link', () => {
    const html = render('<a href="javascript:alert(1)" onclick="x()" target="_top">a</a> <a href="https://example.com" rel="opener" target="evil">b</a>', true)
    expect(html).toBe(`<p><a>a</a> <a href="https://example.com" ${REL} target="_blank">b</a></p>\n`)
  })

  it('keeps the old behaviour when no preference is given', () => {
    expect(render('<a href="https://example.com" target="_blank">a</a>')).toBe(`<p><a href="https://example.com" ${REL} target="_blank">a</a></p>\n`)
    expect(render('[a](https://example.com)')).toBe(`<p><a href="https://example.com" ${REL}>a</a></p>\n`)
  })
})
