import { describe, expect, it } from 'vitest'

import { autoBackupDue, type BackupFacts, backupName, backupSlots, checkDownload, rollingVictim, signDownload, slotsRemaining } from '../../src/lib/hosting/backups'

const backup = (id: string, over: Partial<BackupFacts> = {}): BackupFacts => ({ id, automated: true, locked: false, state: 'ready', restoreState: null, createdAt: `2026-11-0${id}T00:00:00.000Z`, ...over })

describe('backup slots', () => {
  it('grow with the plan; custom plans by their RAM; an unknown plan keeps one', () => {
    expect(['trial', 'server-small', 'server-medium', 'server-large'].map(backupSlots)).toEqual([1, 3, 5, 8])
    expect(['server-custom-2g', 'server-custom-4g', 'server-custom-12g'].map(backupSlots)).toEqual([3, 5, 8])
    expect(backupSlots('something-else')).toBe(1)
  })

  it('every record holds one, never fewer than none left', () => {
    expect(slotsRemaining([backup('1'), backup('2', { state: 'failed' })], 3)).toBe(1)
    expect(slotsRemaining([backup('1'), backup('2'), backup('3')], 2)).toBe(0)
  })
})

describe('the rolling deletion', () => {
  it('takes the oldest automated backup that is neither locked nor in use', () => {
    const list = [backup('1', { locked: true }), backup('2', { automated: false }), backup('3', { state: 'creating' }), backup('4', { restoreState: 'restoring' }), backup('6'), backup('5', { state: 'failed' })]
    expect(rollingVictim(list)?.id).toBe('5')
  })

  it('takes nothing when every automated one is locked (the automated backup is then skipped)', () => {
    expect(rollingVictim([backup('1', { locked: true }), backup('2', { automated: false })])).toBeNull()
  })
})

describe('auto-backup', () => {
  const now = new Date('2026-11-28T12:00:00.000Z')
  it('is due the interval after the last automated backup, or after it was turned on', () => {
    expect(autoBackupDue(6, '2026-11-28T06:00:00.000Z', null, now)).toBe(true)
    expect(autoBackupDue(6, '2026-11-28T06:00:01.000Z', null, now)).toBe(false)
    expect(autoBackupDue(3, null, '2026-11-28T10:00:00.000Z', now)).toBe(false)
    expect(autoBackupDue(3, '2026-11-27T00:00:00.000Z', '2026-11-28T10:00:00.000Z', now)).toBe(false)
    expect(autoBackupDue(24, null, null, now)).toBe(true)
  })

  it('is never due when off or at an interval not offered', () => {
    expect(autoBackupDue(null, null, null, now)).toBe(false)
    expect(autoBackupDue(5, null, null, now)).toBe(false)
  })
})

describe('backup names', () => {
  it('keep the owner’s, trimmed and cut to 48; otherwise say when', () => {
    expect(backupName('  Before   the update ', false, new Date())).toBe('Before the update')
    expect(backupName('x'.repeat(60), false, new Date())).toHaveLength(48)
    expect(backupName('', false, new Date('2026-11-28T09:05:00Z'))).toBe('Backup 2026-11-28 09:05 UTC')
    expect(backupName(null, true, new Date('2026-11-28T09:05:00Z'))).toBe('Automatic backup 2026-11-28 09:05 UTC')
  })
})

describe('download links', () => {
  const link = signDownload('secret', 'b1', 2_000)
  it('work for their backup until they expire', () => {
    expect(checkDownload('secret', 'b1', link, 1_999)).toBe('ok')
    expect(checkDownload('secret', 'b1', link, 2_000)).toBe('expired')
  })

  it('are refused for another backup, another secret, or a changed expiry', () => {
    expect(checkDownload('secret', 'b2', link, 0)).toBe('invalid')
    expect(checkDownload('other', 'b1', link, 0)).toBe('invalid')
    expect(checkDownload('secret', 'b1', { ...link, expires: '9000' }, 0)).toBe('invalid')
    expect(checkDownload('secret', 'b1', { expires: '2000', sig: 'zz' }, 0)).toBe('invalid')
    expect(checkDownload('secret', 'b1', {}, 0)).toBe('invalid')
  })
})
