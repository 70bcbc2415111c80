/**
 * # The node agent's API
 *
 * One agent runs per machine (`npm run hosting:agent`) and runs that machine's game servers. The
 * site is its only client, except for the console websocket, which the browser opens directly.
 *
 * ## Authentication
 * Every HTTP request is signed by the site with the node's token (`AGENT_TOKEN`, the same value
 * in the site's node record), see `signRequest` in src/lib/hosting/requestSigning.ts:
 * `x-blockforge-timestamp` (milliseconds) and `x-blockforge-signature` = hex HMAC-SHA256 over
 * `METHOD\npath+query\ntimestamp\nsha256hex(body)`. Refused with 401 `unauthorized`: no or a wrong
 * signature, a timestamp more than 60 s off the node's clock, a signature already seen (replay).
 *
 * ## Answers
 * JSON. Errors are `{ error, description }`: 400 `bad_request` (the body or query; every problem
 * named) or `invalid_id` (ids are `^[A-Za-z0-9_-]{1,64}$`); 401 `unauthorized`; 404 `not_found`;
 * 405 `method_not_allowed`; 409 `conflict` (the server's state forbids it), `no_capacity`,
 * `port_unavailable`; 413 `too_large` (bodies up to 1 MiB); 422 `node_owned`; 500 `internal`.
 *
 * A server's view (`View` below): `{ id, state, port, address, installed, loader, game_version,
 * plan, startup, players_online, exit_code, oom_killed, last_error, last_log_lines? }` — `state` is
 * `running | stopped | starting | stopping | crashed`; `last_error` says why it crashed or could not
 * install, `last_log_lines` the log's last lines then.
 *
 * ## Endpoints
 * - `GET /health` → `{ ok, runtime, isolation: { bubblewrap, cgroup: { memory, pids, cpu },
 *   container, notes[] }, loaders, game_versions, capacity: { memory_mb, servers }, used:
 *   { memory_mb, servers, running }, public_host, port_range, version, protocol }`.
 * - `PUT /servers/:id` `{ plan: { ram_mb, swap_mb, cpu_cores, storage_mb, max_players }, loader?
 *   (flying-squid), game_version? (1.21.4), properties?: { key: value }, port?, startup?: { heap_mb?,
 *   flags? } }` → View +
 *   `installation: { ok, reason? }`. Creates or updates (idempotent): takes the given port or the
 *   lowest free one of AGENT_PORT_RANGE, writes `<data>/servers/<id>/server.properties` (unknown
 *   keys and comments kept; the port and offline mode are the node's). flying-squid needs no
 *   download; another loader, or a game version flying-squid lacks, is `installation.ok: false`
 *   with the reason (and starting it is a 409 saying so). 409 `no_capacity` past
 *   AGENT_CAPACITY_MEMORY_MB / AGENT_CAPACITY_SERVERS.
 *   `startup` (src/lib/hosting/startup.ts), used from the next start: `heap_mb` is the game's
 *   `--max-old-space-size` in MiB, 256 to the plan's `ram_mb` less max(256, ram_mb / 5) kept
 *   outside the heap (absent or null: 75 % of `ram_mb`, as before); `flags` are extra Node/V8
 *   flags from that module's allow-list only (`--max-semi-space-size=N`, `--stack-size=N`,
 *   `--expose-gc`, `--no-warnings`, …; never one that runs code, opens a port or writes files) —
 *   a 400 names every refused flag and nothing changes. Without `startup` the server keeps what
 *   it had; `{}` or null sets it back to automatic with no flags. A heap above what a smaller
 *   plan allows later is lowered to that plan's maximum at the start.
 * - `GET /servers/:id` → View. `DELETE /servers/:id` → `{ deleted: true }`: kills the game, removes
 *   the folder, the record and the container.
 * - `POST /servers/:id/power` `{ action: start | stop | restart | kill }` (any case) → 202 View,
 *   once the transition has begun; follow it with `GET /servers/:id` or the websocket. A start not
 *   ready within AGENT_START_TIMEOUT_MS ends `crashed` with the log's last lines; a stop not done
 *   within AGENT_STOP_TIMEOUT_MS becomes a kill. An exit nobody asked for is `crashed` (with
 *   `oom_killed` when the memory limit killed it), except a clean one (the console's `stop`).
 * - `POST /servers/:id/command` `{ line }` → 202 `{ sent: true }` (409 when not running).
 * - `GET /servers/:id/logs?lines=N` (1–1000, default 100) → `{ lines }`.
 * - `GET /servers/:id/stats` → `{ cpu_percent (0–100 of the plan's cores), ram_usage_bytes,
 *   ram_total_bytes, players_online }`.
 * - `GET /servers/:id/properties` → `{ properties }`; `PUT` `{ properties }` → `{ properties,
 *   applies }`: merged into the file, applied at the next start. Known keys are checked (game mode
 *   survival|creative|adventure|spectator, difficulty, max-players …); `server-port` other than the
 *   server's, or `online-mode=true`, is 422 `node_owned`.
 * - `POST /servers/:id/reinstall` → View + installation: stops (saving), wipes the world and the
 *   logs, keeps server.properties, installs again.
 * - `POST /servers/:id/reset` → View: unsticks — kills whatever runs and marks it stopped.
 * - `GET /servers/:id/ws` — the console websocket (not signed): see src/agent/http/consoleSocket.ts
 *   and the messages in src/lib/hosting/wireMessages.ts.
 *
 * Files and backups come with part 2 of the hosting issue.
 */
import http from 'node:http'

import { ReplayGuard, verifyRequest } from '../lib/hosting/protocol'
import { parseJson, readBody } from './http/body'
import { consoleSockets } from './http/consoleSocket'
import { sendError, sendJson } from './http/errors'
import { errorAnswer, routes } from './http/routes'
import type { ManagedServer } from './servers/managedServer'
import type { ServerManager } from './servers/manager'

/** A server's view, as GET /servers/:id answers it. */
export type View = ReturnType<ManagedServer['view']>

export function createAgentServer(opts: { manager: ServerManager; token: string; publicHost: string; log: (message: string) => void }) {
  const { manager, token, log } = opts
  const replay = new ReplayGuard()
  const api = routes(manager, opts.publicHost)
  const sockets = consoleSockets(manager, token)

  const server = http.createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET'
      const rawUrl = req.url ?? '/'
      try {
        const body = await readBody(req)
        const verdict = verifyRequest(token, { method, path: rawUrl, body, headers: req.headers }, replay)
        if (!verdict.ok) return sendError(res, 401, verdict.error, verdict.description)
        const queryAt = rawUrl.indexOf('?')
        const rawPath = queryAt >= 0 ? rawUrl.slice(0, queryAt) : rawUrl
        const { handler, id } = api.match(method, rawPath)
        const result = await handler({ id, body: parseJson(body), query: new URLSearchParams(queryAt >= 0 ? rawUrl.slice(queryAt + 1) : '') })
        sendJson(res, result.status, result.body)
      } catch (err) {
        const answer = errorAnswer(err)
        if (answer.status >= 500) log(`${method} ${rawUrl}: ${err instanceof Error ? (err.stack ?? err.message) : err}`)
        if (!res.headersSent) sendError(res, answer.status, answer.error, answer.message)
      }
    })()
  })
  server.on('upgrade', sockets.handleUpgrade)
  return {
    server,
    /** Stops listening and ends every connection, websockets included (they would hold `close` open). */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        sockets.close()
        server.closeAllConnections()
      }),
  }
}
