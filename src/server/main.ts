/**
 * The production server (`npm start`, the e2e suite and the benches run it through server.mjs): one
 * Node HTTP server with the API's fast path (./fastPath.ts) in front of Next's request handler —
 * Next's documented "custom server" (`next({ dev: false })` + `getRequestHandler()`).
 *
 * One process, one copy of each shared thing: Next is prepared first, so its instrumentation
 * (src/instrumentation.ts: the peer-address patch, the job runner) runs once, as under `next start`;
 * the Payload instance is `getPayload`'s process-wide one (cached on `global._payload`), whichever
 * copy of the config asks first; the search engines and the public-read cache are process-wide state
 * (src/lib/state.ts); the rate limits are counted in the shared store.
 */
import http from 'node:http'

import config from '@payload-config'
import next from 'next'

import { checkEnvironment, env } from '../lib/env'
import { recordPeerAddresses } from '../lib/http/peerAddress'
import { createFastPath } from './fastPath'
import { withPageCache } from './pageCache'

export type ServerOptions = { port: number; hostname?: string; dir?: string }

export async function startServer({ port, hostname, dir = process.cwd() }: ServerOptions): Promise<http.Server> {
  // A malformed variable stops the start here, named, rather than surfacing later as odd behaviour.
  checkEnvironment()
  // Rate limits key on the peer's address in X-Forwarded-For: the same patch instrumentation applies
  // for Next (idempotent), here before the first request, for the fast path too.
  recordPeerAddresses()
  const app = next({ dev: false, dir, hostname, port })
  await app.prepare()
  // Anonymous, cookie-less page views are answered from the whole-page cache when they may (./pageCache.ts).
  const handle = withPageCache(app.getRequestHandler())
  // V2_FAST_PATH=false hands the API to Next's route handlers too (to compare, or to rule the fast path out).
  const fastPath = env.v2FastPath() ? createFastPath({ config: await config }) : () => false

  const server = http.createServer((req, res) => {
    if (fastPath(req, res)) return
    handle(req, res).catch((err: unknown) => {
      console.error(err)
      if (!res.headersSent) res.statusCode = 500
      res.end()
    })
  })
  // Idle connections outlive a load balancer's (60 s is common) and Node's own client agent (5 s):
  // with equal timeouts a client reuses a socket just as the server closes it and reads ECONNRESET.
  server.keepAliveTimeout = env.keepAliveTimeoutMs() ?? 65_000
  server.headersTimeout = server.keepAliveTimeout + 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, () => resolve())
  })

  let closing = false
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    server.close()
    server.closeIdleConnections()
    void app.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 0))
    // Open requests get a moment; then the process goes anyway.
    setTimeout(() => process.exit(0), 5_000).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  return server
}
