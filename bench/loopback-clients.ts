// Bench load as launchers make it: every connection is a client of its own, from its own loopback
// address (Linux routes all of 127.0.0.0/8 to `lo`), through the /v2 rate limiter like any client.
// A client moves to a fresh address after PER_ADDRESS requests, so no address reaches the limit of
// 300 a minute and no bench needs a way around the limiter.
import { randomInt } from 'node:crypto'
import http from 'node:http'
import { gunzipSync } from 'node:zlib'

const PER_ADDRESS = 200

// 127.<run>.x.y: this run's own addresses, away from 127.0.0.1 (the rest of the run's traffic).
let last = randomInt(2, 250) * 65_536
function nextAddress(): string {
  do last += 1
  while ((last & 255) === 0 || (last & 255) === 255)
  return `127.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}`
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** One client: a kept-alive connection from its own address, renewed every PER_ADDRESS requests. */
export class LoopbackClient {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: nextAddress() })
  private sent = 0

  /** The answer as sent (gzip asked for, as a launcher does), undecoded unless `decode`: the load generator shares the CPU. */
  request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; decode?: boolean } = {}): Promise<Answer> {
    if (this.sent++ === PER_ADDRESS) this.renew()
    return new Promise((resolve, reject) => {
      const req = http.request(url, { agent: this.agent, method: options.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...options.headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const body = options.decode && res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        })
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(options.body)
    })
  }

  close(): void {
    this.agent.destroy()
  }

  private renew() {
    this.agent.destroy()
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: nextAddress() })
    this.sent = 1
  }
}
