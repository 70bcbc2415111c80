import type { Plugin, TaskConfig } from 'payload'

import { RELEASE_QUEUE } from '../../jobs/queues'
import { env } from '../../lib/env'
import { HostingNodes, HostingRegions } from './collections/places'
import { ServerBackups } from './collections/backups'
import { ServerNoticeDismissals, ServerNotices } from './collections/notices'
import { ServerActs, Servers } from './collections/servers'
import { runBackupDuties } from './service/autoBackups'
import { autoRestartCrashed } from './service/autoRestart'
import { reconcile } from './service/provision'

/**
 * Hosted game servers (issue 31, spec §2 "Servers"): regions and the nodes that serve them, servers
 * bought as billing subscriptions, and the reconciler that makes each server follow its
 * subscription (placed and installed when paid, suspended when perks end, resumed when paid again)
 * and its node. The game runs on a node agent (src/agent), which the site calls with signed
 * requests. Pages live under src/app/(frontend)/servers; their reads and actions call ./service.
 */
export const HOSTING_COLLECTIONS = [HostingRegions, HostingNodes, Servers, ServerActs, ServerNotices, ServerNoticeDismissals, ServerBackups]

const reconcileTask: TaskConfig<'hostingReconcile'> = {
  slug: 'hostingReconcile',
  label: 'Place paid servers, follow installs, suspend and resume servers with their subscriptions, make automated backups',
  retries: 0, // the next run finds what this one left
  schedule: [{ cron: env.hostingCron(), queue: RELEASE_QUEUE }],
  handler: async ({ req }) => {
    const changed = await reconcile(req.payload)
    if (changed) req.payload.logger.info({ msg: 'Hosting reconciled', changed })
    await autoRestartCrashed(req.payload) // "Restart when it crashes" (a server's preferences)
    const backups = await runBackupDuties(req.payload) // open backups followed, automated ones made when due
    if (backups) req.payload.logger.info({ msg: 'Automated backups started', backups })
    return { output: {} }
  },
}

export const hostingPlugin =
  (): Plugin =>
  (config) => ({
    ...config,
    // Wrapped by the access guards like every collection (src/plugins/index.ts).
    collections: [...(config.collections ?? []), ...HOSTING_COLLECTIONS],
    jobs: { ...config.jobs, tasks: [...(config.jobs?.tasks ?? []), reconcileTask as unknown as TaskConfig] },
  })
