/**
 * A throwaway Redis server for one test file: Debian's `redis-server` on a port of its own, keeping
 * nothing on disk. Null when the binary is not installed (the caller fails, saying so).
 */
import { spawn, spawnSync } from 'node:child_process'

import { Redis } from 'ioredis'

export type TestRedis = { url: string; stop: () => Promise<void> }

export async function startRedis(port: number): Promise<TestRedis | null> {
  if (spawnSync('redis-server', ['--version']).error) return null
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  const url = `redis://127.0.0.1:${port}`
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 100 })
  probe.on('error', () => undefined) // refused until the server listens: the loop below retries
  try {
    for (let i = 0; ; i++) {
      try {
        if (probe.status !== 'ready') await probe.connect()
        if ((await probe.ping()) === 'PONG') break
      } catch (error) {
        if (i > 100 || server.exitCode !== null) throw new Error(`redis-server on ${port} did not come up: ${String(error)}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    }
  } finally {
    probe.disconnect()
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
      }),
  }
}
