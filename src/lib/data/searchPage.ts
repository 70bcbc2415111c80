import { cacheKeys, cacheTags, publicRead } from '../cache'

/**
 * A search page's data (src/components/search/load.ts), kept for everyone: results are public and the
 * same for every viewer. Dropped by any change to the search index (the `search` tag) or to a tag
 * collection; `load` answering null (search could not answer) is not kept.
 */
export const keptSearchPage = <T>(projectType: string, state: unknown, load: () => Promise<T | null>): Promise<T | null> =>
  publicRead(cacheKeys.searchPage(projectType, state), async () => {
    const value = await load()
    return value === null ? null : { value, tags: [cacheTags.search, cacheTags.tags] }
  })
