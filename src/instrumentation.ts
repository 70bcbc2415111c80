/**
 * Runs once when the Next server starts. On the Node runtime it records each request's socket address
 * in `X-Forwarded-For` (see src/lib/http/peerAddress.ts): route handlers cannot see the socket, and
 * without this a client could name any address it likes and so escape its rate limits.
 *
 * It also starts the job runner (scheduled releases and publications, src/jobs/runner.ts), which
 * takes turns with the other instances. `JOBS_AUTORUN=false` leaves the queues to a worker. And it
 * starts listening for cache invalidations (src/lib/cache): the public-read cache serves only then.
 * Before those it checks the environment's values (src/lib/env.ts) and refuses to start on a
 * malformed one.
 */
import { checkEnvironment, env } from './lib/env'

export async function register() {
  // The one read of the environment outside src/lib/env.ts: Next compiles this file for the edge
  // runtime as well, and only this condition, spelled out, lets the bundler drop the Node-only
  // imports below from that build (an accessor call would not).
  // eslint-disable-next-line no-restricted-properties -- Turbopack builds this file for the edge runtime too: see above
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { recordPeerAddresses } = await import('./lib/http/peerAddress')
    recordPeerAddresses()
    if (!env.building()) {
      checkEnvironment()
      const [{ getPayload }, { default: config }, { startJobRunner }, { startPublicReadCache }] = await Promise.all([
        import('payload'),
        import('@payload-config'),
        import('./jobs/runner'),
        import('./lib/cache'),
      ])
      await getPayload({ config })
        .then((payload) => {
          startPublicReadCache(payload)
          if (env.jobsAutorun()) startJobRunner(payload)
        })
        .catch((err: unknown) => console.error('Could not start the job queue and the read cache:', err))
    }
  }
}
