import { describe, expect, it } from 'vitest'

import { planDay } from '../../src/lib/revenue/distribute'
import { centsToMicro, formatUsdMicro, microToCentsFloor, toMicro, usdDecimal } from '../../src/lib/revenue/money'
import { plusShare, staffIncomeForDay } from '../../src/lib/revenue/pool'
import { signTimestamped, verifyTimestamped } from '../../src/lib/revenue/signature'
import { chargeToUsdMicro } from '../../src/lib/revenue/usd'

describe('a day’s pool', () => {
  it('the day’s entries plus its part of the month’s, the month’s days adding up to the month', () => {
    const entries = [
      { period: '2026-11-03', amount: 5n },
      { period: '2026-11', amount: 100n },
      { period: '2026-11', amount: 20n },
      { period: '2026-10', amount: 999n },
    ]
    expect(staffIncomeForDay('2026-11-03', entries)).toBe(5n + 4n)
    let month = 0n
    for (let d = 1; d <= 30; d++) month += staffIncomeForDay(`2026-11-${String(d).padStart(2, '0')}`, entries)
    expect(month).toBe(120n + 5n)
    expect(staffIncomeForDay('2026-12-01', entries)).toBe(0n)
  })

  it('the Plus share, floored, never negative', () => {
    expect(plusShare(4_990_000n, 50)).toBe(2_495_000n)
    expect(plusShare(3n, 50)).toBe(1n)
    expect(plusShare(-100n, 50)).toBe(0n)
    expect(() => plusShare(1n, 101)).toThrow(RangeError)
  })

  it('charges in USD micro-units; refunds cancel exactly', () => {
    expect(chargeToUsdMicro(499n, 'USD')).toBe(4_990_000n)
    expect(chargeToUsdMicro(-499n, 'USD')).toBe(-4_990_000n)
    expect(chargeToUsdMicro(748n, 'JPY')).toBe(4_986_666n) // ¥748 at ¥150/$
    expect(chargeToUsdMicro(459n, 'EUR')).toBe(4_989_130n) // €4.59 at €0.92/$
    expect(chargeToUsdMicro(7_884_200n, 'IDR')).toBe(4_990_000n) // IDR has two decimals at Stripe
  })
})

describe('planDay', () => {
  const member = (userId: string, share = 0n) => ({ userId, share })

  it('by views, then by team shares; every part exact; ineligible projects left out', () => {
    const plan = planDay(centsToMicro(7500), [
      { projectId: 'c', views: 48n, downloads: 0n, members: [member('u3')] },
      { projectId: 'a', views: 150n, downloads: 0n, members: [member('u1', 50_000_000n), member('u2', 50_000_000n)] },
      { projectId: 'b', views: 32n, downloads: 10n, members: [member('u1', 0n), member('u2', 0n), member('u3', 0n)] },
      { projectId: 'd', views: 0n, downloads: 0n, members: [member('u4')] },
      { projectId: 'e', views: 10n, downloads: 0n, members: [] },
    ], 0n)
    expect(plan.totalWeight).toBe(230n)
    expect(plan.projects.map((p) => [p.projectId, p.amount])).toEqual([['a', 48_913_043n], ['b', 10_434_783n], ['c', 15_652_174n]])
    expect(plan.projects[1].members.map((m) => m.amount)).toEqual([3_478_261n, 3_478_261n, 3_478_261n])
    expect(plan.projects[1].members.every((m) => m.equalSplit)).toBe(true)
    const paid = [...plan.perUser.values()].reduce((a, b) => a + b, 0n)
    expect(paid).toBe(centsToMicro(7500))
    expect(plan.perUser.get('u1')).toBe(24_456_522n + 3_478_261n)
    expect(plan.perUser.has('u4')).toBe(false)
  })

  it('downloads count with their weight', () => {
    const plan = planDay(1000n, [
      { projectId: 'a', views: 1n, downloads: 1n, members: [member('u1')] },
      { projectId: 'b', views: 0n, downloads: 2n, members: [member('u2')] },
    ], 2n)
    expect(plan.projects.map((p) => p.weight)).toEqual([3n, 4n])
    expect(plan.distributed).toBe(1000n)
  })

  it('no points or no pool: nothing is paid', () => {
    expect(planDay(1000n, [{ projectId: 'a', views: 0n, downloads: 5n, members: [member('u1')] }], 0n)).toMatchObject({ distributed: 0n, projects: [] })
    expect(planDay(0n, [{ projectId: 'a', views: 3n, downloads: 0n, members: [member('u1')] }], 0n)).toMatchObject({ distributed: 0n })
  })
})

describe('money and signatures', () => {
  it('micro-units floor to cents for display and payment', () => {
    expect(microToCentsFloor(19_999n)).toBe(1n)
    expect(microToCentsFloor(-1n)).toBe(-1n)
    expect(formatUsdMicro(1_239_999n)).toBe('$1.23')
    expect(usdDecimal(centsToMicro(123_405))).toBe('1234.05')
    expect(() => usdDecimal(1n)).toThrow(RangeError)
    expect(toMicro('123456789012345678')).toBe(123456789012345678n)
    expect(() => toMicro('1.5')).toThrow(RangeError)
  })

  it('a timestamped signature holds for its body and secret, within the tolerance', () => {
    const at = new Date('2026-11-30T12:00:00Z')
    const header = signTimestamped('s3cret', '{"a":1}', at)
    expect(verifyTimestamped('s3cret', '{"a":1}', header, at)).toEqual({ ok: true })
    expect(verifyTimestamped('s3cret', '{"a":2}', header, at).ok).toBe(false)
    expect(verifyTimestamped('other', '{"a":1}', header, at).ok).toBe(false)
    expect(verifyTimestamped('s3cret', '{"a":1}', header, new Date(at.getTime() + 301_000)).ok).toBe(false)
    expect(verifyTimestamped('s3cret', '{"a":1}', null, at).ok).toBe(false)
    expect(verifyTimestamped('s3cret', '{"a":1}', 't=abc,v1=00', at).ok).toBe(false)
  })
})
