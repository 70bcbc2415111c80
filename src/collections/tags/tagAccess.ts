import type { CollectionConfig } from 'payload'

import { adminOnly, anyone } from '../../access/common'

/** Tags are public and curated by admins. */
export const tagAccess: CollectionConfig['access'] = { read: anyone, create: adminOnly, update: adminOnly, delete: adminOnly }
export const PROJECT_TYPES = ['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack'] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]
