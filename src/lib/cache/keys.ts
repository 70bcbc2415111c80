/**
 * The one place that names cache keys: every cached read (`cachedRead`) is kept under one of these.
 * A key names one document in one shape — a project page's data is one entry, its `/v2` body another
 * — and carries the identifier the request used, since a read by slug finds the document before it
 * knows its id (both entries carry the same tags, so one write drops both).
 */
export const cacheKeys = {
  // Site pages (src/lib/data)
  projectPage: (idOrSlug: string) => `page:project:${idOrSlug}`,
  projectVersions: (projectId: string) => `page:versions:${projectId}`,
  projectVersion: (projectId: string, idOrNumber: string) => `page:version:${projectId}:${idOrNumber}`,
  gameVersions: 'page:game-versions',
  userPage: (idOrUsername: string) => `page:user:${idOrUsername}`,
  organizationPage: (slugOrId: string) => `page:organization:${slugOrId}`,
  searchTags: (projectType: string) => `search:tags:${projectType}`,
  // The `/v2` API (src/plugins/api-v2/handlers)
  v2Project: (idOrSlug: string) => `v2:project:${idOrSlug}`,
  v2Version: (id: string) => `v2:version:${id}`,
  v2ProjectVersions: (idOrSlug: string, query: unknown) => `v2:versions:${idOrSlug}:${JSON.stringify(query)}`,
  v2ProjectVersion: (idOrSlug: string, idOrNumber: string) => `v2:project-version:${idOrSlug}:${idOrNumber}`,
  v2User: (idOrUsername: string) => `v2:user:${idOrUsername}`,
  v2TeamMembers: (teamId: string) => `v2:team-members:${teamId}`,
  v2ProjectMembers: (idOrSlug: string) => `v2:project-members:${idOrSlug}`,
  v2Tag: (name: string) => `v2:tag:${name}`,
} as const
