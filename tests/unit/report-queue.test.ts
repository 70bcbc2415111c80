import { describe, expect, it } from 'vitest'

import { parseReportQuery, reportQueryHref } from '../../src/lib/reports/queue'

const reasons = ['spam', 'copyright']

describe('the reports queue query', () => {
  it('keeps what it knows and ignores the rest', () => {
    expect(parseReportQuery({ show: 'closed', type: 'user', reason: 'spam', sort: 'newest', q: '  textures ' }, reasons)).toEqual({ closed: true, itemType: 'user', reason: 'spam', sort: 'newest', q: 'textures' })
    expect(parseReportQuery({ show: 'all', type: 'guild', reason: 'rude', sort: 'loudest', q: ['a', 'b'] }, reasons)).toEqual({ closed: false, itemType: null, reason: null, sort: 'oldest', q: 'a' })
    expect(parseReportQuery({ q: 'x'.repeat(300) }, reasons).q).toHaveLength(100)
  })

  it('writes an address without the defaults, changing one part', () => {
    const query = parseReportQuery({ type: 'project', reason: 'copyright', q: 'a b' }, reasons)
    expect(reportQueryHref(query)).toBe('/moderation/reports?type=project&reason=copyright&q=a+b')
    expect(reportQueryHref(query, { closed: true })).toBe('/moderation/reports?show=closed&type=project&reason=copyright&q=a+b')
    expect(reportQueryHref(query, { itemType: null, reason: null, q: '' })).toBe('/moderation/reports')
  })
})
