import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { hashBuffer, hashFile } from '../../src/lib/hashing'
import { base62Id, isBase62Id, relationId } from '../../src/lib/ids'
import { fileTooLarge, MiB } from '../../src/lib/limits'
import { normalizeHandle, SLUG_PATTERN, slugify } from '../../src/lib/slugs'

describe('ids', () => {
  it('are 8 base62 characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => base62Id()))
    expect(ids.size).toBe(2000)
    for (const id of ids) expect(isBase62Id(id)).toBe(true)
  })
  it('reads relation ids from populated and bare values', () => {
    expect(relationId('abc')).toBe('abc')
    expect(relationId({ id: 'xyz', title: 'T' })).toBe('xyz')
    expect(relationId(null)).toBeNull()
  })
})

describe('hashing', () => {
  it('streams a file to the same sha1/sha512 as hashing it whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hash-'))
    const file = path.join(dir, 'f.bin')
    const data = Buffer.alloc(3 * MiB + 17, 0).map((_, i) => i % 251)
    writeFileSync(file, data)
    const streamed = await hashFile(file)
    expect(streamed).toEqual(hashBuffer(data))
    expect(streamed.sha1).toBe(createHash('sha1').update(data).digest('hex'))
    expect(streamed.size).toBe(data.length)
  })
})

describe('slugs and limits', () => {
  it('normalizes handles to lower case', () => {
    expect(normalizeHandle('  Sodium-Extra ')).toBe('sodium-extra')
    expect(slugify('Créme Brûlée: The Mod!')).toBe('creme-brulee-the-mod')
  })
  it('accepts 3–64 URL-safe characters', () => {
    expect(SLUG_PATTERN.test('ab')).toBe(false)
    expect(SLUG_PATTERN.test('a'.repeat(65))).toBe(false)
    expect(SLUG_PATTERN.test('fabric-api')).toBe(true)
    expect(SLUG_PATTERN.test('has space')).toBe(false)
  })
  it('states the limit in the size error', () => {
    expect(fileTooLarge(500 * MiB)).toBe('File too large (the limit is 500 MiB).')
  })
})

describe('secretsEqual', () => {
  it('matches only the same secret, and never an empty one', async () => {
    const { secretsEqual } = await import('../../src/lib/tokens')
    expect(secretsEqual('key-123', 'key-123')).toBe(true)
    expect(secretsEqual('key-124', 'key-123')).toBe(false)
    expect(secretsEqual('key', 'key-123')).toBe(false)
    expect(secretsEqual(null, 'key-123')).toBe(false)
    expect(secretsEqual('', '')).toBe(false)
  })
})
