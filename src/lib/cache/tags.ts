/**
 * The one place that names cache tags. A cached read is labelled with the tags of every document it
 * read; a committed write invalidates the tags of what it changed (src/collections/hooks/invalidateCache.ts).
 *
 * - `project:{id}`   the project and everything shown as part of it: its versions, files, gallery
 *                    and icon images, dependencies, followers and download counts;
 * - `team:{id}`      a team's members (who, role, order);
 * - `user:{id}`      a user's public profile (name, avatar, bio, badges, public collections), shown
 *                    in member lists;
 * - `organization:{id}` an organization's page and the projects it names;
 * - `search`         what the search index answers (results, facet counts, the home page's lists):
 *                    any change to the index announces it (src/plugins/search/indexer.ts, the
 *                    download counter — throttled — and the trending job);
 * - `news`           the published news articles (the home page's latest);
 * - `tags`           every tag collection (categories, loaders, game versions, licenses, …): they
 *                    change rarely and are read together, so one tag covers them all.
 *
 * A list (a profile's projects) is labelled with its owner's teams and organizations too: a project
 * joining or leaving one announces the team or organization it moved from and to.
 */
export const cacheTags = {
  project: (id: string) => `project:${id}`,
  team: (id: string) => `team:${id}`,
  user: (id: string) => `user:${id}`,
  organization: (id: string) => `organization:${id}`,
  tags: 'tags',
  search: 'search',
  news: 'news',
} as const

/** The tag collections (`tags` covers them all). */
export const TAG_COLLECTIONS = ['categories', 'loaders', 'game-versions', 'licenses', 'donation-platforms', 'report-types'] as const
