import { describe, expect, it } from 'vitest'

import { checkOwnerTransition, PROJECT_NOT_APPROVED_FOR_SCHEDULE } from '../../src/lib/projectStatus'
import { SCHEDULE_TEXTS, scheduleProblem } from '../../src/lib/publishing/scheduleRules'

const now = new Date('2030-06-01T12:00:00Z')
const later = new Date('2030-06-01T12:00:01Z')
const earlier = new Date('2030-06-01T11:59:59Z')

describe('a schedule request (labrinth’s checks, in its order)', () => {
  it('accepts a future time and a status the item may be released as', () => {
    for (const s of ['listed', 'archived', 'draft', 'unlisted']) expect(scheduleProblem('version', { time: later, requestedStatus: s }, now)).toBeNull()
    for (const s of ['approved', 'archived', 'unlisted', 'private', 'draft']) expect(scheduleProblem('project', { time: later, requestedStatus: s }, now)).toBeNull()
  })
  it('refuses the past first, with the kind’s own words', () => {
    expect(scheduleProblem('version', { time: earlier, requestedStatus: 'scheduled' }, now)).toBe('You cannot schedule a version to be released in the past!')
    expect(scheduleProblem('project', { time: earlier, requestedStatus: 'approved' }, now)).toBe('You cannot schedule a project to be released in the past!')
  })
  it('refuses statuses that cannot be requested', () => {
    for (const s of ['scheduled', 'unknown', 'approved', '']) expect(scheduleProblem('version', { time: later, requestedStatus: s }, now)).toBe(SCHEDULE_TEXTS.notRequestable)
    for (const s of ['scheduled', 'processing', 'rejected', 'withheld', 'listed']) expect(scheduleProblem('project', { time: later, requestedStatus: s }, now)).toBe('Specified requested status cannot be requested!')
  })
  it('refuses a time that is not one', () => {
    expect(scheduleProblem('version', { time: new Date('soon'), requestedStatus: 'listed' }, now)).toBe(SCHEDULE_TEXTS.badTime)
  })
})

describe('scheduling a project (owner transitions)', () => {
  const approved = { hasVersions: true, everApproved: true }
  it('schedules only a project that is approved now (approved, archived, unlisted, private)', () => {
    for (const from of ['approved', 'archived', 'unlisted', 'private'] as const) expect(checkOwnerTransition(from, 'scheduled', approved)).toEqual({ ok: true })
    for (const from of ['draft', 'processing', 'rejected', 'withheld'] as const) expect(checkOwnerTransition(from, 'scheduled', approved)).toEqual({ ok: false, reason: PROJECT_NOT_APPROVED_FOR_SCHEDULE })
  })
  it('calls a scheduled release off to an approved status or archived, not to rejected', () => {
    for (const to of ['approved', 'unlisted', 'private', 'draft', 'archived'] as const) expect(checkOwnerTransition('scheduled', to, approved).ok).toBe(true)
    expect(checkOwnerTransition('scheduled', 'rejected', approved).ok).toBe(false)
  })
})
