/**
 * The session-signing secret. `npm start` generates one (data/.secret) when PAYLOAD_SECRET is unset;
 * any other production start without one refuses to run rather than sign sessions with a public
 * constant. Development, tests and the build step may use a fixed placeholder.
 */
export const DEV_SECRET = 'dev-only-secret-change-me'

export function sessionSecret(env: Record<string, string | undefined> = process.env): string {
  if (env.PAYLOAD_SECRET) return env.PAYLOAD_SECRET
  const building = env.NEXT_PHASE === 'phase-production-build'
  if (env.NODE_ENV === 'production' && !building) {
    throw new Error('PAYLOAD_SECRET is not set. Set it to a long random string (or start with `npm start`, which keeps one in data/.secret).')
  }
  return DEV_SECRET
}
