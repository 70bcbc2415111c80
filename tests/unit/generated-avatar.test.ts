import { describe, expect, it } from 'vitest'

import { generatedAvatar } from '../../src/lib/avatar/generated'

describe('generatedAvatar', () => {
  it('shows the first letter, upper-cased, and the same colour for the same name', () => {
    expect(generatedAvatar('pixelmoth')).toEqual(generatedAvatar('pixelmoth'))
    expect(generatedAvatar('pixelmoth').initial).toBe('P')
    expect(generatedAvatar('élan').initial).toBe('É')
  })

  it('gives different names different colours, and a name-less account a question mark', () => {
    const hues = new Set(['admin', 'wren_mod', 'quillfeather', 'tinkerfox', 'pixelmoth'].map((n) => generatedAvatar(n).hue))
    expect(hues.size).toBeGreaterThan(3)
    expect(generatedAvatar('  ')).toMatchObject({ initial: '?' })
    expect(generatedAvatar(null).hue).toBeGreaterThanOrEqual(0)
  })
})
