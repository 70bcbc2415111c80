import { describe, expect, it } from 'vitest'

import { BULK_MAX_PROJECTS, parseBulkLinks } from '../../src/lib/projectSettings/bulkLinks'

const form = (entries: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('bulk link edits (/dashboard/projects)', () => {
  it('sets the typed links, clears the ticked ones and leaves empty fields alone', () => {
    const r = parseBulkLinks(form([['project', 'a'], ['project', 'b'], ['project', 'a'], ['sourceUrl', ' https://git.example/x '], ['wikiUrlClear', 'on'], ['wikiUrl', 'https://ignored.example']]))
    expect(r).toEqual({ ok: true, projects: ['a', 'b'], changes: { sourceUrl: 'https://git.example/x', wikiUrl: null } })
  })

  it('names each field that is not a web address, whatever else is wrong', () => {
    const r = parseBulkLinks(form([['issuesUrl', 'javascript:alert(1)'], ['discordUrl', 'discord.gg/abc']]))
    expect(r).toEqual({ ok: false, fields: { issuesUrl: 'invalidUrl', discordUrl: 'invalidUrl' } })
  })

  it('asks for projects, and for a change', () => {
    expect(parseBulkLinks(form([['sourceUrl', 'https://x.example']]))).toMatchObject({ ok: false, form: 'chooseProjects' })
    expect(parseBulkLinks(form([['project', 'a']]))).toMatchObject({ ok: false, form: 'noChange' })
  })

  it('bounds one request', () => {
    const many = Array.from({ length: BULK_MAX_PROJECTS + 1 }, (_, i): [string, string] => ['project', `p${i}`])
    expect(parseBulkLinks(form([...many, ['sourceUrl', 'https://x.example']]))).toMatchObject({ ok: false, form: 'tooManyProjects' })
  })
})
