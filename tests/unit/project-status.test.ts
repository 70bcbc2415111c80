import { describe, expect, it } from 'vitest'

import { checkOwnerTransition, HIDDEN_STATUSES, isHidden, isListed, LISTED_STATUSES, PROJECT_STATUSES, PUBLIC_STATUSES } from '../../src/lib/projectStatus'
import messages from '../../messages/en-US.json'

describe('status groups', () => {
  it('lists approved and archived only', () => {
    expect([...LISTED_STATUSES].sort()).toEqual(['approved', 'archived'])
    expect(isListed('unlisted')).toBe(false)
  })
  it('hides drafts, private, processing, rejected, scheduled and unknown from visitors', () => {
    expect([...HIDDEN_STATUSES].sort()).toEqual(['draft', 'private', 'processing', 'rejected', 'scheduled', 'unknown'])
    expect(isHidden('withheld')).toBe(false)
    expect([...PUBLIC_STATUSES].sort()).toEqual(['approved', 'archived', 'unlisted', 'withheld'])
  })
})

describe('status labels (spec §4)', () => {
  it('names a withheld project "Unlisted by staff" on its page, in listings and on profiles (issue 34 item 8)', () => {
    expect(messages.Project.status.withheld).toBe('Unlisted by staff')
    expect(messages.Profile.status.withheld).toBe('Unlisted by staff')
  })
  it('has a label for every status', () => {
    for (const status of PROJECT_STATUSES) {
      expect(messages.Project.status[status]).toMatch(/\S/)
      expect(messages.Profile.status[status]).toBe(messages.Project.status[status])
    }
  })
})

describe('owner transitions', () => {
  const ready = { hasVersions: true, everApproved: false }
  it('submits a draft with versions for review', () => {
    expect(checkOwnerTransition('draft', 'processing', ready)).toEqual({ ok: true })
  })
  it('refuses submission without versions with the reference message', () => {
    expect(checkOwnerTransition('draft', 'processing', { hasVersions: false, everApproved: false })).toEqual({ ok: false, reason: 'Project submitted for review with no initial versions' })
  })
  it('resubmits rejected and withheld projects', () => {
    expect(checkOwnerTransition('rejected', 'processing', ready).ok).toBe(true)
    expect(checkOwnerTransition('withheld', 'processing', ready).ok).toBe(true)
  })
  it('cannot approve itself', () => {
    expect(checkOwnerTransition('processing', 'approved', ready).ok).toBe(false)
    expect(checkOwnerTransition('draft', 'approved', ready).ok).toBe(false)
  })
  it('switches among approved, unlisted, private and draft once approved', () => {
    const approved = { hasVersions: true, everApproved: true }
    for (const to of ['unlisted', 'private', 'draft'] as const) expect(checkOwnerTransition('approved', to, approved).ok).toBe(true)
    expect(checkOwnerTransition('private', 'approved', approved).ok).toBe(true)
    expect(checkOwnerTransition('approved', 'processing', approved).ok).toBe(false)
  })
  it('cannot lift a moderator decision directly', () => {
    expect(checkOwnerTransition('rejected', 'approved', { hasVersions: true, everApproved: true }).ok).toBe(false)
    expect(checkOwnerTransition('withheld', 'unlisted', { hasVersions: true, everApproved: true }).ok).toBe(false)
  })
})
