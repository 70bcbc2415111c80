import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { DEFAULT_PREFERENCES, preferencesOf } from '../../src/lib/hosting/preferences'
import { ALLOWED_FLAGS, checkFlag, checkStartup, heapFor, maxHeapMb, nodeArgs, splitFlags } from '../../src/lib/hosting/startup'

/** A startup's settings as the site and the node agent check them (src/lib/hosting/startup.ts). */
describe('startup settings', () => {
  it('bounds the heap by the plan less its headroom: max(256 MiB, a fifth) stays outside the heap', () => {
    expect(maxHeapMb(2048)).toBe(2048 - 410)
    expect(maxHeapMb(1024)).toBe(768)
    expect(maxHeapMb(512)).toBe(256)
    expect(maxHeapMb(300)).toBe(44) // below the 256 MiB minimum: only Automatic
    expect(checkStartup({ heap_mb: 1638 }, 2048)).toEqual({ ok: true, startup: { heap_mb: 1638 } })
    expect(checkStartup({ heap_mb: 1639 }, 2048)).toMatchObject({ ok: false, problems: [expect.stringContaining('from 256 to 1638 MiB')] })
    expect(checkStartup({ heap_mb: 255 }, 2048).ok).toBe(false)
    expect(checkStartup({ heap_mb: 300 }, 300)).toMatchObject({ ok: false, problems: [expect.stringContaining('use Automatic')] })
    expect(checkStartup({ heap_mb: 512.5 }, 2048).ok).toBe(false)
    // Null or absent: Automatic, stored as nothing.
    expect(checkStartup({ heap_mb: null, flags: [] }, 2048)).toEqual({ ok: true, startup: {} })
  })

  it('takes allowed flags, normalised, and names every refused one (nothing kept when any is refused)', () => {
    expect(checkStartup({ flags: ['--expose-gc', '--max_semi_space_size=16', '--unhandled-rejections=strict'] }, 2048)).toEqual({
      ok: true,
      startup: { flags: ['--expose-gc', '--max-semi-space-size=16', '--unhandled-rejections=strict'] },
    })
    const refused = checkStartup({ flags: ['--no-warnings', '--require=./evil.js', '--inspect=0.0.0.0:9229', '--import', 'data:text/javascript,1', '--eval=1', '--heapsnapshot-signal=SIGUSR2', '--max-old-space-size=4000', '--frobnicate'] }, 2048)
    expect(refused.ok).toBe(false)
    const message = (refused as { problems: string[] }).problems.join(' ')
    for (const named of [
      '--require=./evil.js (it runs code)',
      '--inspect=0.0.0.0:9229 (it opens a debugging port)',
      '--import (it runs code)',
      'data:text/javascript,1 (not a flag)',
      '--eval=1 (it runs code)',
      '--heapsnapshot-signal=SIGUSR2 (it writes files)',
      '--max-old-space-size=4000 (set it with Memory)',
      '--frobnicate (not on the allowed list)',
    ]) expect(message).toContain(named)
    expect(message).not.toContain('--no-warnings (')
  })

  it('checks each flag’s value, refuses one given twice, and at most 16', () => {
    expect(checkFlag('--stack-size=2000')).toEqual({ ok: true, flag: '--stack-size=2000' })
    expect(checkFlag('--stack-size=99999')).toMatchObject({ ok: false, reason: 'takes a whole number from 256 to 4096' })
    expect(checkFlag('--stack-size=1e3')).toMatchObject({ ok: false })
    expect(checkFlag('--stack-size')).toMatchObject({ ok: false, reason: expect.stringContaining('needs a value') })
    expect(checkFlag('--expose-gc=1')).toMatchObject({ ok: false, reason: 'takes no value' })
    expect(checkFlag('--unhandled-rejections=explode')).toMatchObject({ ok: false, reason: expect.stringContaining('takes one of') })
    expect(checkFlag('-r')).toMatchObject({ ok: false, reason: 'it runs code' })
    expect(checkFlag('--inspect-brk')).toMatchObject({ ok: false, reason: 'it opens a debugging port' })
    expect(checkFlag('--experimental-loader=x')).toMatchObject({ ok: false, reason: 'it runs code' })
    expect(checkFlag('--__proto__')).toMatchObject({ ok: false, reason: 'not on the allowed list' })
    expect((checkStartup({ flags: ['--expose-gc', '--expose_gc'] }, 2048) as { problems: string[] }).problems[0]).toContain('--expose_gc (given twice)')
    expect(checkStartup({ flags: Array(17).fill('--expose-gc') }, 2048).ok).toBe(false)
    expect(checkStartup({ flags: ['--expose-gc'], extra: 1 }, 2048).ok).toBe(false)
    expect(splitFlags('  --expose-gc\n--no-warnings \t --trace-gc ')).toEqual(['--expose-gc', '--no-warnings', '--trace-gc'])
  })

  it('builds the start’s Node arguments: the owner’s heap (lowered to a smaller plan’s maximum) or 75 % of the plan, and allowed flags only', () => {
    expect(nodeArgs(2048, {})).toEqual(['--max-old-space-size=1536'])
    expect(nodeArgs(2048, { heap_mb: 1000, flags: ['--expose-gc'] })).toEqual(['--max-old-space-size=1000', '--expose-gc'])
    expect(heapFor(1024, 1600)).toBe(768) // saved on a bigger plan, started on this one
    // A record edited on disk still never puts a refused flag on the command line.
    expect(nodeArgs(1024, { flags: ['--require=/tmp/x.js', '--no-warnings'] })).toEqual(['--max-old-space-size=768', '--no-warnings'])
  })

  it('every allowed flag is one this Node accepts', () => {
    const sample = (name: string, rule: (typeof ALLOWED_FLAGS)[string]) => (rule === null ? name : 'int' in rule ? `${name}=${rule.int[0]}` : `${name}=${rule.oneOf[0]}`)
    const args = Object.entries(ALLOWED_FLAGS).map(([name, rule]) => sample(name, rule))
    const run = spawnSync(process.execPath, [...args, '-e', 'process.exit(0)'], { encoding: 'utf8', timeout: 20_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})

describe('server preferences', () => {
  it('fills what is missing or malformed with the defaults (ask before stop or kill: on)', () => {
    expect(preferencesOf(null)).toEqual(DEFAULT_PREFERENCES)
    expect(DEFAULT_PREFERENCES.confirmPower).toBe(true)
    expect(preferencesOf({ autoRestart: true, confirmPower: 'no', other: 1 })).toEqual({ ...DEFAULT_PREFERENCES, autoRestart: true })
  })
})
