import type { Plugin } from 'payload'

import { withCacheInvalidation } from '../../collections/hooks/invalidateCache'
import { mapCollections } from '../../lib/config/appendHooks'

/** The cached public reads a write feeds are dropped once it commits (src/lib/cache; the tags per collection in the hook). */
export const readCachePlugin =
  (): Plugin =>
  (config) => ({ ...config, collections: mapCollections(config.collections, withCacheInvalidation) })
