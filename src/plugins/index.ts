import type { Plugin, SanitizedConfig } from 'payload'

import { withoutDocumentLocks } from '../jobs'
import { env } from '../lib/env'
import { accessGuardsPlugin } from './access-guards'
import { apiV2Plugin } from './api-v2/mounts'
import { billingPlugin } from './billing'
import { costLimitsPlugin } from './cost-limits'
import { dbSafetyPlugin } from './db-safety'
import { doorsPlugin, shutUnlistedDoors } from './doors'
import { fileOriginPlugin } from './file-origin'
import { hostingPlugin } from './hosting'
import { loginProtectionPlugin } from './login-protection'
import { moderationPlugin } from './moderation'
import { objectStoragePlugin } from './object-storage'
import { publishingChecklistPlugin } from './publishing-checklist'
import { readCachePlugin } from './read-cache'
import { revenuePlugin } from './revenue'
import { safeWritesPlugin } from './safe-writes'
import { searchPlugin } from './search'

/**
 * Everything that decorates the collections or the config, in the order it applies — the one place
 * to read what runs on a write (tests/unit/wiring.test.ts prints each collection's resulting hook
 * chain). Each plugin lives in `src/plugins/<name>/` and is curried: `(options) => (config) => config`.
 *
 * 1. db-safety: wrappers around the database adapter (commit tracking, the transaction gate, merged
 *    session writes).
 * 2. billing: its collections (products, prices, subscriptions, charges, cards, events, staff acts),
 *    the webhook route, the renewal job, its account-deletion check. Added before the guards so they
 *    wrap its collections like every other.
 * 2b. revenue: the creators' pool and withdrawals, the payout rails' webhook, the daily revenue job.
 * 2c. hosting: regions, nodes, servers and their acts; the reconciler job that follows subscriptions.
 * 2d. api-v2: the Modrinth-compatible API's mounts (/v2, the OAuth provider, /v3, /updates), served
 *    by the production server's fast path and the Next route handlers; it decorates no collection.
 * 3. read-cache: a committed write drops the cached public reads it feeds.
 * 4. access-guards: token scopes, the query guard, the admin audience; document locks off.
 * 5. search: the search index follows projects and versions.
 * 5b. publishing-checklist: the checklist on a project's edit view, and a team's submission for
 *    review refused until its required items are done (after the status rule).
 * 6. moderation: the status workflow on projects (the moderation panel and the moderator's message,
 *    the moderation thread and its status-change messages, the team told of a decision — first of the
 *    project's afterChange hooks), the technical review's scanner and verdicts on version files, the
 *    review queue admin view. The review locks are a table (src/lib/moderation/locks.ts), nothing to wire.
 * 7. object-storage: uploads in S3 when configured.
 * 8. file-origin: file URLs on the separate files origin when configured.
 * 9. login-protection: sign-in and account-mail limits, sign-up only at the site.
 * 10. safe-writes: deletes authorised first; upload metadata the site's; files set aside until commit.
 * 11. doors: marks the site's own endpoints (the allowlist shuts the rest after the build, below).
 * 12. cost-limits: depth, page and join bounds on every collection read (last: it sees the final args).
 */
export const plugins: Plugin[] = [
  dbSafetyPlugin({ poolMax: env.databasePoolMax() }),
  billingPlugin(),
  revenuePlugin(), // creator revenue: the pool and withdrawals collections, the rail webhook, the daily revenue job
  hostingPlugin(), // hosted servers: regions, nodes, servers, acts; the reconciler job
  apiV2Plugin(), // the Modrinth-compatible API's mounts
  readCachePlugin(),
  accessGuardsPlugin(),
  searchPlugin(),
  publishingChecklistPlugin(),
  moderationPlugin(),
  objectStoragePlugin(),
  fileOriginPlugin(),
  loginProtectionPlugin(),
  safeWritesPlugin(),
  doorsPlugin(),
  costLimitsPlugin(),
]

/**
 * Steps that need the built config (Payload adds its own collections and endpoints while building):
 * document locks out again for the job stats global, then every unlisted door shut.
 */
export const afterBuild = (config: SanitizedConfig): SanitizedConfig => shutUnlistedDoors(withoutDocumentLocks(config))
