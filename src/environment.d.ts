/**
 * Every environment variable the site reads. Read them only through `src/lib/env.ts` (its accessors
 * read at call time; `checkEnvironment()` there checks the formats at start). Each is documented in
 * README ("Configuration") and `.env.example`. `NODE_ENV` is declared by Next.
 */
declare global {
  namespace NodeJS {
    interface ProcessEnv {
      // Database
      DATABASE_URL?: string
      DATABASE_POOL_MAX?: string
      /** Read by `npm start` (scripts/embedded-db.mjs) only. */
      EMBEDDED_DATABASE_PORT?: string
      /** Read by `npm start` (scripts/embedded-db.mjs) only. */
      EMBEDDED_DATABASE_DIR?: string

      // The site
      PAYLOAD_SECRET?: string
      SITE_URL?: string
      SITE_ENV?: string
      PORT?: string
      APP_DOWNLOAD_URL?: string
      LAUNCHER_REDIRECT_URL?: string
      /** Inlined into the browser's scripts by `next build`. */
      NEXT_PUBLIC_STATUS_PAGE_URL?: string
      /** Inlined into the browser's scripts by `next build`. */
      NEXT_PUBLIC_COMMUNITY_CHAT_URL?: string
      INSECURE_COOKIES?: string
      TRUST_PROXY?: string
      KEEP_ALIVE_TIMEOUT?: string
      /** Read by `npm start` (scripts/start.mjs) only. */
      SEED_DEMO_DATA?: string
      DEMO_PASSWORD?: string

      // Files
      MEDIA_DIR?: string
      FILES_URL?: string
      MAX_VERSION_FILE_MB?: string
      S3_BUCKET?: string
      S3_REGION?: string
      S3_ENDPOINT?: string
      S3_ACCESS_KEY_ID?: string
      S3_SECRET_ACCESS_KEY?: string
      S3_FORCE_PATH_STYLE?: string

      // Background jobs and counting
      JOBS_AUTORUN?: string
      RELEASE_SCHEDULED_CRON?: string
      TRENDING_CRON?: string
      ANALYTICS_WINDOW_HOURS?: string

      // Search
      SEARCH_MEMORY_INDEX?: string
      TYPESENSE_URL?: string
      TYPESENSE_API_KEY?: string
      TYPESENSE_COLLECTION?: string

      // The /v2 API and rate limits
      V2_FAST_PATH?: string
      V2_RATE_LIMIT?: string
      V2_VALIDATE_RESPONSES?: string
      RATE_LIMIT_IGNORE_KEY?: string
      REDIS_URL?: string
      LOGIN_ATTEMPTS_PER_ADDRESS?: string
      LOGIN_FAILURES_PER_ACCOUNT?: string
      TWO_FACTOR_ATTEMPTS_PER_ACCOUNT?: string
      WRITE_RATE_LIMIT?: string
      ACCOUNT_EMAILS_PER_HOUR?: string

      // Caches
      CACHE_ENABLED?: string
      CACHE_MAX_ENTRIES?: string
      CACHE_TTL_SECONDS?: string
      PAGE_CACHE?: string
      PAGE_CACHE_TTL_SECONDS?: string
      PAGE_CACHE_MAX_ENTRIES?: string
      PAGE_CACHE_MAX_MB?: string

      // Mail
      SMTP_HOST?: string
      SMTP_PORT?: string
      SMTP_USER?: string
      SMTP_PASS?: string
      SMTP_SECURE?: string
      EMAIL_FROM?: string

      // Sign-in with external providers
      AUTH_GITHUB_ID?: string
      AUTH_GITHUB_SECRET?: string
      AUTH_DISCORD_ID?: string
      AUTH_DISCORD_SECRET?: string
      AUTH_GITLAB_ID?: string
      AUTH_GITLAB_SECRET?: string
      AUTH_GITLAB_ISSUER?: string
      AUTH_GOOGLE_ID?: string
      AUTH_GOOGLE_SECRET?: string
      AUTH_GOOGLE_ISSUER?: string
      AUTH_MICROSOFT_ID?: string
      AUTH_MICROSOFT_SECRET?: string
      AUTH_MICROSOFT_ISSUER?: string

      // Billing (src/plugins/billing; README "Billing")
      STRIPE_SECRET_KEY?: string
      STRIPE_WEBHOOK_SECRET?: string
      STRIPE_PUBLISHABLE_KEY?: string
      STRIPE_API_BASE?: string
      BILLING_CRON?: string
      HOSTING_CRON?: string
      HOSTING_DOMAIN?: string
      HOSTING_LOCAL_AGENT_URL?: string

      // Creator revenue (src/plugins/revenue)
      REVENUE_PLUS_SHARE_PERCENT?: string
      REVENUE_DOWNLOAD_WEIGHT?: string
      REVENUE_HOLD_DAYS?: string
      REVENUE_CLOSE_HOURS?: string
      REVENUE_CRON?: string
      REVENUE_TAX_FORM_THRESHOLD?: string

      // Payout rails (src/plugins/revenue/rails)
      PAYPAL_CLIENT_ID?: string
      PAYPAL_CLIENT_SECRET?: string
      PAYPAL_WEBHOOK_ID?: string
      PAYPAL_API_BASE?: string
      TREMENDOUS_API_KEY?: string
      TREMENDOUS_CAMPAIGN_ID?: string
      TREMENDOUS_PRODUCT_ID?: string
      TREMENDOUS_WEBHOOK_KEY?: string
      TREMENDOUS_API_BASE?: string

      // Set by Next and the scripts that start it
      /** Where `next build` writes and the server reads the build (default `.next`); the test harness sets it. */
      NEXT_DIST_DIR?: string
      /** `nodejs` or `edge`: the runtime Next is running this code in. */
      NEXT_RUNTIME?: string
      /** `phase-production-build` while `next build` runs. */
      NEXT_PHASE?: string
    }
  }
}

export {}
