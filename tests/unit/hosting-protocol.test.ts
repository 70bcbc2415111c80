import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import {
  DEFAULT_SETTINGS,
  mintConsoleToken,
  parseProperties,
  propertiesRecord,
  propertyProblem,
  readSettings,
  ReplayGuard,
  serializeProperties,
  settingsToProperties,
  signRequest,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyConsoleToken,
  verifyRequest,
  withProperties,
} from '../../src/lib/hosting/protocol'

const TOKEN = 'node-token-0123456789abcdef'
const NOW = 1_800_000_000_000

describe('request signing', () => {
  const req = { method: 'PUT', path: '/servers/abc?x=1', body: '{"a":1}' }
  const check = (headers: Record<string, string>, over: Partial<typeof req> = {}, opts: { token?: string; now?: number; guard?: ReplayGuard } = {}) =>
    verifyRequest(opts.token ?? TOKEN, { ...req, ...over, headers }, opts.guard ?? new ReplayGuard(), opts.now ?? NOW)

  it('accepts its own signature', () => {
    expect(check(signRequest(TOKEN, req, NOW))).toEqual({ ok: true })
  })
  it('signs the method, the path with its query, the timestamp and the body', () => {
    const headers = signRequest(TOKEN, req, NOW)
    expect(check(headers, { method: 'POST' }).ok).toBe(false)
    expect(check(headers, { path: '/servers/abc?x=2' }).ok).toBe(false)
    expect(check(headers, { body: '{"a":2}' }).ok).toBe(false)
    expect(check({ ...headers, [TIMESTAMP_HEADER]: String(NOW + 5) }).ok).toBe(false)
    expect(check(headers, {}, { token: 'another-token-0123456789' }).ok).toBe(false)
  })
  it('refuses a request without signature headers, with a malformed one, or a minute off', () => {
    expect(check({})).toMatchObject({ ok: false, error: 'unauthorized', description: 'This request is not signed.' })
    expect(check({ ...signRequest(TOKEN, req, NOW), [SIGNATURE_HEADER]: 'zz' }).ok).toBe(false)
    expect(check({ ...signRequest(TOKEN, req, NOW), [TIMESTAMP_HEADER]: 'soon' }).ok).toBe(false)
    expect(check(signRequest(TOKEN, req, NOW - 61_000))).toMatchObject({ ok: false, description: expect.stringContaining('60 seconds') })
    expect(check(signRequest(TOKEN, req, NOW + 61_000)).ok).toBe(false)
    expect(check(signRequest(TOKEN, req, NOW - 59_000)).ok).toBe(true)
  })
  it('refuses a replay inside the window, and never repeats a timestamp itself', () => {
    const guard = new ReplayGuard()
    const later = NOW + 3_600_000 // after every time the tests above signed at
    const headers = signRequest(TOKEN, req, later)
    expect(check(headers, {}, { guard, now: later }).ok).toBe(true)
    expect(check(headers, {}, { guard, now: later })).toMatchObject({ ok: false, description: expect.stringContaining('replay') })
    // Two identical requests in the same millisecond are two requests.
    const again = signRequest(TOKEN, req, later)
    expect(again[TIMESTAMP_HEADER]).not.toBe(headers[TIMESTAMP_HEADER])
    expect(check(again, {}, { guard, now: later }).ok).toBe(true)
  })
  it('forgets signatures once they are too old to pass anyway, and stays bounded', () => {
    const guard = new ReplayGuard(3)
    for (let i = 0; i < 10; i++) expect(guard.firstSighting(`sig${i}`, NOW + i, NOW + i)).toBe(true)
    expect(guard.firstSighting('sig9', NOW, NOW + 10)).toBe(false)
    expect(guard.firstSighting('sig0', NOW, NOW + 10)).toBe(true)
  })
})

describe('console token', () => {
  const claims = { server: 'srv1', user: 'u1', perms: ['console' as const], exp: NOW / 1000 + 600 }
  it('round-trips its claims for the right server while fresh', () => {
    const token = mintConsoleToken(TOKEN, claims)
    expect(token.split('.')).toHaveLength(3)
    expect(verifyConsoleToken(TOKEN, token, 'srv1', NOW)).toEqual({ ok: true, claims })
  })
  it('refuses another server, an expired token, another key and a tampered body', () => {
    const token = mintConsoleToken(TOKEN, claims)
    expect(verifyConsoleToken(TOKEN, token, 'srv2', NOW)).toMatchObject({ ok: false, reason: expect.stringContaining('another server') })
    expect(verifyConsoleToken(TOKEN, token, 'srv1', NOW + 601_000)).toMatchObject({ ok: false, reason: expect.stringContaining('expired') })
    expect(verifyConsoleToken('other-token-0123456789', token, 'srv1', NOW).ok).toBe(false)
    const [h, , s] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ ...claims, perms: ['console', 'power'] })).toString('base64url')
    expect(verifyConsoleToken(TOKEN, `${h}.${forged}.${s}`, 'srv1', NOW).ok).toBe(false)
    expect(verifyConsoleToken(TOKEN, 'not-a-token', 'srv1', NOW).ok).toBe(false)
  })
  it('is not a request signature: the same HMAC over the same text does not verify', () => {
    const token = mintConsoleToken(TOKEN, claims)
    const [h, b] = token.split('.')
    const plain = createHmac('sha256', TOKEN).update(`${h}.${b}`).digest('base64url')
    expect(verifyConsoleToken(TOKEN, `${h}.${b}.${plain}`, 'srv1', NOW).ok).toBe(false)
  })
})

describe('server.properties', () => {
  const text = [
    '#Minecraft server properties',
    '#Thu Jan 01 00:00:00 UTC 2026',
    'enable-jmx-monitoring=false',
    'motd=A Minecraft Server',
    '',
    'gamemode = creative',
    'level-seed=',
    'custom\\:key=a\\=b \\u00e9',
    '! bang comment',
    'max-players=20',
  ].join('\n')

  it('writes back exactly what it read', () => {
    expect(serializeProperties(parseProperties(`${text}\n`))).toBe(`${text}\n`)
  })
  it('reads keys and values with Java escapes and separators', () => {
    const rec = propertiesRecord(parseProperties(text))
    expect(rec).toMatchObject({ motd: 'A Minecraft Server', gamemode: 'creative', 'level-seed': '', 'custom:key': 'a=b é', 'max-players': '20' })
    expect(Object.keys(rec)).toHaveLength(6)
  })
  it('changes values in place, keeps unknown keys and comments in order, appends new keys', () => {
    const next = withProperties(parseProperties(text), { motd: 'Line\\with backslash', 'max-players': '20', difficulty: 'hard' })
    const out = serializeProperties(next).split('\n')
    expect(out.slice(0, 3)).toEqual(text.split('\n').slice(0, 3))
    expect(out[3]).toBe('motd=Line\\\\with backslash')
    expect(out).toContain('custom\\:key=a\\=b \\u00e9')
    expect(out.at(-2)).toBe('difficulty=hard')
    expect(propertiesRecord(parseProperties(out.join('\n')))).toMatchObject({ motd: 'Line\\with backslash', difficulty: 'hard' })
  })
  it('escapes what would change meaning: newlines, leading spaces, separators in keys', () => {
    const out = serializeProperties(withProperties([], { motd: ' two\nlines', 'a key=': 'v' }))
    expect(out).toBe('motd=\\ two\\nlines\na\\ key\\==v\n')
    expect(propertiesRecord(parseProperties(out))).toEqual({ motd: ' two\nlines', 'a key=': 'v' })
  })
  it('types the known settings, with defaults for missing or bad values', () => {
    const s = readSettings({ motd: 'Hi', 'max-players': '7', gamemode: 'adventure', difficulty: 'nightmare', 'white-list': 'true', 'view-distance': '99' })
    expect(s).toEqual({ ...DEFAULT_SETTINGS, motd: 'Hi', maxPlayers: 7, gameMode: 'adventure', whiteList: true })
    expect(settingsToProperties({ gameMode: 'spectator', maxPlayers: 3, onlineMode: false })).toEqual({ gamemode: 'spectator', 'max-players': '3', 'online-mode': 'false' })
  })
  it('says what is wrong with a value', () => {
    expect(propertyProblem('gamemode', 'spectator')).toBeNull()
    expect(propertyProblem('gamemode', 'god')).toContain('survival, creative, adventure, spectator')
    expect(propertyProblem('max-players', '0')).toContain('1 to 1000')
    expect(propertyProblem('max-players', '5.5')).not.toBeNull()
    expect(propertyProblem('white-list', 'yes')).toContain('true or false')
    expect(propertyProblem('motd', 'a\nb')).toContain('one line')
  })
})
