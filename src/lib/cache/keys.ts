/**
 * The one place that names cache keys: every cached read (`cachedRead`) is kept under one of these.
 * A key names one document in one shape — a project page's data is one entry, its `/v2` body another.
 * A document read by a name (slug, username) is kept once, under its id; the `…Name` keys only hold
 * the id a name stands for (cachedReadByName), with the document's tags, so one write drops both.
 */
export const cacheKeys = {
  // Site pages (src/lib/data)
  projectPage: (id: string) => `page:project:${id}`,
  projectPageName: (idOrSlug: string) => `page:project-name:${idOrSlug}`,
  projectVersions: (projectId: string) => `page:versions:${projectId}`,
  projectVersion: (projectId: string, idOrNumber: string) => `page:version:${projectId}:${idOrNumber}`,
  gameVersions: 'page:game-versions',
  userPage: (id: string) => `page:user:${id}`,
  userPageName: (idOrUsername: string) => `page:user-name:${idOrUsername}`,
  organizationPage: (id: string) => `page:organization:${id}`,
  organizationPageName: (slugOrId: string) => `page:organization-name:${slugOrId}`,
  searchTags: (projectType: string) => `search:tags:${projectType}`,
  /** A search page's results, counts and vocabularies, for its type and parsed filters. */
  searchPage: (projectType: string, state: unknown) => `search:page:${projectType}:${JSON.stringify(state)}`,
  homeLists: 'page:home',
  // The `/v2` API (src/plugins/api-v2/handlers)
  v2Project: (id: string) => `v2:project:${id}`,
  v2ProjectName: (idOrSlug: string) => `v2:project-name:${idOrSlug}`,
  v2Version: (id: string) => `v2:version:${id}`,
  v2ProjectVersions: (idOrSlug: string, query: unknown) => `v2:versions:${idOrSlug}:${JSON.stringify(query)}`,
  v2ProjectVersion: (idOrSlug: string, idOrNumber: string) => `v2:project-version:${idOrSlug}:${idOrNumber}`,
  v2User: (id: string) => `v2:user:${id}`,
  v2UserName: (idOrUsername: string) => `v2:user-name:${idOrUsername}`,
  v2TeamMembers: (teamId: string) => `v2:team-members:${teamId}`,
  v2ProjectMembers: (idOrSlug: string) => `v2:project-members:${idOrSlug}`,
  v2Tag: (name: string) => `v2:tag:${name}`,
} as const
