import { parseSiteEnvironment } from './shell/stagingBanner'

/** Server configuration read from the environment (every variable is documented in README and .env.example). */
export const env = {
  databaseUrl: () => process.env.DATABASE_URL ?? '',
  /** Set by the launcher when it serves the embedded PGlite database. */
  embeddedDatabase: () => process.env.EMBEDDED_DATABASE === 'true',
  siteUrl: () => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
  secret: () => process.env.PAYLOAD_SECRET ?? '',
  /** `staging` shows the staging banner on every page; anything else (default) is production. */
  siteEnv: () => parseSiteEnvironment(process.env.SITE_ENV),
}
