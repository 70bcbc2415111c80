// The production server: Next's request handler behind the /v2 fast path (src/server/main.ts, compiled
// by scripts/build-server.mjs when its sources changed). Needs a production build (`next build`).
//
//   node server.mjs [-p PORT] [-H HOSTNAME]      (PORT from the environment otherwise, default 3000; all interfaces unless -H)
//
// `npm start` (scripts/start.mjs) and the test and bench harness (scripts/test-app.mjs) start it.
import { AsyncLocalStorage } from 'node:async_hooks'
import { pathToFileURL } from 'node:url'

import { ensureServerBundle } from './scripts/build-server.mjs'

// This file and next.config.mjs cannot import TypeScript, so they read the few variables they need
// themselves; everything else reads the environment through src/lib/env.ts.
const arg = (names) => {
  const i = process.argv.findIndex((a) => names.includes(a))
  return i === -1 ? undefined : process.argv[i + 1]
}
const port = Number(arg(['-p', '--port']) ?? process.env.PORT ?? 3000)
const hostname = arg(['-H', '--hostname'])
process.env.NODE_ENV ??= 'production'
process.env.NEXT_TELEMETRY_DISABLED ??= '1'

// What Next's own server sets up before anything else (next/dist/server/node-environment-baseline.js):
// our code imports next/headers and next/cache, whose request stores are made when they load.
globalThis.AsyncLocalStorage ??= AsyncLocalStorage

const { startServer } = await import(pathToFileURL(await ensureServerBundle()).href)
await startServer({ port, hostname })
console.log(`Ready on http://${hostname ?? 'localhost'}:${port} (the API through its fast path)`)
