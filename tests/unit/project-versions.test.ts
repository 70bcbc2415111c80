import { describe, expect, it } from 'vitest'

import {
  channelLetter,
  downloadOptions,
  environmentOf,
  filterVersions,
  formatBytes,
  newestFirst,
  pickDownload,
  versionPath,
  versionUrlKeys,
  type PickCandidate,
} from '../../src/lib/project/versions'

const v = (id: string, versionNumber: string, versionType: string, days: number, gameVersions: string[], loaders: string[], file = true): PickCandidate => ({
  id,
  versionNumber,
  versionType,
  datePublished: new Date(Date.UTC(2025, 0, 1 + days)).toISOString(),
  gameVersions,
  loaders,
  primaryFile: file ? { url: `/api/version-files/file/${id}.jar`, filename: `${id}.jar`, size: 1000 } : null,
})

describe('pickDownload', () => {
  const versions = [
    v('rel1', '1.0.0', 'release', 1, ['1.20.1'], ['fabric']),
    v('rel2', '1.1.0', 'release', 5, ['1.20.1', '1.20.2'], ['fabric', 'quilt']),
    v('beta', '1.2.0-beta', 'beta', 9, ['1.20.1', '1.20.2'], ['fabric']),
    v('alpha', '2.0.0-alpha', 'alpha', 12, ['1.21'], ['fabric']),
    v('forge', '1.1.0-forge', 'release', 3, ['1.20.1'], ['forge']),
    v('nofile', '3.0.0', 'release', 20, ['1.21'], ['forge'], false),
  ]
  it('prefers the newest release that supports both', () => {
    expect(pickDownload(versions, { gameVersion: '1.20.1', loader: 'fabric' })?.id).toBe('rel2')
    expect(pickDownload(versions, { gameVersion: '1.20.1', loader: 'forge' })?.id).toBe('forge')
  })
  it('falls back to beta, then alpha', () => {
    expect(pickDownload([versions[2], versions[3]], { gameVersion: '1.20.2', loader: 'fabric' })?.id).toBe('beta')
    expect(pickDownload(versions, { gameVersion: '1.21', loader: 'fabric' })?.id).toBe('alpha')
  })
  it('skips versions without a file and answers null when nothing fits', () => {
    expect(pickDownload(versions, { gameVersion: '1.21', loader: 'forge' })).toBeNull()
    expect(pickDownload(versions, { gameVersion: '1.19', loader: 'fabric' })).toBeNull()
    expect(pickDownload([], { gameVersion: '1.20.1', loader: 'fabric' })).toBeNull()
  })
  it('does not filter on a missing choice', () => {
    expect(pickDownload(versions, { loader: 'quilt' })?.id).toBe('rel2')
    expect(pickDownload(versions, {})?.id).toBe('rel2')
  })
})

describe('downloadOptions', () => {
  const versions = [v('a', '1', 'release', 1, ['1.20.1', '1.21'], ['fabric']), v('b', '2', 'release', 2, ['1.19.4'], ['forge', 'neoforge'])]
  const order = new Map([
    ['1.19.4', 0],
    ['1.20.1', 1],
    ['1.21', 2],
  ])
  it('lists game versions newest first and loaders by name', () => {
    expect(downloadOptions(versions, order)).toEqual({ gameVersions: ['1.21', '1.20.1', '1.19.4'], loaders: ['fabric', 'forge', 'neoforge'] })
  })
  it('narrows each list by the other choice', () => {
    expect(downloadOptions(versions, order, { loader: 'forge' }).gameVersions).toEqual(['1.19.4'])
    expect(downloadOptions(versions, order, { gameVersion: '1.21' }).loaders).toEqual(['fabric'])
  })
})

describe('versionUrlKeys', () => {
  it('uses the number, or the id when the number repeats', () => {
    const keys = versionUrlKeys([
      { id: 'AAAAAAAA', versionNumber: '1.0.0' },
      { id: 'BBBBBBBB', versionNumber: '1.0.0' },
      { id: 'CCCCCCCC', versionNumber: '1.1.0' },
    ])
    expect(keys.get('AAAAAAAA')).toBe('AAAAAAAA')
    expect(keys.get('BBBBBBBB')).toBe('BBBBBBBB')
    expect(keys.get('CCCCCCCC')).toBe('1.1.0')
  })
  it('uses the id when a number looks like another version id', () => {
    const keys = versionUrlKeys([
      { id: 'AAAAAAAA', versionNumber: 'BBBBBBBB' },
      { id: 'BBBBBBBB', versionNumber: '2.0' },
    ])
    expect(keys.get('AAAAAAAA')).toBe('AAAAAAAA')
    expect(keys.get('BBBBBBBB')).toBe('2.0')
  })
  it('builds encoded paths', () => {
    expect(versionPath('/mod/x', '1.0+mc 1.20')).toBe('/mod/x/version/1.0%2Bmc%201.20')
  })
})

describe('filterVersions and ordering', () => {
  const list = [v('a', '1', 'release', 1, ['1.20.1'], ['fabric']), v('b', '2', 'beta', 3, ['1.21'], ['forge']), v('c', '3', 'alpha', 2, ['1.21'], ['fabric'])]
  it('filters by channel, loader and game version', () => {
    expect(filterVersions(list, { channels: ['beta', 'alpha'] }).map((x) => x.id)).toEqual(['b', 'c'])
    expect(filterVersions(list, { loader: 'fabric', gameVersion: '1.21' }).map((x) => x.id)).toEqual(['c'])
    expect(filterVersions(list, { channels: ['bogus'] })).toHaveLength(3)
    expect(filterVersions(list, {})).toHaveLength(3)
  })
  it('sorts newest first', () => {
    expect(newestFirst(list).map((x) => x.id)).toEqual(['b', 'c', 'a'])
  })
  it('letters channels', () => {
    expect([channelLetter('release'), channelLetter('beta'), channelLetter('alpha'), channelLetter(null)]).toEqual(['R', 'B', 'A', 'R'])
  })
})

describe('formatBytes', () => {
  it('uses binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MiB')
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MiB')
    expect(formatBytes(Number.NaN)).toBe('0 B')
  })
})

describe('environmentOf', () => {
  it('summarises client and server support', () => {
    expect(environmentOf('required', 'required')).toBe('clientAndServer')
    expect(environmentOf('optional', 'optional')).toBe('clientOrServer')
    expect(environmentOf('required', 'optional')).toBe('clientRequiredServerOptional')
    expect(environmentOf('optional', 'required')).toBe('serverRequiredClientOptional')
    expect(environmentOf('required', 'unsupported')).toBe('client')
    expect(environmentOf('unsupported', 'optional')).toBe('server')
    expect(environmentOf('unsupported', 'unsupported')).toBe('unsupported')
    expect(environmentOf('unknown', 'required')).toBe('unknown')
    expect(environmentOf(null, undefined)).toBe('unknown')
  })
})
