import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, anyone } from '../../access/core/access'

/** Tags are public and curated by admins. */
export const tagAccess: CollectionConfig['access'] = { read: anyone, create: adminOnlyAccess, update: adminOnlyAccess, delete: adminOnlyAccess }
