import type { Plugin } from 'payload'

import { withAdminAudience } from '../../access/adminPanel'
import { withQueryGuard } from '../../access/queryGuard'
import { withTokenScopes } from '../../access/tokens'
import { mapCollections } from '../../lib/config/appendHooks'

/**
 * The access guards every collection gets (src/access): token scopes bind on its access, queries
 * are kept to what the caller can read, and the admin panel shows it to its audience only. Document
 * locks stay off (Payload's lock collection let any signed-in user lock anyone's document). The
 * operations allowlist (src/plugins/doors) and the delete-first check (src/plugins/safe-writes) are
 * their own plugins, later in src/plugins/index.ts.
 */
export const accessGuardsPlugin =
  (): Plugin =>
  (config) => ({
    ...config,
    collections: mapCollections(config.collections, (c) => ({ ...withAdminAudience(withQueryGuard(withTokenScopes(c))), lockDocuments: false })),
  })
