import { describe, expect, it } from 'vitest'

import { AgentConfigError, readAgentConfig } from '../../src/agent/env'

describe("the agent's settings", () => {
  it('has defaults for everything but the token', () => {
    const c = readAgentConfig({ AGENT_TOKEN: 'x'.repeat(32) }, '/srv/app')
    expect(c).toMatchObject({
      port: 8095,
      host: '127.0.0.1',
      dataDir: '/srv/app/.data/agent',
      runtime: 'process',
      publicHost: '127.0.0.1',
      portRange: { first: 25600, last: 25699 },
      startTimeoutMs: 60_000,
      stopTimeoutMs: 30_000,
      autostart: false,
      capacity: { servers: 100 },
    })
  })

  it('reads each variable, and joins on 0.0.0.0 as 127.0.0.1 unless told the public host', () => {
    const c = readAgentConfig(
      { AGENT_TOKEN: 'x'.repeat(32), AGENT_HOST: '0.0.0.0', AGENT_RUNTIME: 'docker', AGENT_PORT_RANGE: '30000-30009', AGENT_AUTOSTART: 'true', AGENT_DATA_DIR: '/var/agent' },
      '/srv/app',
    )
    expect(c).toMatchObject({ host: '0.0.0.0', publicHost: '127.0.0.1', runtime: 'docker', portRange: { first: 30000, last: 30009 }, autostart: true, dataDir: '/var/agent', capacity: { servers: 10 } })
    expect(readAgentConfig({ AGENT_TOKEN: 'x'.repeat(32), AGENT_HOST: '0.0.0.0', AGENT_PUBLIC_HOST: 'play.example.org' }).publicHost).toBe('play.example.org')
  })

  it('names every malformed variable at once', () => {
    let error: unknown
    try {
      readAgentConfig({ AGENT_RUNTIME: 'vm', AGENT_PORT_RANGE: '9-3', AGENT_PORT: 'http', AGENT_AUTOSTART: 'maybe' })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(AgentConfigError)
    const message = (error as Error).message
    for (const name of ['AGENT_TOKEN', 'AGENT_RUNTIME', 'AGENT_PORT_RANGE', 'AGENT_PORT', 'AGENT_AUTOSTART']) expect(message).toContain(name)
  })
})
