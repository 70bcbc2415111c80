import type { Config, Plugin } from 'payload'

import { recoverSetAside, staticDirOf } from './files'
import { withSafeWrites } from './hooks'
import { installTransactionHooks } from './transactions'

/**
 * Writes that cannot half-happen: deletes are authorised before any hook runs, and files are
 * removed only after the database commits (put back when it rolls back).
 */
export const safeWritesPlugin =
  (): Plugin =>
  (config: Config): Config => ({
    ...config,
    collections: (config.collections ?? []).map((c) => withSafeWrites(c, staticDirOf(c))),
    onInit: async (payload) => {
      installTransactionHooks(payload)
      await config.onInit?.(payload)
      await recoverSetAside(payload).catch((err) => payload.logger.error({ err }, 'Could not recover files set aside before a crash'))
    },
  })
