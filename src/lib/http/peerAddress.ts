import http from 'node:http'

import { processState } from '../state'

/** `X-Forwarded-For` with the connecting peer appended, as a proxy would (RFC 7239's order: client first). */
export function appendPeer(existing: string | string[] | undefined, peer: string | undefined): string | undefined {
  if (!peer) return Array.isArray(existing) ? existing.join(', ') : existing
  const prior = (Array.isArray(existing) ? existing.join(', ') : (existing ?? '')).trim()
  return prior ? `${prior}, ${peer}` : peer
}

/**
 * Appends the socket's remote address to `X-Forwarded-For` on every request any HTTP server in this
 * process receives, before Next sees it. Next 16 fills the header only when it is missing, so without
 * this the rightmost entry could be whatever the client sent. Patching the prototype's `emit` reaches
 * the server `next start` already created; it runs once per process (src/lib/state.ts).
 */
export function recordPeerAddresses() {
  const patch = processState('peerAddress', () => ({ patched: false }))
  if (patch.patched) return
  patch.patched = true
  const proto = http.Server.prototype
  const emit = proto.emit
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage
      const value = appendPeer(req.headers['x-forwarded-for'], req.socket?.remoteAddress)
      if (value) req.headers['x-forwarded-for'] = value
    }
    return (emit as (...a: unknown[]) => boolean).call(this, event, ...args)
  } as typeof proto.emit
}
