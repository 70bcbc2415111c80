import { describe, expect, it } from 'vitest'

import { etagOf, matchesIfNoneMatch } from '../../src/lib/http/etag'

describe('ETag', () => {
  it('is weak, and the same for the same body only', () => {
    const tag = etagOf('{"id":"AANobbMI"}')
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(etagOf('{"id":"AANobbMI"}')).toBe(tag)
    expect(etagOf('{"id":"AANobbMJ"}')).not.toBe(tag)
  })

  it('If-None-Match matches the tag weakly, in a list, or as *', () => {
    const tag = etagOf('body')
    expect(matchesIfNoneMatch(tag, tag)).toBe(true)
    expect(matchesIfNoneMatch(tag.replace(/^W\//, ''), tag)).toBe(true)
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true)
    expect(matchesIfNoneMatch('*', tag)).toBe(true)
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false)
    expect(matchesIfNoneMatch(null, tag)).toBe(false)
    expect(matchesIfNoneMatch('', tag)).toBe(false)
  })
})
