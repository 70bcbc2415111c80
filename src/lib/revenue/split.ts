/**
 * Exact shares of a whole (DESIGN.md "Money"): integer micro-units in, integer parts out, the parts
 * summing to the whole. Largest remainder (Hamilton): each part is first floored to
 * `total × weight / Σweights`, then the units the floors left over go one each to the largest
 * remainders. Ties go to the earlier index, so callers order their inputs by a stable key (project
 * id, user id) and a rerun gives the same parts. Modrinth floors each share on its own and loses
 * the rest (their worked example: 74.99 of 75.00).
 */

function check(total: bigint, weights: readonly bigint[]): bigint {
  if (total < 0n) throw new RangeError('allocate: the total is negative')
  let sum = 0n
  for (const w of weights) {
    if (w < 0n) throw new RangeError('allocate: a weight is negative')
    sum += w
  }
  return sum
}

/**
 * `total` split over `weights`. A zero weight gets nothing (it never wins a leftover unit: the
 * leftover is less than the number of non-zero remainders). When every weight is zero there is
 * nothing to split by: RangeError (see `allocateOrEqual`).
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = check(total, weights)
  if (sum === 0n) throw new RangeError('allocate: every weight is zero')
  const parts = weights.map((w) => (total * w) / sum)
  const remainders = weights.map((w, index) => ({ index, rest: (total * w) % sum }))
  let left = total - parts.reduce((a, b) => a + b, 0n)
  // Largest remainder first; equal remainders in input order (Array.prototype.sort is stable).
  remainders.sort((a, b) => (a.rest === b.rest ? 0 : a.rest > b.rest ? -1 : 1))
  for (const { index } of remainders) {
    if (left === 0n) break
    parts[index] += 1n
    left -= 1n
  }
  return parts
}

/** As `allocate`, but equal parts when every weight is zero (a team whose payout shares are all unset). */
export function allocateOrEqual(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) throw new RangeError('allocateOrEqual: nothing to split over')
  return check(total, weights) === 0n ? allocate(total, weights.map(() => 1n)) : allocate(total, weights)
}
