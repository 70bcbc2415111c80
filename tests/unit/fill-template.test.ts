import { describe, expect, it } from 'vitest'

import { fillTemplate } from '../../src/lib/text/fillTemplate'

describe('fillTemplate', () => {
  it('fills known placeholders, every time they appear, and leaves unknown ones', () => {
    expect(fillTemplate('{gib} GB · {gib} GB at {price} ({other})', { gib: 3, price: '$9.00' })).toBe('3 GB · 3 GB at $9.00 ({other})')
  })
  it('does not read replacement patterns in values', () => {
    expect(fillTemplate('{price}', { price: '$& $1' })).toBe('$& $1')
  })
})
