import { describe, expect, it } from 'vitest'

import { centsToMicro, MICRO_PER_USD } from '../../src/lib/revenue/money'
import { allocate, allocateOrEqual } from '../../src/lib/revenue/split'

const sum = (parts: bigint[]) => parts.reduce((a, b) => a + b, 0n)

/** A small deterministic generator (no Math.random in a test that must fail the same way twice). */
function lcg(seed: number) {
  let s = BigInt(seed)
  return (max: bigint) => {
    s = (s * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n
    return (s >> 16n) % max
  }
}

describe('largest-remainder split', () => {
  it('Modrinth’s worked example: $75 over 230 points is 48.91 + 10.44 + 15.65 = 75.00, not 74.99', () => {
    const points = [150n, 32n, 48n]
    // Each share floored on its own, as Modrinth does: a cent is lost.
    const floored = points.map((p) => (7500n * p) / 230n)
    expect(floored).toEqual([4891n, 1043n, 1565n])
    expect(sum(floored)).toBe(7499n)
    // Largest remainder, in cents: the lost cent goes to the largest remainder (10.434…).
    expect(allocate(7500n, points)).toEqual([4891n, 1044n, 1565n])
    // In micro-units nothing is lost either.
    const micro = allocate(centsToMicro(7500), points)
    expect(micro).toEqual([48_913_043n, 10_434_783n, 15_652_174n])
    expect(sum(micro)).toBe(75n * MICRO_PER_USD)
  })

  it('1 micro-unit over 1,000 equal projects: one gets it, deterministically the first', () => {
    const parts = allocate(1n, Array.from({ length: 1000 }, () => 7n))
    expect(sum(parts)).toBe(1n)
    expect(parts[0]).toBe(1n)
    expect(parts.slice(1).every((p) => p === 0n)).toBe(true)
  })

  it('1 cent over 1,000 projects of random weights sums to the cent', () => {
    const next = lcg(42)
    const weights = Array.from({ length: 1000 }, () => next(10_000n))
    const parts = allocate(centsToMicro(1), weights)
    expect(sum(parts)).toBe(10_000n)
  })

  it('a $1,000,000 pool over 5,000 projects: exact, each part within a unit of its true share', () => {
    const next = lcg(7)
    const weights = Array.from({ length: 5000 }, () => next(1_000_000n))
    const total = 1_000_000n * MICRO_PER_USD
    const parts = allocate(total, weights)
    expect(sum(parts)).toBe(total)
    const W = sum(weights)
    parts.forEach((p, i) => {
      const floor = (total * weights[i]) / W
      expect(p === floor || p === floor + 1n).toBe(true)
    })
  })

  it('zero weights get nothing, even when units are left over', () => {
    const parts = allocate(10n, [0n, 1n, 0n, 1n, 1n, 0n])
    expect(parts).toEqual([0n, 4n, 0n, 3n, 3n, 0n])
    expect(sum(parts)).toBe(10n)
  })

  it('ties go to the earlier input', () => {
    expect(allocate(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n])
    expect(allocate(2n, [1n, 1n, 1n])).toEqual(allocate(2n, [1n, 1n, 1n]))
  })

  it('a zero total, and a zero total weight', () => {
    expect(allocate(0n, [1n, 2n])).toEqual([0n, 0n])
    expect(() => allocate(5n, [0n, 0n])).toThrow(RangeError)
    expect(() => allocate(-1n, [1n])).toThrow(RangeError)
    expect(() => allocate(1n, [1n, -1n])).toThrow(RangeError)
  })

  it('team shares all zero: equal parts; otherwise by share', () => {
    expect(allocateOrEqual(100n, [0n, 0n, 0n])).toEqual([34n, 33n, 33n])
    expect(allocateOrEqual(100n, [0n, 100n, 0n])).toEqual([0n, 100n, 0n])
    expect(allocateOrEqual(10n, [25n, 75n])).toEqual([3n, 7n]) // 2.5 and 7.5: the tie goes to the first
    expect(() => allocateOrEqual(1n, [])).toThrow(RangeError)
  })
})
