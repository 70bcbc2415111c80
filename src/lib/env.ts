import { parseSiteEnvironment } from './shell/stagingBanner'

/**
 * The environment: the one module that reads `process.env` (declared in src/environment.d.ts; every
 * variable documented in README "Configuration" and .env.example).
 *
 * Each accessor reads at call time, so tests may set a variable while running. Parsers that take a
 * record of variables (tests pass their own) get it from a `…Vars()` accessor naming exactly what they
 * read. `checkEnvironment()` checks every value's form once at start (src/instrumentation.ts,
 * src/server/main.ts) and names each malformed one; the accessors themselves never throw.
 *
 * Browser code imports this module too: there only `NODE_ENV` and `NEXT_PUBLIC_*` have values, which
 * `next build` writes in where `process.env.NAME` is spelled out, so keep every read spelled out.
 * Files that cannot import TypeScript (server.mjs, next.config.mjs, scripts/*.mjs) read their own.
 * One read stays outside: src/instrumentation.ts's `NEXT_RUNTIME` guard, spelled out there so the
 * bundler drops its Node-only imports from the edge build (an accessor call would not let it).
 */

/** The variables src/environment.d.ts declares (ProcessEnv without its index signature). */
type Name = keyof { [K in keyof NodeJS.ProcessEnv as string extends K ? never : K]: true } & string
type Vars<K extends string> = { [P in K]: string | undefined }
const pick = <K extends Name>(names: readonly K[]): Vars<K> =>
  Object.fromEntries(names.map((name) => [name, process.env[name]])) as Vars<K>

/** A number above 0, else `fallback` (unset, blank or not such a number). */
const positiveOr = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback
}

export const env = {
  // Next and Node
  /** `NODE_ENV === 'production'` (`npm start`, `next build`). */
  production: (): boolean => process.env.NODE_ENV === 'production',
  /** `NODE_ENV === 'development'` (`next dev`). */
  development: (): boolean => process.env.NODE_ENV === 'development',
  /** While `next build` runs (NEXT_PHASE): no database, no secret needed. */
  building: (): boolean => process.env.NEXT_PHASE === 'phase-production-build',
  /** Where the build is (NEXT_DIST_DIR, default `.next`). */
  distDir: (): string => process.env.NEXT_DIST_DIR ?? '.next',

  // The database
  databaseUrl: () => process.env.DATABASE_URL ?? '',
  /** DATABASE_POOL_MAX, at least 3: the adapter pins one connection and transactions leave one free (src/lib/db/transactionGate.ts). */
  databasePoolMax: (): number => Math.max(3, Number(process.env.DATABASE_POOL_MAX) || 10),

  // The site
  /** What src/lib/config/secret.ts decides the session secret from. */
  sessionSecretVars: () => pick(['PAYLOAD_SECRET', 'NEXT_PHASE', 'NODE_ENV']),
  /** PAYLOAD_SECRET as set ('' when unset): the seeded local node's agent token derives from it, as `npm start` derives the agent's (scripts/start.mjs). */
  payloadSecret: (): string => process.env.PAYLOAD_SECRET ?? '',
  /** The public URL; by default the address `npm start` serves (localhost on PORT). */
  siteUrl: () => (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, ''),
  /** `staging` shows the staging banner on every page; anything else (default) is production. */
  siteEnv: () => parseSiteEnvironment(process.env.SITE_ENV),
  /** Where a launcher's sign-in ends (src/lib/auth/launcher.ts); unset, the site's /auth/launcher page. */
  launcherRedirectUrl: (): string | undefined => process.env.LAUNCHER_REDIRECT_URL,
  /** Where /app's download button leads (an http(s) URL); unset, /app offers no download. */
  appDownloadUrl: (): string | null => {
    const v = process.env.APP_DOWNLOAD_URL?.trim()
    return v && /^https?:\/\/\S+$/i.test(v) ? v : null
  },
  /** The error page's links (set before `next build`: the browser's copy is written in then). */
  statusPageUrl: (): string | null => process.env.NEXT_PUBLIC_STATUS_PAGE_URL || null,
  communityChatUrl: (): string | null => process.env.NEXT_PUBLIC_COMMUNITY_CHAT_URL || null,
  /** Cookies carry `Secure` in production unless INSECURE_COOKIES=true (plain-HTTP test setups). */
  secureCookies: (): boolean => process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true',
  /** TRUST_PROXY as written (parsed by src/lib/http/clientAddress.ts). */
  trustProxy: (): string | undefined => process.env.TRUST_PROXY,
  /** KEEP_ALIVE_TIMEOUT in milliseconds, or null for Node's default. */
  keepAliveTimeoutMs: (): number | null => Number(process.env.KEEP_ALIVE_TIMEOUT) || null,
  demoPassword: (): string => process.env.DEMO_PASSWORD ?? 'demo-password',

  // Files
  /** MEDIA_DIR as written (src/lib/paths.ts resolves it; default ./media). */
  mediaDir: (): string | undefined => process.env.MEDIA_DIR,
  /** FILES_URL as written (src/lib/files/fileUrl.ts parses it). */
  filesUrl: (): string | undefined => process.env.FILES_URL,
  maxVersionFileMb: (): number => Number(process.env.MAX_VERSION_FILE_MB ?? 500),
  /** What src/lib/files/objectStorage.ts reads. */
  objectStorageVars: () => pick(['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']),

  // Background jobs and counting
  /** JOBS_AUTORUN=false leaves the queues to a worker. */
  jobsAutorun: (): boolean => process.env.JOBS_AUTORUN !== 'false',
  releaseScheduledCron: (): string => process.env.RELEASE_SCHEDULED_CRON || '* * * * *',
  trendingCron: (): string => process.env.TRENDING_CRON || '0 * * * *',
  analyticsWindowHours: (): number => positiveOr(process.env.ANALYTICS_WINDOW_HOURS, 24),

  // Search
  searchMemoryIndex: (): boolean => process.env.SEARCH_MEMORY_INDEX !== 'false',
  typesenseUrl: (): string | undefined => process.env.TYPESENSE_URL,
  typesenseApiKey: (): string | undefined => process.env.TYPESENSE_API_KEY,
  typesenseCollection: (): string => process.env.TYPESENSE_COLLECTION ?? 'projects',

  // The /v2 API and rate limits
  /** V2_FAST_PATH=false hands the API to Next's route handlers. */
  v2FastPath: (): boolean => process.env.V2_FAST_PATH !== 'false',
  v2RateLimit: (): number => positiveOr(process.env.V2_RATE_LIMIT, 300),
  v2ValidateResponses: (): boolean => process.env.NODE_ENV === 'test' || process.env.V2_VALIDATE_RESPONSES === 'true',
  rateLimitIgnoreKey: (): string | undefined => process.env.RATE_LIMIT_IGNORE_KEY,
  redisUrl: (): string | null => process.env.REDIS_URL?.trim() || null,
  /** What src/lib/ratelimit/limits.ts reads. */
  rateLimitVars: () => pick(['LOGIN_ATTEMPTS_PER_ADDRESS', 'LOGIN_FAILURES_PER_ACCOUNT', 'TWO_FACTOR_ATTEMPTS_PER_ACCOUNT', 'WRITE_RATE_LIMIT', 'ACCOUNT_EMAILS_PER_HOUR']),

  // Caches (src/lib/cache, src/server/pageCache.ts)
  cacheEnabled: (): boolean => process.env.CACHE_ENABLED !== 'false',
  cacheMaxEntries: (): number => Number(process.env.CACHE_MAX_ENTRIES) || 5000,
  cacheTtlMs: (): number => (Number(process.env.CACHE_TTL_SECONDS) || 300) * 1000,
  pageCacheEnabled: (): boolean => process.env.PAGE_CACHE !== 'false',
  pageCacheMaxEntries: (): number => Number(process.env.PAGE_CACHE_MAX_ENTRIES) || 1000,
  pageCacheMaxBytes: (): number => (Number(process.env.PAGE_CACHE_MAX_MB) || 64) * 1024 * 1024,
  pageCacheTtlMs: (): number => (Number(process.env.PAGE_CACHE_TTL_SECONDS) || 60) * 1000,

  // Mail
  /** What src/lib/email/settings.ts reads. */
  smtpVars: () => pick(['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SECURE', 'EMAIL_FROM']),

  // Sign-in with external providers
  /** What src/lib/auth/providers/catalogue.ts reads: `AUTH_<PROVIDER>_ID`, `_SECRET` and (OpenID Connect) `_ISSUER`. */
  authProviderVars: () =>
    pick([
      'AUTH_GITHUB_ID', 'AUTH_GITHUB_SECRET',
      'AUTH_DISCORD_ID', 'AUTH_DISCORD_SECRET',
      'AUTH_GITLAB_ID', 'AUTH_GITLAB_SECRET', 'AUTH_GITLAB_ISSUER',
      'AUTH_GOOGLE_ID', 'AUTH_GOOGLE_SECRET', 'AUTH_GOOGLE_ISSUER',
      'AUTH_MICROSOFT_ID', 'AUTH_MICROSOFT_SECRET', 'AUTH_MICROSOFT_ISSUER',
    ]),
  /** Billing (src/plugins/billing): unset STRIPE_SECRET_KEY means test mode (no real money, test cards). */
  stripeSecretKey: (): string | undefined => process.env.STRIPE_SECRET_KEY?.trim() || undefined,
  stripeWebhookSecret: (): string | undefined => process.env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
  stripePublishableKey: (): string | undefined => process.env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined,
  /** Where the Stripe SDK sends requests (a local Stripe-compatible server in tests); unset, Stripe's API. */
  stripeApiBase: (): string | undefined => process.env.STRIPE_API_BASE?.trim() || undefined,
  /** How often renewals and expiries run (a 5- or 6-field cron); default every 5 minutes. */
  billingCron: (): string => process.env.BILLING_CRON || '*/5 * * * *',
  /** Creator revenue (src/plugins/revenue): the percentage of each day's Plus income, net of refunds, added to the creators' pool (whole 0–100; default 50). */
  revenuePlusSharePercent: (): number => wholeNumber(process.env.REVENUE_PLUS_SHARE_PERCENT, 50, 100),
  /** Points a counted download earns next to a counted view's one (a whole number; default 0: views alone, as Modrinth's web revenue). */
  revenueDownloadWeight: (): number => wholeNumber(process.env.REVENUE_DOWNLOAD_WEIGHT, 0),
  /** Days after the end of its month before a day's revenue can be withdrawn (default 60). */
  revenueHoldDays: (): number => wholeNumber(process.env.REVENUE_HOLD_DAYS, 60),
  /** Hours after a day ends before it is paid out to the ledger (late counts, staff entering its ad income); default 24. */
  revenueCloseHours: (): number => wholeNumber(process.env.REVENUE_CLOSE_HOURS, 24),
  /** How often the revenue job runs (closed days into the ledger, payouts in transit checked); default hourly at :20. */
  revenueCron: (): string => process.env.REVENUE_CRON || '20 * * * *',
  /** How often the hosting reconciler runs (6-field cron: with seconds). */
  hostingCron: (): string => process.env.HOSTING_CRON || '*/15 * * * * *',
  /** The domain under which owners reserve a subdomain for their server (e.g. `play.example.com`); unset, subdomains are not offered. */
  hostingDomain: (): string | null => process.env.HOSTING_DOMAIN?.trim().toLowerCase().replace(/^\.+|\.+$/g, '') || null,
  /** Where the site reaches the local node agent `npm start` runs (the demo data's Local node). */
  hostingLocalAgentUrl: (): string => process.env.HOSTING_LOCAL_AGENT_URL || `http://127.0.0.1:${process.env.AGENT_PORT || 8095}`,
  /** Whole US dollars of withdrawals in a calendar year from which a creator gives a tax form (default 600; 0: always). */
  revenueTaxFormThresholdUsd: (): number => wholeNumber(process.env.REVENUE_TAX_FORM_THRESHOLD, 600, 100_000_000),
  /** PayPal Payouts (PayPal and Venmo withdrawals): the REST app's client id and secret; both set, the PayPal and Venmo rails are offered. */
  paypalClientId: (): string | undefined => process.env.PAYPAL_CLIENT_ID?.trim() || undefined,
  paypalClientSecret: (): string | undefined => process.env.PAYPAL_CLIENT_SECRET?.trim() || undefined,
  /** The id PayPal gave the webhook pointing at /api/revenue/webhook/paypal (its events are verified with it); unset, PayPal's webhooks are refused and payouts settle by the status poll. */
  paypalWebhookId: (): string | undefined => process.env.PAYPAL_WEBHOOK_ID?.trim() || undefined,
  /** PayPal's REST API; default live (https://api-m.paypal.com); the sandbox is https://api-m.sandbox.paypal.com. */
  paypalApiBase: (): string => (process.env.PAYPAL_API_BASE?.trim() || 'https://api-m.paypal.com').replace(/\/$/, ''),
  /** Tremendous (gift-card withdrawals): the API key; with a campaign or product id set, the Tremendous rail is offered. */
  tremendousApiKey: (): string | undefined => process.env.TREMENDOUS_API_KEY?.trim() || undefined,
  /** The webhook's private key (Tremendous signs each event with an HMAC-SHA256 of its body); unset, Tremendous' webhooks are refused and payouts settle by the status poll. */
  tremendousWebhookKey: (): string | undefined => process.env.TREMENDOUS_WEBHOOK_KEY?.trim() || undefined,
  /** The campaign whose products a creator may choose from. */
  tremendousCampaignId: (): string | undefined => process.env.TREMENDOUS_CAMPAIGN_ID?.trim() || undefined,
  /** One product (a gift card) to send instead of the campaign's choice; optional. */
  tremendousProductId: (): string | undefined => process.env.TREMENDOUS_PRODUCT_ID?.trim() || undefined,
  /** Tremendous' API; default production (https://api.tremendous.com); the sandbox is https://testflight.tremendous.com. */
  tremendousApiBase: (): string => (process.env.TREMENDOUS_API_BASE?.trim() || 'https://api.tremendous.com').replace(/\/$/, ''),
}

/** What a value must be when it is not: a rule answers null for a good value. */
type Rule = (value: string) => string | null

const urlWith = (protocols: RegExp, what: string): Rule => (value) => {
  try {
    return protocols.test(new URL(value).protocol) ? null : what
  } catch {
    return what
  }
}
const httpUrl = urlWith(/^https?:$/, 'an http(s) URL')
const number = (test: (n: number) => boolean, what: string): Rule => (value) => (test(Number(value)) ? null : what)
const wholeAbove0 = number((n) => Number.isInteger(n) && n > 0, 'a whole number above 0')
const above0 = number((n) => Number.isFinite(n) && n > 0, 'a number above 0')
const port = number((n) => Number.isInteger(n) && n >= 1 && n <= 65535, 'a port number (1–65535)')
const oneOf = (...values: string[]): Rule => (value) => (values.includes(value) ? null : values.map((v) => `"${v}"`).join(' or '))
const trueOrFalse = oneOf('true', 'false')
const cron: Rule = (value) => (/^@(yearly|annually|monthly|weekly|daily|hourly)$/.test(value.trim()) || [5, 6].includes(value.trim().split(/\s+/).length) ? null : 'a cron pattern (5 fields, or 6 with seconds)')

/** The form of each variable that has one; values in SECRET are not repeated in the message. */
const RULES: Partial<Record<Name, Rule>> = {
  DATABASE_URL: (value) => (value.startsWith('/') ? null : urlWith(/^(postgres|postgresql|socket):$/, 'a postgres:// connection URL')(value)),
  DATABASE_POOL_MAX: wholeAbove0,
  SITE_URL: httpUrl,
  SITE_ENV: (value) => oneOf('production', 'staging')(value.trim().toLowerCase()),
  PORT: port,
  APP_DOWNLOAD_URL: httpUrl,
  LAUNCHER_REDIRECT_URL: urlWith(/./, 'a URL (http://127.0.0.1:… or the app’s own scheme)'),
  NEXT_PUBLIC_STATUS_PAGE_URL: httpUrl,
  NEXT_PUBLIC_COMMUNITY_CHAT_URL: httpUrl,
  INSECURE_COOKIES: trueOrFalse,
  TRUST_PROXY: (value) => {
    const v = value.trim().toLowerCase()
    return v === 'true' || v === 'false' || (Number.isInteger(Number(v)) && Number(v) >= 0) ? null : 'a number of proxies (0, 1, 2, …) or true/false'
  },
  KEEP_ALIVE_TIMEOUT: wholeAbove0,
  FILES_URL: httpUrl,
  MAX_VERSION_FILE_MB: above0,
  S3_ENDPOINT: httpUrl,
  S3_FORCE_PATH_STYLE: trueOrFalse,
  JOBS_AUTORUN: trueOrFalse,
  RELEASE_SCHEDULED_CRON: cron,
  TRENDING_CRON: cron,
  ANALYTICS_WINDOW_HOURS: above0,
  SEARCH_MEMORY_INDEX: trueOrFalse,
  TYPESENSE_URL: httpUrl,
  V2_FAST_PATH: trueOrFalse,
  V2_RATE_LIMIT: above0,
  V2_VALIDATE_RESPONSES: trueOrFalse,
  REDIS_URL: (value) => (value.trim().startsWith('/') ? null : urlWith(/^rediss?:$/, 'a redis:// URL (or a socket path)')(value.trim())),
  LOGIN_ATTEMPTS_PER_ADDRESS: wholeAbove0,
  LOGIN_FAILURES_PER_ACCOUNT: wholeAbove0,
  TWO_FACTOR_ATTEMPTS_PER_ACCOUNT: wholeAbove0,
  WRITE_RATE_LIMIT: wholeAbove0,
  ACCOUNT_EMAILS_PER_HOUR: wholeAbove0,
  CACHE_ENABLED: trueOrFalse,
  CACHE_MAX_ENTRIES: wholeAbove0,
  CACHE_TTL_SECONDS: above0,
  PAGE_CACHE: trueOrFalse,
  PAGE_CACHE_TTL_SECONDS: above0,
  PAGE_CACHE_MAX_ENTRIES: wholeAbove0,
  PAGE_CACHE_MAX_MB: above0,
  SMTP_PORT: port,
  SMTP_SECURE: trueOrFalse,
  AUTH_GITLAB_ISSUER: httpUrl,
  AUTH_GOOGLE_ISSUER: httpUrl,
  AUTH_MICROSOFT_ISSUER: httpUrl,
}
const SECRET = new Set<string>(['DATABASE_URL', 'REDIS_URL'] satisfies Name[])

/** Every malformed value in `vars`, one sentence each naming the variable. Blank counts as unset. */
export function environmentProblems(vars: Record<string, string | undefined> = process.env): string[] {
  const problems: string[] = []
  for (const [name, rule] of Object.entries(RULES)) {
    const value = vars[name]
    if (value === undefined || value.trim() === '' || !rule) continue
    const wanted = rule(value)
    if (wanted) problems.push(`${name} must be ${wanted}${SECRET.has(name) ? '' : `, not ${JSON.stringify(value)}`}`)
  }
  if (!!vars.S3_ACCESS_KEY_ID?.trim() !== !!vars.S3_SECRET_ACCESS_KEY?.trim()) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the AWS default credentials)')
  }
  return problems
}

/** Refuses to start on a malformed value, naming each (README "Configuration" says what each takes). */
export function checkEnvironment(vars: Record<string, string | undefined> = process.env): void {
  const problems = environmentProblems(vars)
  if (problems.length === 0) return
  throw new Error(`The environment is not valid (see README, "Configuration"):\n  - ${problems.join('\n  - ')}`)
}

/** A whole number from the environment, or the fallback when unset or not a whole number in [0, max]. */
function wholeNumber(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const text = value?.trim()
  if (!text || !/^\d+$/.test(text)) return fallback
  const n = Number(text)
  return n <= max ? n : fallback
}
