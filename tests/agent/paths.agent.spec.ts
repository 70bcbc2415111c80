import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { readOwnFile } from '../../src/agent/servers/files'
import { dataLayout, PathEscapeError, resolveInside } from '../../src/agent/servers/paths'

describe('paths stay inside their folder', () => {
  const root = '/srv/agent/servers/abc'

  it('resolves paths inside', () => {
    expect(resolveInside(root, 'world', 'level.dat')).toBe('/srv/agent/servers/abc/world/level.dat')
    expect(resolveInside(root, 'world/../server.properties')).toBe('/srv/agent/servers/abc/server.properties')
    expect(resolveInside(root, '..data')).toBe('/srv/agent/servers/abc/..data')
    expect(resolveInside(root, '.')).toBe(root)
  })

  it('refuses anything that ends outside', () => {
    for (const escape of ['..', '../abd', '../../etc/passwd', '/etc/passwd', 'world/../../x', 'a\0b']) {
      expect(() => resolveInside(root, escape), escape).toThrow(PathEscapeError)
    }
    // A sibling whose name starts like the folder's is outside too.
    expect(() => resolveInside(root, '../abc-other/x')).toThrow(PathEscapeError)
  })

  it('builds server folders and records only from valid ids', () => {
    const layout = dataLayout('/data')
    expect(layout.serverDir('srv_1-A')).toBe('/data/servers/srv_1-A')
    expect(layout.recordFile('srv_1-A')).toBe('/data/records/srv_1-A.json')
    for (const bad of ['..', '.', 'a/b', '', 'x'.repeat(65), 'a b', '%2e%2e']) {
      expect(() => layout.serverDir(bad), bad).toThrow(PathEscapeError)
      expect(() => layout.recordFile(bad), bad).toThrow(PathEscapeError)
    }
  })

  it('does not follow a symlink the game put in its folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'own-file-'))
    mkdirSync(path.join(dir, 'outside'))
    writeFileSync(path.join(dir, 'outside', 'secret'), 'secret')
    symlinkSync(path.join(dir, 'outside', 'secret'), path.join(dir, 'server.properties'))
    await expect(readOwnFile(path.join(dir, 'server.properties'))).rejects.toMatchObject({ code: 'ELOOP' })
    expect(await readOwnFile(path.join(dir, 'absent'))).toBeNull()
  })
})
