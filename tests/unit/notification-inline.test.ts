import { describe, expect, it } from 'vitest'

import { inlineBold, plainTitle } from '../../src/lib/notifications/inline'

describe('notification titles', () => {
  it('reads **pairs** as bold and nothing else', () => {
    expect(inlineBold('**Sodium** has been approved')).toEqual([{ text: 'Sodium', bold: true }, { text: ' has been approved', bold: false }])
    expect(inlineBold('<b>x</b> **a** and **b**')).toEqual([
      { text: '<b>x</b> ', bold: false },
      { text: 'a', bold: true },
      { text: ' and ', bold: false },
      { text: 'b', bold: true },
    ])
  })
  it('keeps an unmatched ** literal', () => {
    expect(inlineBold('2 ** 3 is eight')).toEqual([{ text: '2 ** 3 is eight', bold: false }])
    expect(plainTitle('**A** new version of **B**')).toBe('A new version of B')
  })
})
