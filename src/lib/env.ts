import { parseSiteEnvironment } from './shell/stagingBanner'

/** Server configuration read from the environment (every variable is documented in README and .env.example). */
export const env = {
  databaseUrl: () => process.env.DATABASE_URL ?? '',
  /** The public URL; by default the address `npm start` serves (localhost on PORT). */
  siteUrl: () => (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, ''),
  /** `staging` shows the staging banner on every page; anything else (default) is production. */
  siteEnv: () => parseSiteEnvironment(process.env.SITE_ENV),
  /** Where /app's download button leads (an http(s) URL); unset, /app offers no download. */
  /** Where a launcher's sign-in ends (src/lib/auth/launcher.ts); unset, the site's /auth/launcher page. */
  launcherRedirectUrl: (): string | undefined => process.env.LAUNCHER_REDIRECT_URL,
  appDownloadUrl: (): string | null => {
    const v = process.env.APP_DOWNLOAD_URL?.trim()
    return v && /^https?:\/\/\S+$/i.test(v) ? v : null
  },
}
