import { describe, expect, it, vi } from 'vitest'

import { FLAGS, parseFlag } from '../../src/lib/flags/catalogue'
import { readFlag, resetFlags, subscribeFlags, writeFlag, type KeyValueStore } from '../../src/lib/flags/store'

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

describe('feature flags', () => {
  it('defaults apply until the browser stores a value', () => {
    const store = memory()
    expect(readFlag('developerMode', store)).toBe(false)
    expect(readFlag('routePrefetch', store)).toBe(true)
    expect(parseFlag('newBuildReload', 'garbage')).toBe(true)
  })

  it('write, read back, notify; reset restores every default', () => {
    const store = memory()
    const listener = vi.fn()
    const stop = subscribeFlags(listener)
    expect(writeFlag('routePrefetch', false, store)).toBe(false)
    expect(writeFlag('developerMode', true, store)).toBe(true)
    expect(listener).toHaveBeenCalledTimes(2)
    resetFlags(store)
    expect(store.data.size).toBe(0)
    expect(FLAGS.map((f) => readFlag(f.key, store))).toEqual(FLAGS.map((f) => f.defaultOn))
    stop()
  })

  it('a blocked storage keeps the defaults without throwing', () => {
    const blocked: KeyValueStore = { getItem: () => { throw new Error('blocked') }, setItem: () => { throw new Error('blocked') }, removeItem: () => { throw new Error('blocked') } }
    expect(writeFlag('developerMode', true, blocked)).toBe(false)
    expect(() => resetFlags(blocked)).not.toThrow()
  })
})
