import { describe, expect, it } from 'vitest'

import { baseName, crumbs, fileName, filePath, formatBytes, isArchive, joinPath, parentOf, tidyPath } from '../../src/lib/hosting/filePaths'

describe('file manager paths', () => {
  it('tidies slashes and dots but leaves `..` for the agent to refuse', () => {
    expect(tidyPath('/a//b/./c/')).toBe('a/b/c')
    expect(tidyPath('')).toBe('')
    expect(tidyPath('/')).toBe('')
    expect(tidyPath('../etc')).toBe('../etc')
  })

  it('checks the shape of paths and names', () => {
    expect(filePath.parse('/mods/a.jar')).toBe('mods/a.jar')
    expect(filePath.safeParse('a\u0000b').success).toBe(false)
    expect(filePath.safeParse('x'.repeat(1025)).success).toBe(false)
    expect(fileName.parse(' notes.txt ')).toBe('notes.txt')
    for (const bad of ['', 'a/b', 'a\\b', '.', '..', 'a\nb']) expect(fileName.safeParse(bad).success, bad).toBe(false)
  })

  it('joins, splits and crumbs', () => {
    expect(joinPath('', 'mods')).toBe('mods')
    expect(joinPath('world/', 'level.dat')).toBe('world/level.dat')
    expect(parentOf('world/region/r.0.0.mca')).toBe('world/region')
    expect(parentOf('server.properties')).toBe('')
    expect(baseName('world/level.dat')).toBe('level.dat')
    expect(crumbs('world/region')).toEqual([
      { name: 'world', path: 'world' },
      { name: 'region', path: 'world/region' },
    ])
    expect(crumbs('')).toEqual([])
  })

  it('knows archives and formats sizes', () => {
    expect(['a.zip', 'b.tar.gz', 'c.TGZ', 'd.tar'].every(isArchive)).toBe(true)
    expect(isArchive('a.jar')).toBe(false)
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MiB')
  })
})
