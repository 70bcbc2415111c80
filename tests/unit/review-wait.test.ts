import { describe, expect, it } from 'vitest'

import { estimateWait, median, roughDuration } from '../../src/lib/moderation/wait'
import { decisionAllowed, statusFor } from '../../src/lib/moderation/decide'

const H = 3_600_000

describe('review wait', () => {
  it('takes the median of recent waits', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
  it('places a project after those submitted before it', () => {
    const queue = ['2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-22T10:00:00Z']
    expect(estimateWait('2026-11-21T10:00:00Z', queue, [2 * H, 10 * H, 4 * H])).toEqual({ position: 2, ahead: 1, typicalMs: 4 * H, sample: 3 })
    expect(estimateWait('2026-11-19T00:00:00Z', queue, [])).toEqual({ position: 1, ahead: 0, typicalMs: null, sample: 0 })
  })
  it('rounds to hours, then days', () => {
    expect(roughDuration(10 * 60_000)).toEqual({ unit: 'hour', value: 1 })
    expect(roughDuration(30 * H)).toEqual({ unit: 'hour', value: 30 })
    expect(roughDuration(80 * H)).toEqual({ unit: 'day', value: 3 })
  })
})

describe('decisions', () => {
  it('approve gives the status the team asked for, among the approved ones', () => {
    expect(statusFor('approve', 'unlisted')).toBe('unlisted')
    expect(statusFor('approve', 'draft')).toBe('approved')
    expect(statusFor('approve', null)).toBe('approved')
    expect(statusFor('reject', 'approved')).toBe('rejected')
    expect(statusFor('withhold', 'approved')).toBe('withheld')
  })
  it('fit the status: anything under review; only reject or withhold once listed; nothing on a draft', () => {
    expect(decisionAllowed('approve', 'processing')).toBe(true)
    expect(decisionAllowed('withhold', 'approved')).toBe(true)
    expect(decisionAllowed('approve', 'approved')).toBe(false)
    expect(decisionAllowed('reject', 'draft')).toBe(false)
    expect(decisionAllowed('approve', 'rejected')).toBe(false)
  })
})
