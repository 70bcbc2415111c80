import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { mintConsoleToken } from '../../../lib/hosting/protocol'
import { serverFor } from './acts'
import { db } from './db'
import { nodeOf } from './nodes'
import { HostingError } from './rows'

/** How long the browser's console token lasts (Wings gives ~10 minutes too); the page asks again. */
export const CONSOLE_TOKEN_SECONDS = 10 * 60

/**
 * The console's websocket address and a short-lived token for it (as Modrinth's
 * `GET /servers/:id/ws → {url, token}`): the browser talks to the node's agent directly, which
 * checks the token against the node's own secret, so the site is not in the stream's path.
 */
export async function consoleAccess(payload: Payload, actor: Actor, id: string): Promise<{ url: string; token: string; expiresAt: number }> {
  const server = await serverFor(payload, actor, id)
  if (server.status === 'suspended') throw new HostingError('This server is suspended.')
  if (!server.node_id) throw new HostingError('This server is not set up yet.')
  const node = await nodeOf(db(payload), server.node_id)
  if (!node) throw new HostingError('This server is not set up yet.')
  const base = new URL(`/servers/${id}/ws`, node.console_url || node.url)
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:'
  const expiresAt = Math.floor(Date.now() / 1000) + CONSOLE_TOKEN_SECONDS
  const token = mintConsoleToken(node.token, { server: id, user: actor.id, perms: ['console', 'power'], exp: expiresAt })
  return { url: base.toString(), token, expiresAt }
}
