import type { Plugin } from 'payload'

import { costLimitsPlugin } from './cost-limits'
import { doorsPlugin } from './doors'
import { fileOriginPlugin } from './file-origin'
import { loginProtectionPlugin } from './login-protection'
import { moderationPlugin } from './moderation'
import { objectStoragePlugin } from './object-storage'
import { safeWritesPlugin } from './safe-writes'
import { searchPlugin } from './search'

/**
 * Our capability plugins, in the order they apply. Each lives in `src/plugins/<name>/` and is curried:
 * `(options) => (config) => config`. Search, the v2 API, moderation, billing and hosting join here.
 */
export const plugins: Plugin[] = [searchPlugin(), moderationPlugin(), objectStoragePlugin(), fileOriginPlugin(), loginProtectionPlugin(), safeWritesPlugin(), doorsPlugin(), costLimitsPlugin()]
