import { createHash, randomBytes } from 'node:crypto'

import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { addressesIn, highestSeverity, scanArchive } from '../../src/lib/files/scanner'

/** A class file's bytes with these strings in its "constant pool" (enough for a scanner reading constants). */
const classWith = (...constants: string[]) => Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 65]), ...constants.map((c) => Buffer.concat([Buffer.from([1, 0, c.length]), Buffer.from(c, 'latin1')])), Buffer.from([7, 0, 2]), randomBytes(32)])
const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files))

/** The kinds of finding, in a stable order. fflate keeps entry names as given, "../" included. */
const kinds = (r: Awaited<ReturnType<typeof scanArchive>>) => r.findings.map((f) => f.kind).sort()

describe('the archive scanner', () => {
  it('finds a hard-coded address, a nested jar and a climbing entry in a malicious test archive', async () => {
    const inner = zip({ 'Payload.class': classWith('Ljava/lang/Runtime;') })
    const data = zip({
      'fabric.mod.json': strToU8('{"id":"evil"}'),
      'com/evil/Stealer.class': classWith('java/net/Socket', '45.155.205.233', 'https://evil.example/upload'),
      'META-INF/jars/inner.jar': inner,
      '../../.minecraft/mods/autorun.jar': strToU8('x'),
    })
    const r = await scanArchive({ data })
    expect(r.complete).toBe(true)
    // The climbing "jar" is no zip at all: reported as such beside the climb.
    expect(kinds(r)).toEqual(['corrupt', 'hardcoded-ip', 'nested-archive', 'nested-archive', 'url', 'zip-slip'])
    expect(r.findings.find((f) => f.entry === 'META-INF/jars/inner.jar')).toMatchObject({ kind: 'nested-archive', severity: 'low' })
    expect(r.findings.find((f) => f.kind === 'hardcoded-ip')).toMatchObject({ severity: 'high', entry: 'com/evil/Stealer.class', detail: expect.stringContaining('45.155.205.233') })
    expect(highestSeverity(r.findings)).toBe('critical')
  })

  it('scans inside nested archives: a climbing entry or an address there is reported with its path', async () => {
    const inner = zip({ '../../../autorun.bat': strToU8('evil'), 'x/Beacon.class': classWith('91.92.240.7') })
    const r = await scanArchive({ data: zip({ 'libs/helper.jar': inner, 'A.class': classWith('fine') }) })
    expect(r.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'nested-archive', severity: 'medium', entry: 'libs/helper.jar' }),
        expect.objectContaining({ kind: 'zip-slip', severity: 'critical', entry: 'libs/helper.jar!/../../../autorun.bat' }),
        expect.objectContaining({ kind: 'hardcoded-ip', entry: 'libs/helper.jar!/x/Beacon.class' }),
      ]),
    )
    expect(r.classes).toBe(2)
  })

  it('goes only so deep, and says so', async () => {
    let data = zip({ 'deep/Deep.class': classWith('45.155.205.233') })
    for (let i = 0; i < 4; i++) data = zip({ [`level${i}.jar`]: data })
    const r = await scanArchive({ data })
    expect(r.findings.filter((f) => f.kind === 'hardcoded-ip')).toEqual([])
    expect(r.findings.at(-1)).toMatchObject({ kind: 'nested-archive', detail: expect.stringContaining('too deep') })
  })

  it('flags an entry whose bytes are on the known-malicious list, by sha1 or sha512', async () => {
    const bad = classWith('harmless looking')
    const sha1 = createHash('sha1').update(bad).digest('hex')
    const sha512 = createHash('sha512').update(bad).digest('hex')
    const data = zip({ 'a/Bad.class': bad, 'a/Good.class': classWith('other') })
    for (const known of [sha1, sha512]) {
      const r = await scanArchive({ data }, { knownMalicious: new Set([known]) })
      expect(r.findings).toEqual([expect.objectContaining({ kind: 'known-malicious', severity: 'critical', entry: 'a/Bad.class' })])
    }
    expect((await scanArchive({ data })).findings).toEqual([])
  })

  it('finds nothing to worry about in a plain mod', async () => {
    const r = await scanArchive({ data: zip({ 'fabric.mod.json': strToU8('{"id":"fine"}'), 'com/example/Fine.class': classWith('net/minecraft/Block', '127.0.0.1') }) })
    expect(r.findings).toEqual([])
    expect(r.classes).toBe(1)
  })

  it('flags native libraries and obfuscated class names', async () => {
    const files: Record<string, Uint8Array> = { 'natives/libhook.so': strToU8('ELF'), 'win/hook.dll': strToU8('MZ') }
    for (const n of 'abcdefghijkl') files[`${n}.class`] = classWith('x')
    const r = await scanArchive({ data: zip(files) })
    expect(kinds(r)).toEqual(['native-library', 'native-library', 'obfuscation'])
  })

  it('stops within its limits on a zip bomb, and reports a corrupt zip instead of failing', async () => {
    const bomb = zip({ 'a.class': new Uint8Array(8 * 1024 * 1024) })
    const r = await scanArchive({ data: bomb }, { limits: { maxEntries: 10, maxBytes: 1 << 30, maxEntryBytes: 1 << 30, maxRatio: 100, timeoutMs: 5000 } })
    expect(r.complete).toBe(false)
    expect(r.findings).toEqual([expect.objectContaining({ kind: 'scan-limit', severity: 'high' })])
    const many = zip(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, strToU8('x')])))
    expect((await scanArchive({ data: many }, { limits: { maxEntries: 10, maxRatio: 1000, timeoutMs: 5000 } })).findings[0]).toMatchObject({ kind: 'scan-limit' })
    const corrupt = await scanArchive({ data: Buffer.from('PK\u0003\u0004 not really a zip') })
    expect(corrupt.findings).toEqual([expect.objectContaining({ kind: 'corrupt' })])
  })

  it('reads addresses only from class constants, leaving loopback and documentation ranges out', () => {
    expect(addressesIn(classWith('connect 10.0.0.7:25565', '192.0.2.1', 'version 1.20.1.2'))).toEqual({ ips: ['10.0.0.7'], urls: [] })
    expect(addressesIn(classWith('1.1.1.1', 'dns 8.8.4.4:53')).ips).toEqual(['1.1.1.1', '8.8.4.4'])
  })
})
