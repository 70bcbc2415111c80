import os from 'node:os'
import path from 'node:path'

/**
 * The agent's settings, read once from its environment (the only place the agent reads it). The
 * README's "Node agent" section and .env.example list the same variables.
 */
export type RuntimeName = 'process' | 'docker'

export type AgentConfig = {
  /** AGENT_PORT (8095): the HTTP and websocket API. */
  port: number
  /** AGENT_HOST (127.0.0.1): where the API listens and the game ports are published. */
  host: string
  /** AGENT_TOKEN (required, ≥ 16 characters): the node's token, shared with the site. */
  token: string
  /** AGENT_DATA_DIR (.data/agent), absolute: servers' folders and the agent's records. */
  dataDir: string
  /** AGENT_RUNTIME (process): how game servers run. */
  runtime: RuntimeName
  /** AGENT_PUBLIC_HOST (AGENT_HOST, or 127.0.0.1 when that is 0.0.0.0): the address players join. */
  publicHost: string
  /** AGENT_PORT_RANGE (25600-25699): the game ports this node hands out. */
  portRange: { first: number; last: number }
  /** AGENT_START_TIMEOUT_MS (60000): a start not ready by then ends `crashed`. */
  startTimeoutMs: number
  /** AGENT_STOP_TIMEOUT_MS (30000): a stop not done by then is a kill. */
  stopTimeoutMs: number
  /** AGENT_AUTOSTART (false): start again, at the agent's start, the servers that were running. */
  autostart: boolean
  /** AGENT_CAPACITY_MEMORY_MB (the machine's memory less 1 GiB), AGENT_CAPACITY_SERVERS (the port range's size). */
  capacity: { memoryMb: number; servers: number }
}

export class AgentConfigError extends Error {}

type Vars = Record<string, string | undefined>

const int = (problems: string[], vars: Vars, name: string, fallback: number, min: number, max: number): number => {
  const raw = vars[name]?.trim()
  if (!raw) return fallback
  const n = Number(raw)
  if (Number.isInteger(n) && n >= min && n <= max) return n
  problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  return fallback
}

/** The settings `vars` say; every malformed one is named in one AgentConfigError. */
export function readAgentConfig(vars: Vars = process.env, cwd = process.cwd()): AgentConfig {
  const problems: string[] = []
  const token = vars.AGENT_TOKEN?.trim() ?? ''
  if (token.length < 16) problems.push('AGENT_TOKEN is required (at least 16 characters): the node token the site signs its requests with')

  const runtime = (vars.AGENT_RUNTIME?.trim() || 'process') as RuntimeName
  if (runtime !== 'process' && runtime !== 'docker') problems.push(`AGENT_RUNTIME must be process or docker (got "${runtime}")`)

  const rangeText = vars.AGENT_PORT_RANGE?.trim() || '25600-25699'
  const range = /^(\d{1,5})-(\d{1,5})$/.exec(rangeText)
  const portRange = range ? { first: Number(range[1]), last: Number(range[2]) } : { first: 25600, last: 25699 }
  if (!range || portRange.first < 1024 || portRange.last > 65535 || portRange.first > portRange.last) {
    problems.push(`AGENT_PORT_RANGE must be FIRST-LAST within 1024-65535 (got "${rangeText}")`)
  }

  const autostartText = vars.AGENT_AUTOSTART?.trim().toLowerCase() || 'false'
  if (!['true', 'false', '1', '0'].includes(autostartText)) problems.push(`AGENT_AUTOSTART must be true or false (got "${autostartText}")`)

  const host = vars.AGENT_HOST?.trim() || '127.0.0.1'
  const totalMb = Math.floor(os.totalmem() / 2 ** 20)
  const config: AgentConfig = {
    port: int(problems, vars, 'AGENT_PORT', 8095, 0, 65535),
    host,
    token,
    dataDir: path.resolve(cwd, vars.AGENT_DATA_DIR?.trim() || '.data/agent'),
    runtime,
    publicHost: vars.AGENT_PUBLIC_HOST?.trim() || (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host),
    portRange,
    startTimeoutMs: int(problems, vars, 'AGENT_START_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    stopTimeoutMs: int(problems, vars, 'AGENT_STOP_TIMEOUT_MS', 30_000, 1000, 3_600_000),
    autostart: autostartText === 'true' || autostartText === '1',
    capacity: {
      memoryMb: int(problems, vars, 'AGENT_CAPACITY_MEMORY_MB', Math.max(512, totalMb - 1024), 1, 16 * 2 ** 20),
      servers: int(problems, vars, 'AGENT_CAPACITY_SERVERS', portRange.last - portRange.first + 1, 1, 65535),
    },
  }
  if (problems.length) throw new AgentConfigError(`The node agent's settings are wrong:\n  - ${problems.join('\n  - ')}`)
  return config
}
