import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { archiveProblem, isArchiveName, isUnsafeEntryName, NOT_AN_ARCHIVE } from '../../src/lib/files/archive'

const zip = (entries: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)]))))

describe('archive check', () => {
  it('passes a sound jar', async () => {
    expect(await archiveProblem({ data: zip({ 'fabric.mod.json': '{}', 'com/example/A.class': 'x' }) })).toBeNull()
  })
  it('refuses a file that only claims to be an archive', async () => {
    expect(await archiveProblem({ data: Buffer.from('PK-not-really-a-zip') })).toBe(NOT_AN_ARCHIVE)
    expect(await archiveProblem({ data: Buffer.alloc(0) })).toBe(NOT_AN_ARCHIVE)
  })
  it('refuses zip slip: a climbing or absolute entry', async () => {
    expect(await archiveProblem({ data: zip({ 'ok.txt': 'x', '../../.minecraft/mods/evil.jar': 'x' }) })).toMatch(/unsafe path/)
    expect(await archiveProblem({ data: zip({ '/etc/passwd': 'x' }) })).toMatch(/unsafe path/)
  })
  it('knows which names are archives and which entry names escape', () => {
    expect(['a.jar', 'B.ZIP', 'pack.mrpack'].every(isArchiveName)).toBe(true)
    expect(isArchiveName('readme.txt')).toBe(false)
    for (const bad of ['../x', 'a/../../x', '/abs', 'C:/win', 'a\\..\\..\\x']) expect(isUnsafeEntryName(bad), bad).toBe(true)
    for (const good of ['a/b/c.class', 'assets/..hidden', 'x..y']) expect(isUnsafeEntryName(good), good).toBe(false)
  })
})
