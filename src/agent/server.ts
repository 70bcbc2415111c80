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
 * The signature covers the body's exact bytes, a binary one (an upload chunk) too.
 *
 * ## Answers
 * JSON (except a download's bytes). Errors are `{ error, description }`: 400 `bad_request` (the
 * body or query; every problem named), `invalid_id` (ids are `^[A-Za-z0-9_-]{1,64}$`),
 * `invalid_path` (a file path that leaves the server's folder or meets a symlink), `bad_archive`;
 * 401 `unauthorized`; 404 `not_found`; 405 `method_not_allowed`; 409 `conflict` (the server's
 * state forbids it; a folder where a file goes, a file where a folder goes), `exists`,
 * `offset_mismatch` (with `offset`), `no_capacity`, `port_unavailable`; 413 `too_large` (bodies up
 * to 1 MiB, upload chunks 4 MiB; a file over 1 MiB read as text); 415 `not_text`; 422
 * `node_owned`; 500 `internal`; 507 `quota_exceeded` (the plan's `storage_mb`), `no_space` (the
 * node's disk is full).
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
 * - `GET /servers/:id` → View. `DELETE /servers/:id` → `{ deleted: true }`: kills the game (a backup
 *   or restore in progress stopped first), removes the folder, its partial uploads, its backups, the
 *   record and the container.
 * - `POST /servers/:id/power` `{ action: start | stop | restart | kill }` (any case) → 202 View,
 *   once the transition has begun; follow it with `GET /servers/:id` or the websocket. A start not
 *   ready within AGENT_START_TIMEOUT_MS ends `crashed` with the log's last lines; a stop not done
 *   within AGENT_STOP_TIMEOUT_MS becomes a kill. An exit nobody asked for is `crashed` (with
 *   `oom_killed` when the memory limit killed it), except a clean one (the console's `stop`).
 *   `start` and `restart` are 409 `conflict` while a backup is being restored.
 * - `POST /servers/:id/command` `{ line }` → 202 `{ sent: true }` (409 when not running).
 * - `GET /servers/:id/logs?lines=N` (1–1000, default 100) → `{ lines }`.
 * - `GET /servers/:id/stats` → `{ cpu_percent (0–100 of the plan's cores), ram_usage_bytes,
 *   ram_total_bytes, players_online, storage_bytes }`: `storage_bytes` is the folder (and its
 *   partial uploads) as the plan's `storage_mb` is checked, measured at most every few seconds, null
 *   when there is no folder; the websocket's `stats` messages do not carry it.
 * - `GET /servers/:id/properties` → `{ properties }`; `PUT` `{ properties }` → `{ properties,
 *   applies }`: merged into the file, applied at the next start. Known keys are checked (game mode
 *   survival|creative|adventure|spectator, difficulty, max-players …); `server-port` other than the
 *   server's, or `online-mode=true`, is 422 `node_owned`.
 * - `POST /servers/:id/reinstall` → View + installation: stops (saving), wipes the world and the
 *   logs, keeps server.properties, installs again (409 while a backup is being restored).
 * - `POST /servers/:id/reset` → View: unsticks — kills whatever runs and marks it stopped.
 * - `GET /servers/:id/ws` — the console websocket (not signed): see src/agent/http/consoleSocket.ts
 *   and the messages in src/lib/hosting/wireMessages.ts.
 *
 * ### Files
 * One server's folder (`<data>/servers/<id>`), whatever the game's state; 404 `not_found` for an
 * unknown server. Paths are '/'-separated, relative to the folder ('' or `.` is the folder itself);
 * an absolute path, any `..`, NUL, or a symlink anywhere on the way is 400 `invalid_path`. The
 * game can write anything there, links too: a symlink is listed (`symlink`), renamed and deleted as
 * a link, never read, written, entered or extracted through (src/agent/servers/confinedDir.ts).
 * Writes count against the plan's `storage_mb` (the folder plus its partial uploads, by lstat):
 * past it, 507 `quota_exceeded` and nothing is written. While a backup is being restored, 409
 * `conflict` (the folder is being replaced).
 * - `GET /servers/:id/files?path=` → `{ path, entries: [{ name, type: file | directory | symlink |
 *   other, size (0 for folders), modified (ISO) }] }`, folders first, then by name. 404 when not
 *   there, 400 when a file.
 * - `GET /servers/:id/files/hashes?path=` → `{ path, files: [{ name, size, modified, sha1, sha512
 *   (hex) }], truncated? }`: the regular files directly in that folder (not below; links, folders
 *   and others left out), by name; the first 500, `truncated: true` when there are more. A missing
 *   folder is `files: []`, a file 400. Each is read without following a link; digests are kept
 *   (10 000 files per node) while a file's size and mtime stay the same.
 * - `GET /servers/:id/files/contents?path=` → `{ path, content (UTF-8), size, modified }`; 413
 *   `too_large` over 1 MiB, 415 `not_text` when its first 8 KiB hold a NUL, 400 for a folder.
 * - `PUT /servers/:id/files/contents` `{ path, content }` → `{ path, size, modified }`: written
 *   whole (a temporary file, then a rename), folders on the way made; 409 `conflict` onto a folder.
 * - `POST /servers/:id/files/folder` `{ path }` → 201 `{ path }`; 409 `exists` when anything is there.
 * - `POST /servers/:id/files/rename` `{ from, to }` → `{ path: to }` (also a move; folders on the
 *   way made): 404 without `from`, 409 `exists` when `to` is there; not the folder itself, not a
 *   folder into itself (400).
 * - `POST /servers/:id/files/delete` `{ paths: [1–100] }` → `{ deleted: n }`: folders with all in
 *   them, links as links; missing paths skipped; all checked before any goes; not the folder itself.
 * - `POST /servers/:id/files/compress` `{ paths: [1–100], directory? }` → 201 `{ path }`: a new
 *   `archive-YYYY-MM-DD-HHMMSS[-n].tar.gz` (UTC) in `directory` (default: the first path's
 *   folder; every path must be inside it), entries relative to it, links stored as links.
 * - `POST /servers/:id/files/decompress` `{ path }` (.zip, .tar, .tar.gz, .tgz) → `{ path: the
 *   folder it went into (the archive's), extracted, skipped }`: files there are overwritten; entries
 *   with `..` or an absolute path, through a symlink, or onto a folder or link, and every link or
 *   device entry are skipped (counted in `skipped`). 400 `bad_archive` for another kind or a corrupt
 *   one; 507 stops it midway (what was extracted stays).
 * - `GET /servers/:id/files/download?path=` → the bytes: `application/octet-stream`,
 *   `content-length`, `content-disposition: attachment; filename="…"` (+ `filename*` for non-ASCII).
 * - Uploads, resumable, in chunks; an upload is named by (`path`, `size`): the same pair resumes it.
 *   `PUT /servers/:id/files/upload?path=&size=&offset=` with the chunk as a raw body (up to 4 MiB)
 *   → `{ offset, complete }`. `offset` must be the bytes received so far, else 409
 *   `offset_mismatch` with `{ offset }`; a chunk past `size` is 400. The bytes wait in
 *   `<data>/uploads/<id>/`, outside the folder, until the last chunk moves the file into place
 *   (folders made, a file there replaced, 409 `conflict` onto a folder; a PUT with an empty body
 *   at `offset` = `size` tries the move again). `GET …/upload?path=&size=` → `{ offset }` (0: none
 *   yet); `DELETE …/upload?path=&size=` → `{ cancelled: true }`. Uploads untouched for 24 h are
 *   removed (at the agent's start, then hourly), and with their server.
 *
 * ### Backups
 * A `.tar.gz` of the whole server folder, made in the background into `<data>/backups/<id>/<uuid>.tar.gz`
 * (outside the folder and the plan's `storage_mb`; how many to keep is the site's business), with
 * a record beside it (`backups.json`) that survives the agent. 404 `not_found` for an unknown
 * server or backup; `:uuid` as ids (400 `invalid_id`). One backup or restore at a time per server:
 * another is 409 `conflict`. A backup is `{ uuid, name, state: creating | ready | failed |
 * restoring, progress (0–100), size, sha256 (hex), created_at, finished_at, reason, restore_error }`.
 * Progress and outcomes also go to the console websocket as `backup` messages (wireMessages.ts).
 * - `POST /servers/:id/backups` `{ uuid (the site's, 1–64 of [A-Za-z0-9_-]), name?, ignore?:
 *   [gitignore-style patterns] }` → 202 `{ backup }` (`creating`): 409 `conflict` for a uuid
 *   already there; 507 `no_space` "No space left for the backup." when the backups' disk has less
 *   free space than the folder (what is not ignored). The walk is the file API's compress (links
 *   stored as links, never followed; sockets and devices left out), gzipped, SHA-256 taken while
 *   written to `<uuid>.tar.gz.part`, renamed once whole. A running game is first sent `save-all`
 *   (the launcher answers once its world is on disk; up to 30 s), then archived as it runs (there
 *   is no `save-off`). Ends `ready` (size,
 *   sha256, finished_at) or `failed` with the reason ("No space left for the backup" when the disk
 *   fills); a failure leaves no partial file. A backup still `creating` when the agent stops or
 *   restarts is `failed` "The node restarted during the backup".
 * - `GET /servers/:id/backups` → `{ backups: [backup] }`, newest first.
 * - `DELETE /servers/:id/backups/:uuid` → `{ deleted: true }`: the archive and its record; 409
 *   while it is being made or restored.
 * - `POST /servers/:id/backups/:uuid/cancel` → `{ cancelled: true }` once stopped: it is `failed`
 *   "Cancelled", no partial file left; 409 unless it is being made.
 * - `POST /servers/:id/backups/:uuid/restore` → 202 `{ backup }` (`restoring`); 409 unless it is
 *   `ready`. In the background: a running game is stopped (a normal stop), the archive extracted
 *   into `<data>/servers/.restore-<id>` with decompress's confinement (`..`, absolute paths, links
 *   and devices skipped: a link the game had planted does not come back), then swapped for the
 *   folder, whose contents go — server.properties included (the backup's), except that the node's
 *   `server-port` and `online-mode=false` are put back when the backup's differ. The game is
 *   started again if it was running. The backup is `ready` again, with `restore_error` null, or
 *   the reason the restore failed (the folder then as it was).
 * - `PUT /servers/:id/backups/:uuid/import?size=&offset=&sha256=&name=&created_at=` with a chunk (up
 *   to 4 MiB) as a raw body → `{ offset, complete }`: a backup brought from another node (a moved
 *   server keeps its backups), received as an upload is (409 `offset_mismatch` with `{ offset }`),
 *   into `<uuid>.tar.gz.import`; once whole and its SHA-256 is `sha256`, a `ready` backup (400
 *   `bad_archive` otherwise, and the bytes go). 507 `no_space` at the first chunk when the disk has
 *   less room than `size`; 409 `conflict` for a uuid already there (a ready one with the same
 *   SHA-256 answers complete: the last chunk sent again).
 * - `GET /servers/:id/backups/:uuid/download` → the archive's bytes: `application/gzip`,
 *   `content-length`, `content-disposition: attachment; filename="<id>-<name or uuid>.tar.gz"`,
 *   `x-checksum-sha256`; 409 unless `ready`.
 */
import http from 'node:http'

import { ReplayGuard, verifyRequest } from '../lib/hosting/protocol'
import { MAX_BODY_BYTES, parseJson, readBody } from './http/body'
import { consoleSockets } from './http/consoleSocket'
import { HttpError, sendError, sendJson, sendStream } from './http/errors'
import { errorAnswer, type MatchedRoute, routes } from './http/routes'
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
        const queryAt = rawUrl.indexOf('?')
        const rawPath = queryAt >= 0 ? rawUrl.slice(0, queryAt) : rawUrl
        // Matched before the body is read, as the route sets its size limit; a refusal (404, 405)
        // still waits for the signature check, so an unsigned caller learns nothing more than 401.
        let route: MatchedRoute | HttpError
        try {
          route = api.match(method, rawPath)
        } catch (err) {
          route = errorAnswer(err)
        }
        const body = await readBody(req, route instanceof HttpError ? MAX_BODY_BYTES : route.maxBodyBytes)
        const verdict = verifyRequest(token, { method, path: rawUrl, body, headers: req.headers }, replay)
        if (!verdict.ok) return sendError(res, 401, verdict.error, verdict.description)
        if (route instanceof HttpError) throw route
        const query = new URLSearchParams(queryAt >= 0 ? rawUrl.slice(queryAt + 1) : '')
        const result = await route.handler({ id: route.id, uuid: route.uuid, body: route.raw ? undefined : parseJson(body), raw: body, query })
        if ('stream' in result) await sendStream(res, result.status, result.headers, result.stream)
        else sendJson(res, result.status, result.body)
      } catch (err) {
        const answer = errorAnswer(err)
        if (answer.status >= 500 && answer.status !== 507) log(`${method} ${rawUrl}: ${err instanceof Error ? (err.stack ?? err.message) : err}`)
        if (!res.headersSent) sendError(res, answer.status, answer.error, answer.message, answer.extra)
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
