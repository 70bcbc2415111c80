import { describe, expect, it } from 'vitest'

import { itemKeyFrom, parseReport } from '../../src/lib/reports/rules'

describe('the reported item', () => {
  it('is read from an address of ours, or taken as typed', () => {
    expect(itemKeyFrom('project', 'https://site.example/mod/sodium')).toBe('sodium')
    expect(itemKeyFrom('project', '/shader/complementary-reimagined?x=1')).toBe('complementary-reimagined')
    expect(itemKeyFrom('user', 'https://site.example/user/jade%20k')).toBe('jade k')
    expect(itemKeyFrom('version', '/mod/sodium/version/AbC123')).toBe('AbC123')
    expect(itemKeyFrom('project', 'AbC123xy')).toBe('AbC123xy')
    // The wrong kind of page is not guessed at.
    expect(itemKeyFrom('user', 'https://site.example/mod/sodium')).toBe('https://site.example/mod/sodium')
  })
})

describe('the report form', () => {
  it('needs every field', () => {
    expect(parseReport({ itemType: 'project', item: 'sodium', reportType: 'spam', body: 'Copies another mod.' })).toEqual({ ok: true, data: { itemType: 'project', item: 'sodium', reportType: 'spam', body: 'Copies another mod.' } })
    expect(parseReport({ itemType: 'nope', item: ' ', reportType: '', body: '  ' })).toEqual({ ok: false, fields: { itemType: 'chooseType', item: 'itemRequired', reportType: 'reasonRequired', body: 'bodyRequired' } })
  })
})
