import { env } from '../env'

/**
 * The session-signing secret. `npm start` generates one (data/.secret) when PAYLOAD_SECRET is unset;
 * any other production start without one refuses to run rather than sign sessions with a public
 * constant. Development, tests and the build step may use a fixed placeholder.
 */
export const DEV_SECRET = 'dev-only-secret-change-me'

export function sessionSecret(vars: Record<string, string | undefined> = env.sessionSecretVars()): string {
  if (vars.PAYLOAD_SECRET) return vars.PAYLOAD_SECRET
  const building = vars.NEXT_PHASE === 'phase-production-build'
  if (vars.NODE_ENV === 'production' && !building) {
    throw new Error('PAYLOAD_SECRET is not set. Set it to a long random string (or start with `npm start`, which keeps one in data/.secret).')
  }
  return DEV_SECRET
}
