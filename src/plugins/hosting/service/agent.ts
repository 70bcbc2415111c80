import { signRequest } from '../../../lib/hosting/protocol'
import type { NodeRow } from './rows'

/** The agent's answer about one server (src/agent/server.ts). */
export type AgentServerState = {
  state: 'running' | 'stopped' | 'starting' | 'stopping' | 'crashed'
  port: number | null
  installed: boolean
  last_error?: string | null
  last_log_lines?: string[]
  /** On install and reinstall: whether this node can run the server's loader and game version. */
  installation?: { ok: boolean; reason?: string }
}

export class AgentUnreachable extends Error {}
export class AgentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 15_000

/**
 * The site's client of one node's agent: every request signed with the node's token (the agent
 * accepts nothing else), JSON both ways. A network failure or timeout is `AgentUnreachable` (the
 * node is then marked so); an answer with an error status is `AgentRefused` with its description.
 */
export function agentOf(node: Pick<NodeRow, 'url' | 'token'>) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body)
    const url = new URL(path, node.url)
    let res: Response
    try {
      res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...signRequest(node.token, { method, path: url.pathname + url.search, body: text }) },
        body: text || undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new AgentUnreachable(error instanceof Error ? error.message : String(error))
    }
    const answer = (await res.json().catch(() => null)) as (T & { description?: string }) | null
    if (!res.ok) throw new AgentRefused(res.status, answer?.description ?? `The node answered ${res.status}.`)
    return answer as T
  }
  return {
    health: () => call<{ ok: boolean; runtime: string; loaders: string[]; game_versions: string[] }>('GET', '/health'),
    install: (id: string, spec: unknown) => call<AgentServerState>('PUT', `/servers/${id}`, spec),
    state: (id: string) => call<AgentServerState>('GET', `/servers/${id}`),
    remove: (id: string) => call<unknown>('DELETE', `/servers/${id}`),
    power: (id: string, action: string) => call<AgentServerState>('POST', `/servers/${id}/power`, { action }),
    command: (id: string, line: string) => call<unknown>('POST', `/servers/${id}/command`, { line }),
    stats: (id: string) => call<Record<string, number>>('GET', `/servers/${id}/stats`),
    properties: (id: string) => call<{ properties: Record<string, string> }>('GET', `/servers/${id}/properties`),
    setProperties: (id: string, properties: Record<string, string>) => call<unknown>('PUT', `/servers/${id}/properties`, { properties }),
    reinstall: (id: string) => call<AgentServerState>('POST', `/servers/${id}/reinstall`),
    reset: (id: string) => call<AgentServerState>('POST', `/servers/${id}/reset`),
  }
}
export type AgentClient = ReturnType<typeof agentOf>
