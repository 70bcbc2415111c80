import config from '@payload-config'
import { getPayload } from 'payload'

import { createSiteDataMonitor } from '@/lib/shell/siteData'

type TagCollection = 'categories' | 'loaders' | 'game-versions'

/** How many entries of a tag list an anonymous visitor can read (through access control, as pages do). */
const countOf = (collection: TagCollection) => async () => {
  const payload = await getPayload({ config })
  return (await payload.count({ collection, overrideAccess: false })).totalDocs
}

/**
 * One monitor per server process: the tag lists every search filter, tag label and icon is built
 * from. Their answer is remembered (minutes when fine, seconds when not), so pages rarely query.
 */
export const siteDataMonitor = createSiteDataMonitor({
  categories: countOf('categories'),
  loaders: countOf('loaders'),
  gameVersions: countOf('game-versions'),
})
