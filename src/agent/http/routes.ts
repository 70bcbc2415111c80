import type { Readable } from 'node:stream'

import { isServerId } from '../../lib/hosting/protocol'
import { BACKUP_UUID_PATTERN } from '../servers/backupStore'
import { FileProblem } from '../servers/fileErrors'
import { type ManagedServer, ServerConflict } from '../servers/managedServer'
import { NoCapacity, type ServerManager, UnknownServer } from '../servers/manager'
import { PathEscapeError } from '../servers/paths'
import { PortUnavailable } from '../servers/ports'
import { backupRoutes } from './backupRoutes'
import { MAX_BODY_BYTES } from './body'
import { HttpError } from './errors'
import { fileRoutes } from './fileRoutes'
import { commandBody, installBody, logsQuery, parse, powerBody, propertiesBody } from './schemas'

/** `body` is the JSON body read; `raw` its bytes (a raw route's only body); `uuid` a backup's ('' on other routes). */
export type RouteContext = { id: string; uuid: string; body: unknown; raw: Buffer; query: URLSearchParams }
/** JSON, the default; or bytes streamed with their own headers (a download). */
export type RouteResult = { status: number; body: unknown } | { status: number; headers: Record<string, string>; stream: Readable }
export type Handler = (ctx: RouteContext) => Promise<RouteResult>
/** A route with its own body limit: raw bytes (an upload chunk), or a JSON body bigger than most (a file saved). */
export type SizedRoute = { raw: boolean; maxBodyBytes: number; handler: Handler }
export type Route = Handler | SizedRoute
export type MatchedRoute = { handler: Handler; id: string; uuid: string; raw: boolean; maxBodyBytes: number }

const ok = (body: unknown, status = 200): RouteResult => ({ status, body })

/**
 * The API's routes (described in src/agent/server.ts). Paths are matched segment by segment on the
 * raw path — never a normalised one — and `:id` must be a server id (`:uuid` a backup's, the same
 * characters), so `..`, `%2e%2e` or a slash in an id are refused before anything builds a path from them.
 */
export function routes(manager: ServerManager, publicHost: string) {
  const view = (id: string) => manager.require(id).view(publicHost)
  /** The view with the install's outcome, as PUT and reinstall answer. */
  const installedView = (server: ManagedServer) => {
    const r = server.record
    return { ...server.view(publicHost), installation: r.installed ? { ok: true } : { ok: false, reason: r.install_error } }
  }
  const table: Record<string, Record<string, Route>> = {
    '/health': { GET: async () => ok(manager.health()) },
    '/servers/:id': {
      GET: async ({ id }) => ok(view(id)),
      PUT: async ({ id, body }) => ok(installedView(await manager.install(id, parse(installBody, body)))),
      DELETE: async ({ id }) => {
        await manager.remove(id)
        return ok({ deleted: true })
      },
    },
    '/servers/:id/power': {
      POST: async ({ id, body }) => {
        const { action } = parse(powerBody, body)
        const server = manager.require(id)
        if ((action === 'start' || action === 'restart') && manager.backups.restoring(id)) {
          throw new ServerConflict('A backup is being restored; the server starts again by itself if it was running.')
        }
        await { start: () => server.start(), stop: () => server.stop(), restart: () => server.restart(), kill: () => server.kill() }[action]()
        return ok(view(id), 202)
      },
    },
    '/servers/:id/command': {
      POST: async ({ id, body }) => {
        manager.require(id).command(parse(commandBody, body).line)
        return ok({ sent: true }, 202)
      },
    },
    '/servers/:id/logs': {
      GET: async ({ id, query }) => ok({ lines: manager.require(id).logs.last(parse(logsQuery, Object.fromEntries(query)).lines) }),
    },
    '/servers/:id/stats': {
      GET: async ({ id }) => {
        const { event: _event, ...stats } = await manager.require(id).stats()
        // The folder as its storage quota measures it (kept a few seconds); null when it has none yet.
        return ok({ ...stats, storage_bytes: await manager.storage.used(id).catch(() => null) })
      },
    },
    '/servers/:id/properties': {
      GET: async ({ id }) => ok({ properties: await manager.properties(id) }),
      PUT: async ({ id, body }) => {
        const { properties } = parse(propertiesBody, body)
        const server = manager.require(id)
        if (properties['server-port'] !== undefined && properties['server-port'] !== String(server.record.port)) {
          throw new HttpError(422, 'node_owned', `server-port is the node's (${server.record.port}): move the server with PUT /servers/${id} {port}.`)
        }
        if (properties['online-mode'] === 'true') {
          throw new HttpError(422, 'node_owned', 'online-mode=true is not possible on this node: the game session servers cannot be reached, players join offline.')
        }
        return ok({ properties: await manager.setProperties(id, properties), applies: server.active ? 'at the next start' : 'now' })
      },
    },
    '/servers/:id/reinstall': {
      POST: async ({ id }) => {
        if (manager.backups.restoring(id)) throw new ServerConflict('A backup is being restored.')
        return ok(installedView(await manager.reinstall(id)))
      },
    },
    '/servers/:id/reset': {
      POST: async ({ id }) => {
        await manager.require(id).reset()
        return ok(view(id))
      },
    },
    ...fileRoutes(manager),
    ...backupRoutes(manager),
  }

  /**
   * The handler for a raw path, with the id it names (404/405/400 when there is none) and how its
   * body is read: matched before the body, whose size limit depends on the route.
   */
  function match(method: string, rawPath: string): MatchedRoute {
    const segments = rawPath.split('/').slice(1)
    for (const [pattern, methods] of Object.entries(table)) {
      const parts = pattern.split('/').slice(1)
      if (parts.length !== segments.length || !parts.every((p, i) => p === ':id' || p === ':uuid' || p === segments[i])) continue
      const idAt = parts.indexOf(':id')
      const id = idAt >= 0 ? segments[idAt] : ''
      if (idAt >= 0 && !isServerId(id)) throw new HttpError(400, 'invalid_id', 'A server id is 1 to 64 letters, digits, dashes or underscores.')
      const uuidAt = parts.indexOf(':uuid')
      const uuid = uuidAt >= 0 ? segments[uuidAt] : ''
      if (uuidAt >= 0 && !BACKUP_UUID_PATTERN.test(uuid)) throw new HttpError(400, 'invalid_id', 'A backup uuid is 1 to 64 letters, digits, dashes or underscores.')
      const route = methods[method]
      if (!route) throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${pattern}.`)
      return typeof route === 'function' ? { handler: route, id, uuid, raw: false, maxBodyBytes: MAX_BODY_BYTES } : { ...route, id, uuid }
    }
    throw new HttpError(404, 'not_found', 'No such endpoint.')
  }

  return { match }
}

/** The HTTP answer for an error a handler threw. */
export function errorAnswer(err: unknown): HttpError {
  if (err instanceof HttpError) return err
  if (err instanceof UnknownServer) return new HttpError(404, 'not_found', err.message)
  if (err instanceof NoCapacity) return new HttpError(409, 'no_capacity', err.message)
  if (err instanceof PortUnavailable) return new HttpError(409, 'port_unavailable', err.message)
  if (err instanceof ServerConflict) return new HttpError(409, 'conflict', err.message)
  if (err instanceof PathEscapeError) return new HttpError(400, 'invalid_path', err.message)
  if (err instanceof FileProblem) return new HttpError(err.status, err.code, err.message, err.extra)
  return new HttpError(500, 'internal', err instanceof Error ? err.message : String(err))
}
