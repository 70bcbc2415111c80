import type { z } from 'zod'

import type { Category, DonationPlatform, GameVersion, License, Loader } from '../../../payload-types'
import type { CategoryTag, DonationPlatformTag, GameVersionTag, LicenseTag, LoaderTag } from '../schemas/tags'
import { iso } from './common'

export const toCategoryTag = (c: Category): z.infer<typeof CategoryTag> => ({ icon: c.icon ?? '', name: c.name, project_type: c.projectType, header: c.header })

/**
 * As labrinth's v2 loader list: every loader also supports "project" (a project before it has
 * versions), the mod loaders support modpacks, and data pack / plugin loaders also "mod" (v2 reports
 * those projects as mods).
 */
export function toLoaderTag(l: Loader): z.infer<typeof LoaderTag> {
  const types: string[] = [...l.supportedProjectTypes, 'project']
  if (['forge', 'fabric', 'quilt', 'neoforge'].includes(l.id)) types.push('modpack')
  if (types.includes('datapack') || types.includes('plugin')) types.push('mod')
  return { icon: l.icon ?? '', name: l.id, supported_project_types: [...new Set(types)] }
}

export const toGameVersionTag = (g: GameVersion): z.infer<typeof GameVersionTag> => ({ version: g.id, version_type: g.versionType, date: iso(g.date)!, major: !!g.major })
export const toLicenseTag = (l: License): z.infer<typeof LicenseTag> => ({ short: l.id, name: l.name })
export const toDonationPlatformTag = (d: DonationPlatform): z.infer<typeof DonationPlatformTag> => ({ short: d.id, name: d.name })
