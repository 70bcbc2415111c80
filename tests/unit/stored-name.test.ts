import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { assertStoredName, isStoredName, sizeName, storedNameProblem, storedPath, uploadName } from '../../src/lib/files/storedName'

const root = path.resolve('/srv/media/images')

describe('stored file names', () => {
  it('takes plain file names', () => {
    for (const name of ['mod-1.0.jar', 'sodium-fabric-0.6.0+mc1.21.jar', 'café pack.zip', 'icon-96x96-0123456789ab.webp', 'null.png']) expect(isStoredName(name), name).toBe(true)
  })

  it('refuses folders, .., control characters, hidden and empty names', () => {
    for (const name of ['../x', '../../etc/passwd', './victim.zip', 'a/b.jar', 'a\\b.jar', '..\\x', '..', '.', 'a..b', '.htaccess', '', 'x\u0000.png', 'x\n.png', 'é'.repeat(200)]) {
      expect(isStoredName(name), JSON.stringify(name)).toBe(false)
      expect(storedNameProblem(name)).toEqual(expect.any(String))
    }
    for (const value of [null, undefined, 3, {}]) expect(isStoredName(value)).toBe(false)
  })

  it('resolves a path only directly inside its folder', () => {
    expect(storedPath(root, 'mod.jar')).toBe(path.join(root, 'mod.jar'))
    expect(storedPath('/srv/media/images/', 'mod.jar')).toBe(path.join(root, 'mod.jar'))
    for (const name of ['../files/mod.jar', './mod.jar', 'sub/mod.jar', '..', null]) expect(storedPath(root, name)).toBeNull()
  })

  it('refuses with a 400 that names the problem', () => {
    expect(assertStoredName('ok.png')).toBe('ok.png')
    try {
      assertStoredName('../x')
      expect.unreachable()
    } catch (err) {
      expect(err).toMatchObject({ status: 400, message: expect.stringMatching(/folder/) })
    }
  })
})

describe('the name an upload is stored under', () => {
  it('keeps ordinary names as they are', () => {
    for (const name of ['small.png', 'mod-1.0.jar', 'My Pack (v2).zip', 'archive.tar.gz', 'README']) expect(uploadName(name)).toBe(name)
  })

  it('keeps only the last path segment and no "..", control characters or leading dots', () => {
    expect(uploadName('../../etc/passwd')).toBe('passwd')
    expect(uploadName('..\\..\\odd..name.png')).toBe('odd.name.png')
    expect(uploadName('.htaccess')).toBe('htaccess')
    expect(uploadName('a\u0000b\r\n.jar')).toBe('ab.jar')
    expect(uploadName('what?<is>:"this"|*.jar')).toBe('what--is---this---.jar')
  })

  it('never gives an empty, reserved or `null` name', () => {
    expect(uploadName('')).toBe('file')
    expect(uploadName('...')).toBe('file')
    expect(uploadName('.png')).toBe('png')
    expect(uploadName('null')).toBe('file-null')
    expect(uploadName('undefined')).toBe('file-undefined')
    expect(uploadName('CON.txt')).toBe('file-CON.txt')
    expect(uploadName('con.tar.gz')).toBe('file-con.tar.gz')
    expect(uploadName('lpt0')).toBe('file-lpt0')
  })

  it('is short enough for any filesystem and always a stored name', () => {
    const long = uploadName(`${'é'.repeat(300)}.jar`)
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(180)
    expect(long.endsWith('.jar')).toBe(true)
    for (const name of ['../x', '..', '.', 'a/..', '\u0000', `${'x'.repeat(400)}.png`, 'x.' + 'y'.repeat(40), `${'a'.repeat(174)}. b.jar`]) expect(isStoredName(uploadName(name)), name).toBe(true)
  })
})

describe('image size names', () => {
  it('carry the size and a random token, so two images with one base name never share one', () => {
    const args = { originalName: 'shot', sizeName: 'icon', width: 96, height: 96, extension: 'webp' }
    expect(sizeName(args, '0123456789ab')).toBe('shot-96x96-0123456789ab.webp')
    expect(sizeName(args)).toMatch(/^shot-96x96-[0-9a-f]{12}\.webp$/)
    expect(sizeName(args)).not.toBe(sizeName(args))
    expect(isStoredName(sizeName({ ...args, originalName: '../..' }))).toBe(true)
  })
})
