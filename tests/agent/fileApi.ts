import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { signRequest } from '../../src/lib/hosting/protocol'
import { removeDir, startTestAgent, type TestAgent, TOKEN } from './harness'

/** Helpers for the file API's tests: an agent with servers installed, and signed binary requests. */

export type ErrorBody = { error: string; description: string; offset?: number }

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

/** `path` as a query value, encoded here so fetch sends (and the signature covers) exactly it. */
export const q = (p: string) => encodeURIComponent(p)

export type FileTestAgent = TestAgent & {
  /** The server's folder on disk. */
  folder: (id: string) => string
  /** A folder outside every server's, for links the game plants to point at. */
  outside: string
  /** A signed request with a binary body; the answer's bytes and headers. */
  bytes: (method: string, p: string, body?: Buffer) => Promise<{ status: number; headers: Headers; data: Buffer }>
  stop: () => Promise<void>
}

export async function startFileAgent(servers: Record<string, { storage_mb: number }>): Promise<FileTestAgent> {
  const agent = await startTestAgent({ runtime: 'process' })
  for (const [id, { storage_mb }] of Object.entries(servers)) {
    const { status } = await agent.call('PUT', `/servers/${id}`, { plan: { ram_mb: 256, swap_mb: 0, cpu_cores: 1, storage_mb, max_players: 5 } })
    if (status !== 200) throw new Error(`Installing ${id} answered ${status}`)
  }
  const outside = mkdtempSync(path.join(os.tmpdir(), 'agent-outside-'))
  mkdirSync(path.join(outside, 'dir'))
  return {
    ...agent,
    outside,
    folder: (id) => agent.manager.layout.serverDir(id),
    bytes: async (method, p, body) => {
      const res = await fetch(new URL(p, agent.url), {
        method,
        headers: { 'content-type': 'application/octet-stream', ...signRequest(TOKEN, { method, path: p, body: body ?? '' }) },
        body: body ? new Uint8Array(body) : undefined,
      })
      return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) }
    },
    stop: async () => {
      await agent.close({ stopGames: true })
      removeDir(agent.dataDir)
      removeDir(outside)
    },
  }
}
