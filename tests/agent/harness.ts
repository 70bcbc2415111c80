import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import WebSocket from 'ws'

import { type AgentOptions, type RunningAgent, startAgent } from '../../src/agent/agent'
import { type AgentConfig, readAgentConfig, type RuntimeName } from '../../src/agent/env'
import { type ConsoleServerMessage, mintConsoleToken, signRequest } from '../../src/lib/hosting/protocol'

/** Helpers for running a real agent in the test process, on a random port with a temporary data dir. */

export const TOKEN = 'test-node-token-0123456789abcdef'

/** Polls `check` until it returns something truthy, or fails after `timeoutMs` with `what`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 20_000, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value as NonNullable<T>
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last})` : ''}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

/**
 * A block of 20 game ports unlikely to be in use (each test file takes its own), below Linux's
 * ephemeral range (32768+), where any outgoing connection could take a port between install and start.
 */
export function randomPortRange(): string {
  const first = 20_000 + Math.floor(Math.random() * 600) * 20
  return `${first}-${first + 19}`
}

export type TestAgent = RunningAgent & {
  dataDir: string
  /** What the agent logged. */
  logs: string[]
  config: AgentConfig
  call: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>
}

export async function startTestAgent(opts: {
  runtime: RuntimeName
  dataDir?: string
  portRange?: string
  env?: Record<string, string>
  launcher?: AgentOptions['launcher']
}): Promise<TestAgent> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `agent-${opts.runtime}-`))
  const config = readAgentConfig({
    AGENT_TOKEN: TOKEN,
    AGENT_PORT: '0',
    AGENT_HOST: '127.0.0.1',
    AGENT_DATA_DIR: dataDir,
    AGENT_RUNTIME: opts.runtime,
    AGENT_PORT_RANGE: opts.portRange ?? randomPortRange(),
    AGENT_START_TIMEOUT_MS: '30000',
    AGENT_STOP_TIMEOUT_MS: '10000',
    ...opts.env,
  })
  const logs: string[] = []
  const agent = await startAgent({ config, launcher: opts.launcher, log: (m) => logs.push(m) })
  return { ...agent, dataDir, config, logs, call: (method, p, body) => signedCall(agent.url, method, p, body) }
}

export async function signedCall<T>(base: string, method: string, p: string, body?: unknown): Promise<{ status: number; body: T }> {
  const text = body === undefined ? '' : JSON.stringify(body)
  const res = await fetch(new URL(p, base), {
    method,
    headers: { 'content-type': 'application/json', ...signRequest(TOKEN, { method, path: p, body: text }) },
    body: text || undefined,
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** A request with the path exactly as given (fetch would normalise `..` away) and chosen headers. */
export function rawCall(base: string, method: string, rawPath: string, headers: Record<string, string> = {}, body = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: rawPath, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

export const signedHeaders = (method: string, rawPath: string, body = '', now?: number) => signRequest(TOKEN, { method, path: rawPath, body }, now)

export const consoleToken = (server: string, perms: ('console' | 'power')[] = ['console', 'power'], ttlSeconds = 600) =>
  mintConsoleToken(TOKEN, { server, user: 'tester', perms, exp: Math.floor(Date.now() / 1000) + ttlSeconds })

/** A console websocket that records every message and the close. */
export class ConsoleClient {
  readonly messages: ConsoleServerMessage[] = []
  closed: { code: number; reason: string } | null = null
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(data.toString()) as ConsoleServerMessage))
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }))
  }

  static async open(base: string, id: string): Promise<ConsoleClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/servers/${id}/ws`)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new ConsoleClient(ws)
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message))
  }

  /** The first message (from `from` on) that `match` accepts. */
  waitFor<M extends ConsoleServerMessage>(what: string, match: (m: ConsoleServerMessage) => m is M, timeoutMs?: number, from?: number): Promise<M>
  waitFor(what: string, match: (m: ConsoleServerMessage) => boolean, timeoutMs?: number, from?: number): Promise<ConsoleServerMessage>
  waitFor(what: string, match: (m: ConsoleServerMessage) => boolean, timeoutMs = 20_000, from = 0) {
    return waitFor(what, () => this.messages.slice(from).find(match), timeoutMs, 25)
  }

  close(): void {
    this.ws.terminate()
  }
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true })
