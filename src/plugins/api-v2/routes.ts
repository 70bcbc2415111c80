import type { RouteDef } from './http/route'
import { accountRoutes } from './handlers/account'
import { docsRoutes } from './handlers/docs'
import { notificationRoutes } from './handlers/notifications'
import { reportRoutes } from './handlers/reports'
import { projectWriteRoutes } from './handlers/project-writes'
import { projectRoutes } from './handlers/projects'
import { statistics } from './handlers/statistics'
import { tagRoutes } from './handlers/tags'
import { teamWriteRoutes } from './handlers/team-writes'
import { teamRoutes } from './handlers/teams'
import { userRoutes } from './handlers/users'
import { versionFileRoutes } from './handlers/version-files'
import { versionWriteRoutes } from './handlers/version-writes'
import { versionRoutes } from './handlers/versions'
import { searchRoute } from '../search/api-v2'

/** Every route of `/v2`. Order does not matter: the router prefers literal segments. */
export const v2Routes: RouteDef[] = [
  ...projectRoutes,
  ...projectWriteRoutes,
  ...versionRoutes,
  ...versionWriteRoutes,
  ...versionFileRoutes,
  ...userRoutes,
  ...teamRoutes,
  ...teamWriteRoutes,
  ...tagRoutes,
  statistics,
  ...docsRoutes,
  ...accountRoutes,
  ...notificationRoutes,
  ...reportRoutes,

  // GET /search: served by the search plugin's engine.
  searchRoute,
]
