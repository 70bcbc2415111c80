import type { CollectionConfig, Config, Plugin } from 'payload'

import { deleteWhere } from '../../collections/hooks/cascade'
import { scanUpload, storeFindings } from './scanUpload'
import { applyVerdict, stampVerdict } from './verdict'
import { appendHooks } from '../../lib/config/appendHooks'

export type ModerationPluginOptions = {
  /** Leave uploads unscanned (the findings collections stay, so migrations do not change). */
  scanDisabled?: boolean
}

const withHooks = (c: CollectionConfig, hooks: Parameters<typeof appendHooks>[1]['last']): CollectionConfig => appendHooks(c, { last: hooks })

/**
 * Moderation's technical review as a capability: every version file uploaded is scanned (after its
 * hashes are computed, so the staff's known-malicious list is checked too) and its findings stored
 * per file; a file's findings go with it; a verdict on a finding takes effect in the same write
 * (a malicious one quarantines the file, lists its hash and withholds the project). The collections
 * (`file-findings`, `malicious-hashes`) are declared with the others, where access and token scopes
 * wrap them; the review lock and decisions are src/lib/moderation, the status rules the Projects
 * collection's.
 */
export const moderationPlugin =
  (options: ModerationPluginOptions = {}): Plugin =>
  (config: Config): Config => ({
    ...config,
    collections: (config.collections ?? []).map((c) => {
      if (c.slug === 'version-files')
        return withHooks(c, {
          beforeChange: options.scanDisabled ? [] : [scanUpload],
          afterChange: options.scanDisabled ? [] : [storeFindings],
          beforeDelete: [({ req, id }) => deleteWhere(req, 'file-findings', { file: { equals: id } })],
        })
      if (c.slug === 'file-findings') return withHooks(c, { beforeChange: [stampVerdict], afterChange: [applyVerdict] })
      return c
    }),
  })
