/**
 * Runs once when the Next server starts. On the Node runtime it records each request's socket address
 * in `X-Forwarded-For` (see src/lib/http/peerAddress.ts): route handlers cannot see the socket, and
 * without this a client could name any address it likes and so escape its rate limits.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { recordPeerAddresses } = await import('./lib/http/peerAddress')
    recordPeerAddresses()
  }
}
