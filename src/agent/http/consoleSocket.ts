import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

import { type WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'

import { CONSOLE_CLOSE, type ConsoleClaims, type ConsoleServerMessage, isServerId, verifyConsoleToken } from '../../lib/hosting/protocol'
import type { ManagedServer } from '../servers/managedServer'
import type { ServerManager } from '../servers/manager'
import { commandLine } from './schemas'

/** How long a new socket has to send its `auth`. */
const AUTH_WAIT_MS = 10_000
/** Log lines replayed to a console that has just authenticated. */
const BACKLOG_LINES = 100

const clientMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('auth'), token: z.string().max(4096) }),
  z.object({ event: z.literal('command'), line: commandLine }),
])

const WS_PATH = /^\/servers\/([^/?]*)\/ws(?:\?.*)?$/

/**
 * The console websocket, `GET /servers/:id/ws`. The browser connects to the agent directly; the
 * upgrade is not signed (a browser cannot sign), so the first message must be `auth` with a console
 * token the site minted for this server — else the socket closes with 4001. Then it streams the
 * log, power states, stats every 2 s, installation results and backups' progress (`backup`);
 * `command` needs the `console` perm.
 * The token may be renewed with another `auth`; when it expires unrenewed the socket closes (4001).
 */
export function consoleSockets(manager: ServerManager, nodeToken: string) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const m = WS_PATH.exec(req.url ?? '')
    const server = m && isServerId(m[1]) ? manager.get(m[1]) : undefined
    if (!server) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, server))
  }

  function serve(ws: WebSocket, server: ManagedServer): void {
    const send = (message: ConsoleServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    const refuse = (reason: string) => {
      send({ event: 'error', description: reason })
      ws.close(CONSOLE_CLOSE.unauthorized, reason.slice(0, 120))
    }
    let claims: ConsoleClaims | null = null
    let expiry: NodeJS.Timeout | null = null
    const unsubscribe: (() => void)[] = []
    const authTimer = setTimeout(() => refuse('No auth message in time.'), AUTH_WAIT_MS)

    const subscribe = () => {
      const onLog = (line: string) => send({ event: 'log', line })
      const onEvent = (message: ConsoleServerMessage) => send(message)
      const onInstall = (r: { ok: boolean; reason?: string }) => send({ event: 'installation-result', ...r })
      const onRemoved = () => ws.close(CONSOLE_CLOSE.gone, 'The server was deleted.')
      server.on('log', onLog)
      server.on('power-state', onEvent)
      server.on('stats', onEvent)
      server.on('backup', onEvent)
      server.on('installation-result', onInstall)
      server.on('removed', onRemoved)
      const stopStats = server.watchStats()
      unsubscribe.push(() => {
        server.off('log', onLog)
        server.off('power-state', onEvent)
        server.off('stats', onEvent)
        server.off('backup', onEvent)
        server.off('installation-result', onInstall)
        server.off('removed', onRemoved)
        stopStats()
      })
    }

    ws.on('message', (data) => {
      let message: z.infer<typeof clientMessage>
      try {
        message = clientMessage.parse(JSON.parse(data.toString()))
      } catch {
        if (!claims) return refuse('The first message must be {"event":"auth","token":…}.')
        return send({ event: 'error', description: 'Unknown message: send {"event":"command","line":…}.' })
      }
      if (message.event === 'auth') {
        const verdict = verifyConsoleToken(nodeToken, message.token, server.id)
        if (!verdict.ok) return refuse(verdict.reason)
        const first = claims === null
        claims = verdict.claims
        clearTimeout(authTimer)
        if (expiry) clearTimeout(expiry)
        expiry = setTimeout(() => refuse('The console token has expired.'), Math.max(0, claims.exp * 1000 - Date.now()))
        send({ event: 'auth-ok' })
        if (first) {
          send(server.powerState())
          for (const line of server.logs.last(BACKLOG_LINES)) send({ event: 'log', line })
          // A backup or restore under way: where it is now (its next messages follow).
          const backup = manager.backups.current(server.id)
          if (backup) send(backup)
          subscribe()
        }
        return
      }
      if (!claims) return refuse('The first message must be {"event":"auth","token":…}.')
      if (!claims.perms.includes('console')) return send({ event: 'error', description: 'This console token does not allow commands.' })
      try {
        server.command(message.line)
      } catch (err) {
        send({ event: 'error', description: err instanceof Error ? err.message : String(err) })
      }
    })

    ws.on('close', () => {
      clearTimeout(authTimer)
      if (expiry) clearTimeout(expiry)
      for (const off of unsubscribe) off()
    })
    ws.on('error', () => ws.terminate())
  }

  return {
    handleUpgrade,
    close: () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}
