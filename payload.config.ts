import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { fileURLToPath } from 'node:url'

import messages from './messages/en-US.json'
import { collections } from './src/collections'
import { guardScheduledPublishing, jobs, lockJobStats } from './src/jobs'
import { sessionSecret } from './src/lib/config/secret'
import { emailAdapter } from './src/lib/email/adapter'
import { env } from './src/lib/env'
import { maxVersionFileBytes, MiB } from './src/lib/limits'
import { migrations } from './src/migrations'
import { afterBuild, plugins } from './src/plugins'
import { graphQLCostRule } from './src/plugins/cost-limits'
import { GRAPHQL_MAX_COMPLEXITY } from './src/access/costLimits'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Origins allowed to use the session cookie: the site's URL, and its loopback twin when local. */
function trustedOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl)
  const twins = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' } as Record<string, string>
  if (!twins[url.hostname]) return [url.origin]
  const twin = new URL(siteUrl)
  twin.hostname = twins[url.hostname]
  return [url.origin, twin.origin]
}

export default buildConfig({
  // No `serverURL`: with one, the admin panel sends its API calls to that absolute address, so an
  // instance reached by any other address (another port, a LAN name) saved nowhere. Links that must
  // be absolute (mail, /v2 URLs, feeds) are built from SITE_URL by our own code.
  // The lists name SITE_URL; a same-origin request to any other address this instance serves is
  // accepted by src/collections/Users/servedOriginStrategy.ts.
  csrf: trustedOrigins(env.siteUrl()),
  cors: trustedOrigins(env.siteUrl()),
  secret: sessionSecret(),
  admin: {
    user: 'users',
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: {
      titleSuffix: ' — Blockforge admin',
      icons: [{ rel: 'icon', type: 'image/svg+xml', url: '/icon.svg' }],
    },
    // Our own picture for the account (the uploaded avatar or a generated one): Payload's default
    // asks an external avatar service, which is unreachable here and showed a broken image.
    avatar: { Component: '/components/admin/brand/AdminAvatar#AdminAvatar' },
    // Payload's list has no UTC, so an editor whose clock is UTC met "Select a value" in Schedule
    // Publish; it is listed first and is the default (no date field stores a zone: no schema change).
    timezones: {
      defaultTimezone: 'UTC',
      supportedTimezones: ({ defaultTimezones }) => [{ label: '(UTC+00:00) Coordinated Universal Time', value: 'UTC' }, ...defaultTimezones],
    },
    components: {
      graphics: {
        Logo: '/components/admin/brand/AdminLogo#AdminLogo',
        Icon: '/components/admin/brand/AdminIcon#AdminIcon',
      },
      // Each role's work above the dashboard's collection cards (issue 18 item 2).
      beforeDashboard: ['/components/admin/dashboard/WorkDashboard#WorkDashboard'],
      afterNavLinks: ['/components/admin/nav/StaffNavLinks#StaffNavLinks'],
      // Custom views are served to anyone by Payload: each checks for staff itself. (Moderation's
      // review queue is its plugin's: src/plugins/moderation.)
      views: {
        userEmail: { Component: '/components/admin/views/UserEmailView#UserEmailView', path: '/user_email', exact: true, meta: { title: messages.AdminWork.userEmail.title } },
        billingUser: { Component: '/components/admin/views/BillingUserView#BillingUserView', path: '/billing/:id', exact: true, meta: { title: messages.AdminBilling.metaTitle } },
        revenueOverview: { Component: '/components/admin/views/RevenueOverviewView#RevenueOverviewView', path: '/revenue', exact: true, meta: { title: messages.AdminRevenue.overview.title } },
        serverNotices: { Component: '/components/admin/views/ServerNoticesView#ServerNoticesView', path: '/servers/notices', exact: true },
        revenueUser: { Component: '/components/admin/views/RevenueUserView#RevenueUserView', path: '/revenue/:id', exact: true, meta: { title: messages.AdminRevenue.metaTitle } },
      },
    },
  },
  collections,
  editor: lexicalEditor(),
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts'), autoGenerate: false },
  // Wrapped by the db-safety plugin (src/plugins/index.ts).
  db: postgresAdapter({
    pool: { connectionString: env.databaseUrl(), max: env.databasePoolMax() },
    idType: 'serial', // our collections declare their own 8-character text ids
    push: false,
    migrationDir: path.resolve(dirname, 'src/migrations'),
    prodMigrations: migrations,
  }),
  upload: {
    useTempFiles: true,
    tempFileDir: path.resolve(dirname, 'tmp/uploads'),
    limits: { fileSize: maxVersionFileBytes() + MiB },
    abortOnLimit: true,
    responseOnLimit: 'File too large.',
  },
  sharp,
  email: emailAdapter(),
  // Every decoration of the collections and the config, in order: src/plugins/index.ts.
  plugins,
  // Cost limits (src/access/costLimits.ts): Payload's additive complexity bounds a query's breadth,
  // our rule what it may load (lists multiply) and how deep relationships nest.
  graphQL: {
    maxComplexity: GRAPHQL_MAX_COMPLEXITY,
    validationRules: (args) => [graphQLCostRule(args)],
  },
  // Scheduled releases (src/jobs): queued every minute, run by the web process or a worker (README).
  jobs,
  onInit: (payload) => {
    lockJobStats(payload)
    guardScheduledPublishing(payload)
  },
  telemetry: false,
}).then(afterBuild)
