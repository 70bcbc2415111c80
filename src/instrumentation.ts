/**
 * Runs once when the Next server starts. On the Node runtime it records each request's socket address
 * in `X-Forwarded-For` (see src/lib/http/peerAddress.ts): route handlers cannot see the socket, and
 * without this a client could name any address it likes and so escape its rate limits.
 *
 * It also starts the job runner (scheduled releases and publications, src/jobs/runner.ts), which
 * takes turns with the other instances. `JOBS_AUTORUN=false` leaves the queues to a worker. And it
 * starts listening for cache invalidations (src/lib/cache): the public-read cache serves only then.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { recordPeerAddresses } = await import('./lib/http/peerAddress')
    recordPeerAddresses()
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      const [{ getPayload }, { default: config }, { startJobRunner }, { startPublicReadCache }] = await Promise.all([
        import('payload'),
        import('@payload-config'),
        import('./jobs/runner'),
        import('./lib/cache'),
      ])
      await getPayload({ config })
        .then((payload) => {
          startPublicReadCache(payload)
          if (process.env.JOBS_AUTORUN !== 'false') startJobRunner(payload)
        })
        .catch((err: unknown) => console.error('Could not start the job queue and the read cache:', err))
    }
  }
}
