import { describe, expect, it } from 'vitest'

import { parseSection, typedValues } from '../../src/lib/projectSettings/forms'

const form = (entries: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('project settings forms', () => {
  it('general: parsed, trimmed, visibility kept apart from the data', () => {
    const r = parseSection('general', form([['title', ' Copper Golems '], ['slug', 'copper-golems'], ['summary', 'Golems that sort items.'], ['clientSide', 'required'], ['serverSide', 'optional'], ['visibility', 'unlisted']]))
    expect(r).toEqual({ ok: true, data: { title: 'Copper Golems', slug: 'copper-golems', summary: 'Golems that sort items.', clientSide: 'required', serverSide: 'optional' }, visibility: 'unlisted' })
  })

  it('general: every bad field named', () => {
    const r = parseSection('general', form([['title', 'ab'], ['slug', 'no spaces here'], ['summary', ''], ['clientSide', ''], ['serverSide', 'sometimes'], ['visibility', 'approved']]))
    expect(r).toEqual({ ok: false, fields: { title: 'tooShort', slug: 'slugPattern', summary: 'tooShort', clientSide: 'chooseOne', serverSide: 'chooseOne' } })
  })

  it('links: empty means none, a non-URL is refused, donations per platform', () => {
    const ok = parseSection('links', form([['issuesUrl', ''], ['sourceUrl', 'https://github.com/a/b'], ['wikiUrl', ''], ['discordUrl', ''], ['donation-patreon', 'https://patreon.com/x'], ['donation-kofi', '']]), ['patreon', 'kofi'])
    expect(ok).toEqual({ ok: true, data: { issuesUrl: null, sourceUrl: 'https://github.com/a/b', wikiUrl: null, discordUrl: null, donationUrls: [{ platform: 'patreon', url: 'https://patreon.com/x' }] } })
    expect(parseSection('links', form([['issuesUrl', 'javascript:alert(1)'], ['sourceUrl', ''], ['wikiUrl', ''], ['discordUrl', '']]))).toEqual({ ok: false, fields: { issuesUrl: 'invalidUrl' } })
    expect(parseSection('links', form([['issuesUrl', ''], ['sourceUrl', ''], ['wikiUrl', ''], ['discordUrl', ''], ['donation-patreon', 'patreon']]), ['patreon'])).toEqual({ ok: false, fields: { 'donation-patreon': 'invalidUrl' } })
  })

  it('tags: at most three categories; a tag chosen twice counts as a category', () => {
    expect(parseSection('tags', form([['categories', 'a'], ['categories', 'b'], ['additionalCategories', 'b'], ['additionalCategories', 'c']]))).toEqual({ ok: true, data: { categories: ['a', 'b'], additionalCategories: ['c'] } })
    expect(parseSection('tags', form([['categories', 'a'], ['categories', 'b'], ['categories', 'c'], ['categories', 'd']]))).toEqual({ ok: false, fields: { categories: 'tooManyPrimary' } })
  })

  it('license: one is required; its URL must be a link', () => {
    expect(parseSection('license', form([['license', ''], ['licenseUrl', '']]))).toEqual({ ok: false, fields: { license: 'chooseOne' } })
    expect(parseSection('license', form([['license', 'LicenseRef-Custom'], ['licenseUrl', 'https://example.org/l']]))).toEqual({ ok: true, data: { license: 'LicenseRef-Custom', licenseUrl: 'https://example.org/l' } })
  })

  it('stores line breaks as LF whatever the browser sent', () => {
    expect(parseSection('description', form([['body', '# A\r\n\r\nB\rC']]))).toEqual({ ok: true, data: { body: '# A\n\nB\nC' } })
  })

  it('keeps what was typed, leaving React action fields out', () => {
    expect(typedValues(form([['title', 'X'], ['$ACTION_ID_1', ''], ['categories', 'a']]))).toEqual({ title: 'X', categories: ['a'] })
  })
})
