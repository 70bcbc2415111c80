import { describe, expect, it } from 'vitest'

import { composeProperties } from '../../src/agent/servers/serverFolder'
import { readProperties, seedFrom, settingsFrom } from '../../src/agent/launcher/flying-squid.mjs'
import { parseProperties, propertiesRecord } from '../../src/lib/hosting/protocol'

const plan = { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 1024, max_players: 9 }

describe('the launcher', () => {
  it("reads server.properties as the site's parser does (it keeps a copy: it runs without TypeScript)", () => {
    const text = ['#c', 'motd=Hello\\: world \\u00e9', 'gamemode = creative', '  max-players:12', 'key\\ with\\ space=v', 'empty=', 'lonely', '! bang'].join('\n')
    expect(readProperties(text)).toEqual(propertiesRecord(parseProperties(text)))
  })

  it('maps the properties to flying-squid settings, always offline', () => {
    const s = settingsFrom(
      { motd: 'Hi', 'server-port': '25601', 'max-players': '7', gamemode: 'spectator', difficulty: 'hard', 'level-seed': '42', 'view-distance': '6', 'online-mode': 'true' },
      { version: '1.16.5', host: '127.0.0.1' },
    )
    expect(s).toMatchObject({
      'online-mode': false,
      host: '127.0.0.1',
      port: 25601,
      motd: 'Hi',
      'max-players': 7,
      gameMode: 3,
      difficulty: 3,
      generation: { options: { seed: 42 } },
      'view-distance': 6,
      worldFolder: 'world',
      version: '1.16.5',
    })
    const defaults = settingsFrom({}, {})
    expect(defaults).toMatchObject({ host: '0.0.0.0', gameMode: 0, difficulty: 1, version: '1.21.4' })
    expect(defaults.generation.options).not.toHaveProperty('seed')
  })

  it("turns a text seed into Java's String.hashCode, as the game does", () => {
    expect(seedFrom('hello')).toBe(99162322)
    expect(seedFrom('-7')).toBe(-7)
    expect(seedFrom('')).toBeUndefined()
  })
})

describe('a server folder’s properties', () => {
  it('start from defaults with the plan’s players, take the owner’s, and keep the node’s port and offline mode', () => {
    const first = propertiesRecord(parseProperties(composeProperties(null, { motd: 'Mine', 'online-mode': 'true', 'server-port': '1' }, 25600, plan)))
    expect(first).toMatchObject({ motd: 'Mine', 'max-players': '9', gamemode: 'survival', 'server-port': '25600', 'online-mode': 'false' })
  })

  it('keep unknown keys, comments and order on an update', () => {
    const existing = '#mine\nzeta=1\nmotd=Old\nalpha=2\n'
    const out = composeProperties(existing, { motd: 'New' }, 25600, plan)
    expect(out).toBe('#mine\nzeta=1\nmotd=New\nalpha=2\nserver-port=25600\nonline-mode=false\n')
  })
})
