import type { Plugin } from 'payload'

import { trackCommits } from '../../lib/db/afterCommit'
import { mergeSessionWrites } from '../../lib/db/sessionWrites'
import { gateTransactions } from '../../lib/db/transactionGate'

/**
 * Wrappers around the database adapter. Outermost: a commit's follow-up work (cache invalidation)
 * runs once the gate has let it finish. Then the gate: at most `poolMax - 2` transactions at once,
 * so reads always find a connection. Innermost: sessions written at the same moment are merged,
 * not overwritten.
 */
export const dbSafetyPlugin =
  ({ poolMax }: { poolMax: number }): Plugin =>
  (config) => ({ ...config, db: trackCommits(gateTransactions(mergeSessionWrites(config.db), poolMax)) })
