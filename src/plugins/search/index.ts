import type { Config, Plugin } from 'payload'

import { withSearchHooks } from './hooks'

export type SearchPluginOptions = {
  /** Turn the index hooks off (the schema stays, so migrations do not change). */
  disabled?: boolean
}

/**
 * Search: keeps one search document per searchable project (and one per visible version) in step with
 * projects, versions, gallery, team and organization changes, inside the same transaction.
 */
export const searchPlugin =
  (options: SearchPluginOptions = {}): Plugin =>
  (config: Config): Config =>
    options.disabled ? config : { ...config, collections: (config.collections ?? []).map(withSearchHooks) }

export { searchEngineOf, enginesOf } from './engines'
export { reindexProject } from './indexer'
