/**
 * Runs once when the Next server starts. On the Node runtime it records each request's socket address
 * in `X-Forwarded-For` (see src/lib/http/peerAddress.ts): route handlers cannot see the socket, and
 * without this a client could name any address it likes and so escape its rate limits.
 *
 * It also starts Payload's job crons (scheduled releases, src/jobs), which Payload otherwise starts
 * only on the first admin or REST request. `JOBS_AUTORUN=false` leaves the queue to a worker.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { recordPeerAddresses } = await import('./lib/http/peerAddress')
    recordPeerAddresses()
    if (process.env.JOBS_AUTORUN !== 'false' && process.env.NEXT_PHASE !== 'phase-production-build') {
      const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')])
      await getPayload({ config, cron: true }).catch((err: unknown) => console.error('Could not start the job queue:', err))
    }
  }
}
